import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminRoleBody,
  AdminStatusResponse,
  CreateUserBody,
  DeletedResponse,
  EmailParams,
  IdParams,
  InsertedResponse,
  ModifiedResponse,
  PageQuery,
  SessionUser,
  UpdateProfileBody,
  UserSchema,
} from '@olden/contracts';
import { AppError } from '../../lib/errors.ts';
import { sendPage } from '../../lib/pagination.ts';
import { logSecurityEvent } from '../../lib/security-log.ts';
import { assertSelfOrAdmin } from '../../lib/auth-user.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { toSessionUser } from '../auth/service.ts';
import type { ImageUrlConfig } from '../../lib/image-urls.ts';
import { toUser, type UsersService } from './service.ts';

/**
 * Runs an admin action on the user `:id` and logs it as a security event: what changed (`count`), or the
 * code that refused it, so an admin probing the protected accounts shows up too.
 */
async function audited(
  request: FastifyRequest,
  audit: AuditRecorder | undefined,
  event: 'admin.user.promote' | 'admin.user.demote' | 'admin.user.ban',
  action: () => Promise<number>,
): Promise<number> {
  const fields = { userId: request.user!.id, ip: request.ip, target: (request.params as { id: string }).id };
  try {
    const count = await action();
    logSecurityEvent(request.log, event, { ...fields, count });
    // The audit log keeps what changed (a promote of an admin, count 0, changed nothing).
    if (count > 0) await audit?.(null, { actorId: fields.userId, action: event, targetType: 'user', targetId: fields.target });
    return count;
  } catch (err) {
    if (err instanceof AppError) logSecurityEvent(request.log, event, { ...fields, refused: err.code });
    throw err;
  }
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; urls: ImageUrlConfig; audit?: AuditRecorder }> = async (app, { users, urls, audit }) => {
  app.post('/users', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: "Save the caller's own profile",
      body: CreateUserBody,
      response: { 200: InsertedResponse, ...errorResponses(400, 401, 403) },
    },
    handler: (request) => users.upsertOwnProfile(request.user!, request.body),
  });

  app.patch('/users/me', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: "Update the caller's own name, photo and/or mail choices; answers the signed-in user as /api/auth/session does",
      body: UpdateProfileBody,
      // 404: the account was banned between the token check and the write.
      response: { 200: z.object({ user: SessionUser }), ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ user: toSessionUser(await users.updateOwnProfile(request.user!, request.body), urls) }),
  });

  app.get('/users', {
    config: { auth: 'admin' },
    schema: {
      tags: ['users'],
      summary: 'List users (admin)',
      querystring: z.strictObject(PageQuery),
      response: { 200: z.array(UserSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => sendPage(request, reply, await users.list(request.query)).map((row) => toUser(row, urls)),
  });

  app.delete('/users/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['users'],
      summary: 'Ban (delete) a user and end their sessions (admin)',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      // 409: the user is an admin (ADMIN_NOT_BANNABLE), or one named in ADMIN_EMAILS (PROTECTED_ADMIN).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      acknowledged: true,
      deletedCount: await audited(request, audit, 'admin.user.ban', () => users.ban(request.user!, request.params.id)),
    }),
  });

  app.patch('/users/admin/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['users'],
      summary: 'Make a user admin (no body, or {admin: true}) or remove their admin role ({admin: false}) (admin)',
      params: IdParams,
      // No body (Fastify's null) is the spec's Make Admin and stays valid.
      body: AdminRoleBody.nullish(),
      // 409: demoting an ADMIN_EMAILS admin (PROTECTED_ADMIN) or the last admin (LAST_ADMIN).
      response: { 200: ModifiedResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const demote = request.body?.admin === false;
      const modifiedCount = await audited(request, audit, demote ? 'admin.user.demote' : 'admin.user.promote', () =>
        demote ? users.demote(request.user!, id) : users.promote(id),
      );
      return { acknowledged: true, modifiedCount };
    },
  });

  app.get('/users/admin/:email', {
    config: { auth: 'user' },
    schema: {
      tags: ['users'],
      summary: 'Whether a user is admin (that user or an admin)',
      params: EmailParams,
      response: { 200: AdminStatusResponse, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      assertSelfOrAdmin(request.user, request.params.email);
      return { admin: await users.isAdminEmail(request.params.email) };
    },
  });
};
