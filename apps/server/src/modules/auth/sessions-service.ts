// The caller's own sessions: where they are signed in, and signing out one of them or all the others.
// Only ever the caller's: every query is keyed by the caller's user id as well as the session id.
import type { SessionInfo } from '@olden/contracts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { createSessionsRepository } from './repository.ts';

export function createSessionsService(ctx: AppContext) {
  const repo = createSessionsRepository(ctx.db);

  return {
    /** Live sessions only (within both limits), newest sign-in first; `current` is the one the token names. */
    async list(caller: AuthUser): Promise<SessionInfo[]> {
      const rows = await repo.listLiveForUser(caller.id, new Date());
      return rows.map((s) => ({
        _id: s.id,
        current: s.id === caller.sessionId,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        userAgent: s.userAgent,
      }));
    },

    /**
     * Ends one of the caller's sessions; its tokens and cookie stop working at once. Another user's
     * session is "not found" like an unknown one, so ids cannot be probed. Returns whether it was the current one.
     */
    async end(caller: AuthUser, id: string): Promise<{ current: boolean }> {
      if (!isId(id)) throw notFound('Session');
      if ((await repo.deleteOwn(caller.id, id)) === 0) throw notFound('Session');
      return { current: id === caller.sessionId };
    },

    /** "Sign out everywhere else": every session of the caller but the current one. Returns how many ended. */
    endOthers: (caller: AuthUser) => repo.deleteForUserExcept(caller.id, caller.sessionId),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
