import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminStatusResponse,
  CreateUserBody,
  DeletedResponse,
  EmailParams,
  IdParams,
  InsertedResponse,
  ModifiedResponse,
  PageQuery,
  SessionResponse,
  UpdateProfileBody,
  UserSchema,
} from '@olden/contracts';
import { sendPage } from '../../lib/pagination.ts';
import { assertSelfOrAdmin } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { toSessionUser } from '../auth/service.ts';
import { toUser, type UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
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
      summary: "Update the caller's own name and/or photo; answers the signed-in user as /api/auth/session does",
      body: UpdateProfileBody,
      // 404: the account was banned between the token check and the write.
      response: { 200: z.object({ user: SessionResponse.shape.user.unwrap() }), ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ user: toSessionUser(await users.updateOwnProfile(request.user!, request.body)) }),
  });

  app.get('/users', {
    config: { auth: 'admin' },
    schema: {
      tags: ['users'],
      summary: 'List users (admin)',
      querystring: z.strictObject(PageQuery),
      response: { 200: z.array(UserSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => sendPage(request, reply, await users.list(request.query)).map(toUser),
  });

  app.delete('/users/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['users'],
      summary: 'Ban (delete) a user and end their sessions (admin)',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      acknowledged: true,
      deletedCount: await users.ban(request.user!, request.params.id),
    }),
  });

  app.patch('/users/admin/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['users'],
      summary: 'Make a user admin (admin)',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: ModifiedResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ acknowledged: true, modifiedCount: await users.promote(request.params.id) }),
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
