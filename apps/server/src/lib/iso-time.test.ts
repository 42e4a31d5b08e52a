// The hand-made ISO text must be V8's, for every time, or V8's own.
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.ts';

/** A deterministic stream of numbers in [0, 1) (mulberry32), so a failure names a case that comes again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('isoTime', () => {
  it('writes what toISOString writes, over a million random instants and the edges', () => {
    const next = random(7);
    const edges = [0, -1, 1, Date.UTC(2000, 1, 29), Date.UTC(1900, 1, 28, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1];
    const zero = new Date(0).setUTCFullYear(0, 0, 1);
    edges.push(zero, zero - 1, new Date(0).setUTCFullYear(999, 5, 6), new Date(0).setUTCFullYear(99, 0, 1), 8.64e15, -8.64e15);
    for (const time of edges) expect(isoTime(new Date(time)), String(time)).toBe(new Date(time).toISOString());
    for (let i = 0; i < 1_000_000; i++) {
      // Years 0 to 9999 and a few beyond either end.
      const time = Math.floor((next() * 1.1 - 0.05) * (Date.UTC(9999, 11, 31) - zero)) + zero;
      const date = new Date(time);
      if (isoTime(date) !== date.toISOString()) expect(isoTime(date), String(time)).toBe(date.toISOString());
    }
  });

  it('throws toISOString\'s RangeError for an invalid date', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
