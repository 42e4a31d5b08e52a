// Limits for new accounts (docs/product.md#limits-for-new-accounts): an account younger than NEW_ACCOUNT_HOURS, or
// whose email is unverified, may post NEW_ACCOUNT_LIMITS listings, buy requests and messages a day. The listings,
// buy-requests and messages services ask `enforce` before they write.
import type { AppContext } from '../../lib/context.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { AppError } from '../../lib/errors.ts';
import type { UsersService } from './service.ts';

export type NewAccountKind = 'listings' | 'requests' | 'messages';

const DAY_MS = 24 * 60 * 60 * 1000;

const WHAT: Record<NewAccountKind, (n: number) => string> = {
  listings: (n) => `list at most ${n} ${n === 1 ? 'item' : 'items'}`,
  requests: (n) => `send at most ${n} buy ${n === 1 ? 'request' : 'requests'}`,
  messages: (n) => `send at most ${n} ${n === 1 ? 'message' : 'messages'}`,
};

const VERIFY = 'verify your email address (open the link we mailed you, or ask for a new one on your profile)';

/** What lifts the limit for this account: its age, its email, or both. */
function liftedBy(oldEnoughAt: Date, isOld: boolean, isVerified: boolean, hours: number): string {
  const age = `your account is ${hours} hours old (${oldEnoughAt.toISOString().replace(/\.\d{3}Z$/, 'Z')})`;
  if (!isOld && !isVerified) return `The limit ends once ${age} and you ${VERIFY}.`;
  if (!isOld) return `The limit ends when ${age}.`;
  return `The limit ends once you ${VERIFY}.`;
}

export function createNewAccountLimits(ctx: AppContext, deps: { users: Pick<UsersService, 'findById'> }) {
  const { NEW_ACCOUNT_HOURS: hours, NEW_ACCOUNT_LIMITS: limits, RATE_LIMIT_FACTOR: factor } = ctx.config;
  return {
    /**
     * Counts one `kind` for the caller and refuses it (429 NEW_ACCOUNT_LIMIT, saying what lifts the limit) past the
     * day's limit while the account is new. Counted for every account, so an established one never waits for a read
     * of its row; the row is read only past the limit. Scales with RATE_LIMIT_FACTOR, as every budget does.
     */
    async enforce(caller: AuthUser, kind: NewAccountKind): Promise<void> {
      const max = Math.ceil(limits[kind] * factor);
      const window = { name: `new-account-${kind}`, windowMs: DAY_MS };
      const { count, resetMs } = await ctx.limiter.hit(window, caller.id);
      if (count <= max) return;
      const user = await deps.users.findById(caller.id);
      if (!user) return;
      const oldEnoughAt = new Date(user.createdAt.getTime() + hours * 60 * 60 * 1000);
      const isOld = oldEnoughAt.getTime() <= Date.now();
      if (isOld && user.emailVerified) return;
      // A refused attempt wrote nothing: it does not count.
      await ctx.limiter.giveBack(window, caller.id);
      const moreAt = new Date(Date.now() + resetMs);
      throw new AppError(
        'NEW_ACCOUNT_LIMIT',
        `New accounts can ${WHAT[kind](max)} a day; you can again after ${moreAt.toISOString().replace(/\.\d{3}Z$/, 'Z')}. ${liftedBy(oldEnoughAt, isOld, user.emailVerified, hours)}`,
        { retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)) },
      );
    },
  };
}
export type NewAccountLimits = ReturnType<typeof createNewAccountLimits>;
