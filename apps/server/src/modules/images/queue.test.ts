import { describe, expect, it } from 'vitest';
import { createFairQueue } from './queue.ts';

/** A job that ends when the test says so. */
function controllable() {
  const jobs = new Map<string, () => void>();
  const started: string[] = [];
  const job = (label: string) => () =>
    new Promise<string>((resolve) => {
      started.push(label);
      jobs.set(label, () => resolve(label));
    });
  const finish = async (label: string) => {
    jobs.get(label)!();
    await new Promise((r) => setImmediate(r));
  };
  return { job, finish, started };
}

describe('fair upload queue', () => {
  it('at most two at once, one per user, users taking turns', async () => {
    const queue = createFairQueue(2);
    const { job, finish, started } = controllable();
    const done: string[] = [];
    const runs = [
      ...Array.from({ length: 6 }, (_, i) => queue.run('a', job(`A${i}`)).then((l) => done.push(l))),
      queue.run('b', job('B0')).then((l) => done.push(l)),
      queue.run('c', job('C0')).then((l) => done.push(l)),
    ];
    await new Promise((r) => setImmediate(r));
    // A has six waiting, but only one decodes; B takes the second slot.
    expect(started).toEqual(['A0', 'B0']);
    expect(queue.waiting('a')).toBe(5);
    await finish('B0');
    expect(done).toEqual(['B0']);
    // C's turn comes before A's second.
    expect(started).toEqual(['A0', 'B0', 'C0']);
    await finish('A0');
    expect(started.at(-1)).toBe('A1');
    await finish('C0');
    // Nobody else waits: A may not run two at once, so one slot stays free.
    expect(queue.active()).toBe(1);
    for (let i = 1; i < 6; i++) await finish(`A${i}`);
    await Promise.all(runs);
    expect(done).toEqual(['B0', 'A0', 'C0', 'A1', 'A2', 'A3', 'A4', 'A5']);
    expect(queue.active()).toBe(0);
    expect(queue.waiting()).toBe(0);
  });

  it('a failing job frees its slot', async () => {
    const queue = createFairQueue(1);
    await expect(queue.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });
});
