// Fixed-window counters for abuse budgets: in memory, or in Redis when several API processes share them.
import { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface Limiter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  const sweep = () => {
    // Bounded memory: drop expired windows every 1,000 hits.
    if (++sweeps % 1000 !== 0) return;
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  };
  return {
    async hit(key, windowMs) {
      sweep();
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - t };
    },
    async peek(key) {
      const t = now();
      const w = windows.get(key);
      return !w || w.resetAt <= t ? { count: 0, resetMs: 0 } : { count: w.count, resetMs: w.resetAt - t };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisLimiter(url: string): Limiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const prefix = 'og:rl:';
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(k)
        .pttl(k)
        .exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return { count, resetMs: ttl < 0 ? windowMs : ttl };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
