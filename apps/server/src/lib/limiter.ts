// Fixed-window counters for abuse budgets, on rate-limiter-flexible: in memory, or in Redis when several API
// processes share them (docs/decisions/016-budgets-on-rate-limiter-flexible.md). Every count is one atomic
// step (a Lua script on Redis), so concurrent attempts each see their own count.
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A counter's identity: its name (the key prefix) and how long its window lasts from the first hit. */
export interface Window {
  name: string;
  windowMs: number;
}

export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface Limiter {
  /** Counts one attempt; the answer includes it. */
  hit(window: Window, key: string): Promise<WindowCount>;
  /** Reads the count without counting. */
  peek(window: Window, key: string): Promise<WindowCount>;
  /** Takes back one counted attempt (one that turned out not to be a failure, or was never let through). */
  giveBack(window: Window, key: string): Promise<void>;
  reset(window: Window, key: string): Promise<void>;
  /**
   * A marker that outlives any budget window (an address an account signed in from, for 30 days): set anew
   * each time, read as present or not.
   */
  remember(name: string, key: string, ttlMs: number): Promise<void>;
  remembers(name: string, key: string): Promise<boolean>;
  close(): Promise<void>;
}

const PREFIX = 'og:rl:';

/** One rate-limiter-flexible instance per counter name (its key prefix), built on first use. */
function counters(build: (keyPrefix: string, durationSec: number) => RateLimiterAbstract) {
  const byName = new Map<string, { windowMs: number; limiter: RateLimiterAbstract }>();
  const of = ({ name, windowMs }: Window) => {
    let entry = byName.get(name);
    if (!entry) byName.set(name, (entry = { windowMs, limiter: build(`${PREFIX}${name}`, Math.max(1, Math.ceil(windowMs / 1000))) }));
    // A name is one budget: a second window under it would silently count in the first one's.
    if (entry.windowMs !== windowMs) throw new Error(`Budget ${name} is already counted over ${entry.windowMs} ms, not ${windowMs} ms`);
    return entry.limiter;
  };
  return {
    async hit(window: Window, key: string) {
      // penalty: counts without refusing; the caller compares with the budget (scaled by RATE_LIMIT_FACTOR).
      const res = await of(window).penalty(key, 1);
      return { count: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) };
    },
    async peek(window: Window, key: string) {
      const res = await of(window).get(key);
      return res && res.consumedPoints > 0 ? { count: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) } : { count: 0, resetMs: 0 };
    },
    async giveBack(window: Window, key: string) {
      await of(window).reward(key, 1);
    },
    async reset(window: Window, key: string) {
      await of(window).delete(key);
    },
  };
}

export function createMemoryLimiter(): Limiter {
  // rate-limiter-flexible's memory store expires keys with setTimeout, which cannot wait past 2^31 ms (24.8 days):
  // a 30-day key would be gone after 1 ms. The markers (30 days) keep their own expiry instead.
  const markers = new Map<string, number>();
  let sweeps = 0;
  return {
    ...counters((keyPrefix, duration) => new RateLimiterMemory({ keyPrefix, duration, points: 1 })),
    async remember(name, key, ttlMs) {
      // Bounded memory: drop expired markers every 1,000 writes.
      if (++sweeps % 1000 === 0) for (const [k, until] of markers) if (until <= Date.now()) markers.delete(k);
      markers.set(`${name}:${key}`, Date.now() + ttlMs);
    },
    async remembers(name, key) {
      return (markers.get(`${name}:${key}`) ?? 0) > Date.now();
    },
    async close() {
      markers.clear();
    },
  };
}

/** `prefix` keeps tests sharing one Redis apart; a deployment keeps the default. */
export function createRedisLimiter(url: string, prefix = ''): Limiter {
  // Loaded only when Redis is configured: a process without REDIS_URL never pays for the client at start-up (decision 034).
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    ...counters(
      (keyPrefix, duration) => new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}${keyPrefix}`, duration, points: 1 }),
    ),
    async remember(name, key, ttlMs) {
      await redis.set(`${prefix}${PREFIX}${name}:${key}`, '1', 'PX', ttlMs);
    },
    async remembers(name, key) {
      return (await redis.exists(`${prefix}${PREFIX}${name}:${key}`)) === 1;
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
