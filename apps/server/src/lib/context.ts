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

/** The 429 every budget answers, with Retry-After when the window resets. */
export function rateLimited(resetMs: number, message = 'Too many requests, please try again later'): AppError {
  return new AppError('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)) });
}

/** A budget's max once RATE_LIMIT_FACTOR is applied. */
const scaled = (ctx: AppContext, max: number) => Math.ceil(max * ctx.config.RATE_LIMIT_FACTOR);

/**
 * Reads a failure budget without counting (failures are counted with `ctx.limiter.hit` only when they
 * happen): whether it is spent, and when its window resets.
 */
export async function peekBudget(ctx: AppContext, key: string, max: number): Promise<{ spent: boolean; resetMs: number }> {
  const { count, resetMs } = await ctx.limiter.peek(key);
  return { spent: count >= scaled(ctx, max), resetMs };
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
  if (count > scaled(ctx, max)) throw rateLimited(resetMs);
}
