import { type CreateUserBody, canBanUser, DEFAULT_AVATAR_URL, Email, isAdminUser, sameEmail, type UpdateProfileBody, type User } from '@olden/contracts';
import { type AccountPart, DELETED_USER_NAME, deletedEmail } from '../../lib/account-lifecycle.ts';
import type { AppContext } from '../../lib/context.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { AppError, notFound, notYours } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { CREATED_AT_CURSOR, keysetPage, type Page, type PageRequest } from '../../lib/pagination.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { Db } from '../../db/client.ts';
import { createUsersRepository, lockForDeletion, type NewUserRow, setEmail, tombstone, type UserRow } from './repository.ts';

/** A user as the API answers them, the photo named where it is served (lib/image-urls.ts). */
export function toUser(row: UserRow, urls: ImageUrlConfig): User {
  return { _id: row.id, name: row.name, email: row.email, photoURL: absoluteImageUrl(row.photoUrl, urls), role: row.role, emailVerified: row.emailVerified };
}

export function createUsersService(ctx: AppContext) {
  const repo = createUsersRepository(ctx.db);
  const baseRepo = repo;
  const adminEmails = new Set(ctx.config.ADMIN_EMAILS);
  // ADMIN_EMAILS names mailboxes, so only an account that proved it holds one becomes admin.
  const initialRole = (email: string, verified: boolean) => (verified && adminEmails.has(email) ? 'admin' : 'user') as 'admin' | 'user';

  // Compared as every email is (sameEmail), whatever case the configuration was written in.
  const isConfiguredAdmin = (email: string) => ctx.config.ADMIN_EMAILS.some((listed) => sameEmail(listed, email));
  const protectedAdmin = () =>
    new AppError('PROTECTED_ADMIN', "This admin is configured by the server's ADMIN_EMAILS; only a change there removes them");

  /** After the email was proven: admin when ADMIN_EMAILS lists it (an existing admin stays one). */
  async function promoteIfListed(row: UserRow): Promise<UserRow> {
    if (row.role === 'admin' || !row.emailVerified || !adminEmails.has(row.email)) return row;
    await repo.promote(row.id);
    return { ...row, role: 'admin' };
  }

  return {
    findById: (id: string) => repo.findById(id),
    findByIds: (ids: readonly string[]) => repo.findByIds(ids),
    findByEmail: (email: string) => repo.findByEmail(email),
    findByOidcSubject: (subject: string) => repo.findByOidcSubject(subject),
    linkOidcSubject: (id: string, subject: string) => repo.update(id, { oidcSubject: subject }),
    setPasswordHash: (id: string, passwordHash: string) => repo.update(id, { passwordHash }),

    /**
     * Google proved the mailbox of an account whose email never was: the account is the mailbox owner's
     * now, so the password someone else may have set goes (the caller ends the sessions).
     */
    async takeOverWithOidc(id: string, subject: string): Promise<UserRow | undefined> {
      const row = await repo.updateReturning(id, { oidcSubject: subject, passwordHash: null, emailVerified: true });
      return row && promoteIfListed(row);
    },

    /**
     * The account's current email is proven (a mailed link, a reset, Google); a link sent to an address
     * the account no longer has proves nothing (undefined). ADMIN_EMAILS applies from here.
     */
    async markEmailVerified(id: string, email: string): Promise<UserRow | undefined> {
      const row = await repo.markEmailVerified(id, email);
      return row && promoteIfListed(row);
    },

    /** Creates an account; ADMIN_EMAILS are admins from their first sign-in once the email is verified. */
    async createAccount(input: {
      email: string;
      name: string;
      photoURL: string;
      passwordHash?: string | null;
      oidcSubject?: string | null;
      /** Google vouched for the address, or a demo account. */
      emailVerified?: boolean;
    }) {
      const emailVerified = input.emailVerified ?? false;
      return repo.insertIfAbsent({
        id: newId(),
        email: input.email,
        name: input.name,
        photoUrl: input.photoURL,
        passwordHash: input.passwordHash ?? null,
        oidcSubject: input.oidcSubject ?? null,
        emailVerified,
        role: initialRole(input.email, emailVerified),
      });
    },

    /** POST /users: upsert of the caller's own profile; insertedId null when it exists. */
    async upsertOwnProfile(caller: AuthUser, body: CreateUserBody & { email: string }) {
      if (!sameEmail(body.email, caller.email)) throw notYours('You can only save your own profile');
      const existing = await repo.findById(caller.id);
      if (!existing) throw notFound('User');
      await repo.update(caller.id, { name: body.name, photoUrl: body.photoURL });
      return { acknowledged: true, insertedId: null };
    },

    /**
     * PATCH /users/me: the caller's own name, photo and mail preferences, nobody else's (the id is the token's). Listings
     * copy the seller's name when they are made, so only listings made afterwards carry the new one.
     */
    async updateOwnProfile(caller: AuthUser, body: UpdateProfileBody): Promise<UserRow> {
      const patch: Partial<NewUserRow> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.photoURL !== undefined) patch.photoUrl = body.photoURL;
      if (body.notifyByEmail !== undefined) patch.notifyByEmail = body.notifyByEmail;
      if (body.savedSearchDigest !== undefined) patch.savedSearchDigest = body.savedSearchDigest;
      const row = await repo.updateReturning(caller.id, patch);
      if (!row) throw notFound('User');
      return row;
    },

    /** Oldest first. */
    async list(request: PageRequest): Promise<Page<UserRow>> {
      return keysetPage(CREATED_AT_CURSOR, request).fetch((after, limit) => repo.list(limit, after));
    },

    async isAdminEmail(email: string): Promise<boolean> {
      // Not an email (a NUL, 300 characters of anything): nobody, without asking the database.
      if (!Email.safeParse(email).success) return false;
      const row = await repo.findByEmail(email.toLowerCase());
      return isAdminUser(row);
    },

    async promote(id: string): Promise<number> {
      if (!isId(id)) throw notFound('User');
      const row = await repo.findById(id);
      if (!row) throw notFound('User');
      return repo.promote(id);
    },

    /**
     * PATCH /users/admin/:id {admin: false}: an admin takes the role from an admin (themselves too, while
     * another admin remains). Never an ADMIN_EMAILS admin (the server would grant it back at the next
     * boot anyway), never the last admin, also when two admins demote each other at once (see the
     * repository). A user who is no admin: modifiedCount 0, as promoting an admin is.
     */
    async demote(caller: AuthUser, id: string): Promise<number> {
      if (!isId(id)) throw notFound('User');
      const row = await repo.findById(id);
      if (!row) throw notFound('User');
      switch (await repo.demote(caller.id, id, isConfiguredAdmin)) {
        case 'demoted':
          return 1;
        case 'not-admin':
          return 0;
        case 'caller-not-admin':
          // Another admin took the caller's role while this call waited for theirs.
          throw new AppError('ADMINS_ONLY', 'Admins only');
        case 'protected':
          throw protectedAdmin();
        case 'last-admin':
          throw new AppError('LAST_ADMIN', 'You are the only admin left: make someone else admin first');
      }
    },

    async grantAdminByEmail(email: string): Promise<number> {
      return repo.promoteByEmail(email.toLowerCase());
    },

    /** ADMIN_EMAILS at boot: only an account whose email is verified; nobody is demoted. */
    async grantAdminIfVerified(email: string): Promise<number> {
      return repo.promoteByEmail(email.toLowerCase(), { verifiedOnly: true });
    },

    /**
     * Ban: deletes the user, never an admin (remove the role first; an ADMIN_EMAILS admin not at all).
     * An ADMIN_EMAILS address whose account is not admin yet (unverified) may be banned: it is only a
     * claim on the address, and banning it frees the address for its owner. Their sessions, listings, and
     * buy requests (theirs and those made for their listings) go with them through ON DELETE CASCADE; their uploaded images stay, unowned.
     */
    async ban(caller: AuthUser, id: string, tx?: Db): Promise<number> {
      // In another module's transaction (a moderator's ban_user): the ban commits or rolls back with it.
      const repo = tx ? createUsersRepository(tx) : baseRepo;
      if (!isId(id)) throw notFound('User');
      const row = await repo.findById(id);
      if (!row) throw notFound('User');
      if (!canBanUser(caller, row)) {
        throw isAdminUser(caller) ? new AppError('SELF_BAN', 'You cannot ban yourself') : new AppError('ADMINS_ONLY', 'Admins only');
      }
      if (row.role === 'admin' && isConfiguredAdmin(row.email)) throw protectedAdmin();
      if (row.role === 'admin' || (await repo.deleteUnlessAdmin(id)) === 0) {
        // Admin now (or promoted since the read): never deleted. Gone since the read: 404 as before.
        const now = await repo.findById(id);
        if (!now) throw notFound('User');
        throw new AppError('ADMIN_NOT_BANNABLE', "Remove this user's admin role before banning them");
      }
      return 1;
    },

    /** The profile's ADMIN_EMAILS and last-admin refusals of an account's own deletion, before any work (the same codes as a demotion). */
    assertDeletable(row: UserRow): void {
      if (row.role === 'admin' && isConfiguredAdmin(row.email)) throw protectedAdmin();
    },

    /**
     * The profile's part of an account's deletion, first in its transaction: refused (and everything rolled back) for
     * an ADMIN_EMAILS admin or the last admin; else the row becomes a tombstone (docs/decisions/024), so the email
     * is free to register again at once. The export: the profile.
     */
    accountPart(): AccountPart {
      return {
        module: 'users',
        tables: ['users'],
        order: 0,
        onDelete: async (tx, userId) => {
          switch (await lockForDeletion(tx, userId, isConfiguredAdmin)) {
            case 'gone':
              throw notFound('User');
            case 'protected':
              throw protectedAdmin();
            case 'last-admin':
              throw new AppError('LAST_ADMIN', 'You are the only admin left: make someone else admin first');
            case 'ok':
              await tombstone(tx, userId, { name: DELETED_USER_NAME, email: deletedEmail(userId), photoUrl: DEFAULT_AVATAR_URL });
          }
        },
        exportFor: async (userId) => {
          const row = await repo.findById(userId);
          if (!row) return {};
          return {
            profile: {
              _id: row.id,
              name: row.name,
              email: row.email,
              photoURL: row.photoUrl,
              role: row.role,
              emailVerified: row.emailVerified,
              notifyByEmail: row.notifyByEmail,
              savedSearchDigest: row.savedSearchDigest,
              signInWith: { password: row.passwordHash !== null, google: row.oidcSubject !== null },
              createdAt: row.createdAt.toISOString(),
            },
          };
        },
      };
    },

    /** An email change's last step (accounts module), inside its transaction `tx`: the new address, proven. */
    setEmailIn: (tx: Db, id: string, from: string, to: string) => setEmail(tx, id, from, to),
    /** After an email change: ADMIN_EMAILS is checked against the new, proven address (nobody is demoted). */
    promoteIfListed,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
