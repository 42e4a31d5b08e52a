import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads.ts';

/** A read that counts its runs and answers with the run's number. */
function countedRead() {
  let runs = 0;
  return { read: async () => ++runs, runs: () => runs };
}

describe('sharedReads', () => {
  it('runs one read for identical keys asked in the same turn, and all of them get its answer', async () => {
    const share = sharedReads<number>();
    const { read, runs } = countedRead();
    const answers = await Promise.all([share('a', read), share('a', read), share('a', read)]);
    expect(answers).toEqual([1, 1, 1]);
    expect(runs()).toBe(1);
  });

  it('never shares between different keys', async () => {
    const share = sharedReads<string>();
    const answers = await Promise.all([share('a', async () => 'A'), share('b', async () => 'B'), share('a', async () => 'A2')]);
    expect(answers).toEqual(['A', 'B', 'A']);
  });

  it('does not join a read that has begun: a caller asking during it gets a read of its own, begun after it asked', async () => {
    const share = sharedReads<number>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = share('a', async () => {
      const run = ++runs;
      await gate;
      return run;
    });
    await nextTurn(); // the first read has begun and waits on the gate
    expect(runs).toBe(1);
    const second = share('a', async () => ++runs);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
  });

  it('keeps nothing after a read: a later caller reads again', async () => {
    const share = sharedReads<number>();
    const { read, runs } = countedRead();
    expect(await share('a', read)).toBe(1);
    expect(await share('a', read)).toBe(2);
    expect(runs()).toBe(2);
  });

  it('gives every caller of a failed read its error, and the next turn reads again', async () => {
    const share = sharedReads<number>();
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('database away');
    };
    const results = await Promise.allSettled([share('a', failing), share('a', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await share('a', async () => 7)).toBe(7);
  });
});
