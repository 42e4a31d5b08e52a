import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { addressKey } from './client-address.ts';
import type { Jobs } from './jobs.ts';
import type { Limiter, Window } from './limiter.ts';
import { AppError } from './errors.ts';

/** What every module's service is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  limiter: Limiter;
  log: FastifyBaseLogger;
  /** Durable background work (lib/jobs.ts). */
  jobs: Jobs;
}

/** The 429 every budget answers, with Retry-After when the window resets. */
export function rateLimited(resetMs: number, message = 'Too many requests, please try again later'): AppError {
  return new AppError('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)) });
}

/** A budget's max once RATE_LIMIT_FACTOR is applied. */
const scaled = (ctx: AppContext, max: number) => Math.ceil(max * ctx.config.RATE_LIMIT_FACTOR);

/** A named budget: at most `max` (times RATE_LIMIT_FACTOR) per window. */
export interface Budget extends Window {
  max: number;
}

/**
 * Counts one attempt against a budget before the work it guards, in one atomic step, and answers whether it
 * is within the budget. Concurrent attempts each get their own count, so no more than the budget run at once;
 * a refused attempt is given back at once (it ran nothing), and a caller gives back an attempt that succeeded
 * when only failures count.
 */
export async function claimAttempt(ctx: AppContext, budget: Budget, key: string): Promise<{ allowed: boolean; resetMs: number }> {
  const { count, resetMs } = await ctx.limiter.hit(budget, key);
  const allowed = count <= scaled(ctx, budget.max);
  if (!allowed) await ctx.limiter.giveBack(budget, key);
  return { allowed, resetMs };
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
  const { count, resetMs } = await ctx.limiter.hit({ name, windowMs }, key);
  if (count > scaled(ctx, max)) throw rateLimited(resetMs);
}

/** A budget per client address: IPv6 addresses of one /64 share it (lib/client-address.ts). */
export function enforceAddressBudget(ctx: AppContext, name: string, ip: string, max: number, windowMs: number): Promise<void> {
  return enforceBudget(ctx, name, addressKey(ip), max, windowMs);
}
