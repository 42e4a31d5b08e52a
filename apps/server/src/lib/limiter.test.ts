import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLimiter, type Limiter } from './limiter.ts';

describe('the in-memory limiter', () => {
  let limiter: Limiter;
  afterEach(async () => {
    await limiter.close();
  });

  it('counts, peeks without counting, gives back and resets', async () => {
    limiter = createMemoryLimiter();
    const w = { name: 'unit', windowMs: 60_000 };
    expect((await limiter.hit(w, 'k')).count).toBe(1);
    const second = await limiter.hit(w, 'k');
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(58_000);
    expect((await limiter.peek(w, 'k')).count).toBe(2);
    await limiter.giveBack(w, 'k');
    expect((await limiter.peek(w, 'k')).count).toBe(1);
    await limiter.reset(w, 'k');
    expect(await limiter.peek(w, 'k')).toEqual({ count: 0, resetMs: 0 });
    // Another budget name is another counter.
    expect((await limiter.hit({ name: 'other', windowMs: 60_000 }, 'k')).count).toBe(1);
  });

  it('a marker of 30 days outlives the 24.8 days a timer can wait', async () => {
    limiter = createMemoryLimiter();
    await limiter.remember('known', 'k', 30 * 24 * 60 * 60 * 1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await limiter.remembers('known', 'k')).toBe(true);
    expect(await limiter.remembers('known', 'other')).toBe(false);
  });

  it('one name is one budget: a second window under it is a programming error', async () => {
    limiter = createMemoryLimiter();
    await limiter.hit({ name: 'unit', windowMs: 60_000 }, 'k');
    await expect(limiter.hit({ name: 'unit', windowMs: 1000 }, 'k')).rejects.toThrow(/already counted/);
  });
});
