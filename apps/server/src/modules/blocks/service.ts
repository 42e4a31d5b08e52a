// Blocking (docs/product.md#blocking): a block works both ways. The rule other modules ask: `assertNotBlocked`
// (a message; an offer), `assertNotBlockedIn(tx)` (a buy request, inside its transaction), and `hiddenUsersFor`
// (whose listings a viewer's lists leave out: the timeline, categories, search; similar listings and alerts should
// pass the same ids as ListFilter.hiddenSellers).
import { BLOCKS_MAX, type BlockedUser } from '@olden/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import { CREATED_AT_CURSOR, keysetPage, type Page, type PageRequest } from '../../lib/pagination.ts';
import type { UsersService } from '../users/service.ts';
import { blockedBetween, type BlockedUserRow, createBlocksRepository, deleteBlocksOf, lockPair } from './repository.ts';

/** Blocks and unblocks one user may make per hour (RATE_LIMIT_FACTOR scales it). */
export const BLOCK_BUDGET = { max: 120, windowMs: 60 * 60 * 1000 };

/**
 * What a new block does to the two users' open business, in the block's transaction `tx` (their pending buy requests
 * are cancelled: the buyer-requests module's cancelOnBlock, wired in app.ts); answers what to do once it committed.
 */
export type OnBlocked = (tx: Db, blockerId: string, blockedId: string) => Promise<() => void>;

/** The one answer whoever blocked whom, so a blocked user cannot tell they are. */
export const blocked = () => new AppError('BLOCKED', 'You cannot contact this user');

/** A blocked user as the list answers them, the photo named where it is served (lib/image-urls.ts). */
export function toBlockedUser(row: BlockedUserRow, urls: ImageUrlConfig): BlockedUser {
  return { userId: row.id, name: row.name, photoURL: absoluteImageUrl(row.photoUrl, urls), blockedAt: row.createdAt.toISOString() };
}

export function createBlocksService(ctx: AppContext, deps: { users: Pick<UsersService, 'findById'>; onBlocked: OnBlocked }) {
  const repo = createBlocksRepository(ctx.db);

  /** The user a path names, or 404 (also for a malformed id). */
  async function target(userId: string) {
    const user = isId(userId) ? await deps.users.findById(userId) : undefined;
    if (!user) throw notFound('User');
    return user;
  }

  return {
    /**
     * Deleting an account (lib/account-lifecycle.ts): its blocks go, both ways (a tombstone neither sends nor lists).
     * The export: the users the account blocked, by name only; never who blocked it (they are not told).
     */
    accountPart(): AccountPart {
      return {
        module: 'blocks',
        tables: ['user_blocks'],
        onDelete: async (tx, userId) => {
          await deleteBlocksOf(tx, userId);
        },
        exportFor: async (userId) => ({
          blocked: (await repo.list(userId, BLOCKS_MAX)).map((row) => ({ name: row.name, blockedAt: row.createdAt.toISOString() })),
        }),
      };
    },

    /**
     * Blocks `userId` for the caller (again is no error): pending requests between the two are cancelled in the
     * same transaction; accepted trades, history and reviews stay. The blocked user is not told.
     */
    async block(caller: AuthUser, userId: string): Promise<BlockedUser> {
      if (userId === caller.id) throw new AppError('CANNOT_BLOCK_SELF', 'You cannot block yourself');
      const user = await target(userId);
      await enforceBudget(ctx, 'block', caller.id, BLOCK_BUDGET.max, BLOCK_BUDGET.windowMs);
      const { createdAt, tell } = await repo.transaction(async (tx) => {
        await lockPair(tx, caller.id, user.id);
        const made = await repo.insert(tx, caller.id, user.id);
        if (!made.isNew) return { createdAt: made.createdAt, tell: undefined };
        // Counted after the insert, in its transaction: a refusal rolls the insert back.
        if ((await repo.countBy(tx, caller.id)) > BLOCKS_MAX) {
          throw new AppError('BLOCK_LIMIT', `You can block at most ${BLOCKS_MAX} users: unblock someone first`);
        }
        return { createdAt: made.createdAt, tell: await deps.onBlocked(tx, caller.id, user.id) };
      });
      tell?.();
      return toBlockedUser({ id: user.id, name: user.name, photoUrl: user.photoUrl, createdAt }, ctx.config);
    },

    /** Lifts the caller's block of `userId` (none is no error: deletedCount 0); a block by the other user stays. */
    async unblock(caller: AuthUser, userId: string): Promise<{ acknowledged: true; deletedCount: number }> {
      const user = await target(userId);
      await enforceBudget(ctx, 'block', caller.id, BLOCK_BUDGET.max, BLOCK_BUDGET.windowMs);
      return { acknowledged: true, deletedCount: await repo.delete(caller.id, user.id) };
    },

    /** The users the caller blocked, newest first (not those who blocked the caller: they are not told). */
    async list(caller: AuthUser, page: PageRequest): Promise<Page<BlockedUser>> {
      const rows = await keysetPage(CREATED_AT_CURSOR, page).fetch((after, limit) => repo.list(caller.id, limit, after));
      return { rows: rows.rows.map((row) => toBlockedUser(row, ctx.config)), nextCursor: rows.nextCursor };
    },

    /** 403 BLOCKED when either of the two blocked the other (a message, an offer). */
    async assertNotBlocked(a: string, b: string): Promise<void> {
      if (await repo.blockedBetween(a, b)) throw blocked();
    },

    /**
     * The same inside another module's transaction `tx` (a buy request): takes the pair's lock first, so a block
     * committing meanwhile either is seen here or sees (and cancels) what this transaction writes.
     */
    async assertNotBlockedIn(tx: Db, a: string, b: string): Promise<void> {
      await lockPair(tx, a, b);
      if (await blockedBetween(tx, a, b)) throw blocked();
    },

    /** The users whose listings `viewerId`'s lists leave out: those they blocked and those who blocked them. */
    hiddenUsersFor: (viewerId: string): Promise<string[]> => repo.hiddenFor(viewerId),
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;
