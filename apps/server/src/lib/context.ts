import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Limiter } from './limiter.ts';
import { AppError } from './errors.ts';

/** What every module's service is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  limiter: Limiter;
  log: FastifyBaseLogger;
}

/**
 * Counts one hit against an abuse budget and throws 429 (with Retry-After) past it.
 * Budgets scale with RATE_LIMIT_FACTOR.
 */
export async function enforceBudget(
  ctx: AppContext,
  name: string,
  key: string,
  max: number,
  windowMs: number,
): Promise<void> {
  const { count, resetMs } = await ctx.limiter.hit(`${name}:${key}`, windowMs);
  if (count > Math.ceil(max * ctx.config.RATE_LIMIT_FACTOR)) {
    throw new AppError('RATE_LIMITED', 'Too many requests, please try again later', {
      retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
    });
  }
}
