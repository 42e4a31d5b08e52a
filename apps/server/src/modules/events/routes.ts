// GET /api/events: Server-Sent Events for the signed-in user (summary, message, request). EventSource cannot
// send headers, so the session cookie authenticates it; a bearer token works too (for other clients).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { SESSION_COOKIE } from '../auth/service.ts';
import type { LiveHub } from './hub.ts';

export const eventsRoutes: FastifyPluginAsyncZod<{ hub: LiveHub; auth: AuthService }> = async (app, { hub, auth }) => {
  app.get('/events', {
    // Each event must reach the client as it is written: never buffered by a compressor (the reply is hijacked anyway).
    compress: false,
    // 'optional': the guard checks a bearer token when one is sent; without one, the cookie is read here.
    config: { auth: 'optional', cookie: { reads: 'required' } },
    schema: {
      tags: ['notifications'],
      summary: 'Live events (text/event-stream): summary, message and request, for the signed-in user (session cookie or bearer)',
      querystring: z.strictObject({}),
      response: {
        200: {
          description:
            'An endless event stream: a retry hint, a first `summary`, then `summary` (SummarySchema), `message` (MessageEventSchema) and `request` (RequestEventSchema) events, and a comment heartbeat',
          content: { 'text/event-stream': { schema: z.string() } },
        },
        ...errorResponses(400, 401),
      },
    },
    handler: async (request, reply) => {
      let userId: string;
      let isLive: () => Promise<boolean>;
      if (request.user) {
        // The token names its session: the stream lives while the token is valid (short-lived: the client
        // reconnects with a new one) and its session live.
        const token = request.headers.authorization!.slice('Bearer '.length);
        userId = request.user.id;
        isLive = async () => (await auth.verifyAccessToken(token))?.id === userId;
      } else {
        const cookie = request.cookies[SESSION_COOKIE];
        const found = await auth.sessionFromCookie(cookie);
        if (!found) throw unauthenticated();
        userId = found.user.id;
        isLive = async () => (await auth.sessionFromCookie(cookie))?.user.id === userId;
      }

      // The security headers (and CORS) set so far go out with the stream's own.
      const headers: Record<string, string | string[] | number> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        // No proxy or browser cache, no transformation (compression would hold events back).
        'cache-control': 'no-cache, no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.flushHeaders();
      const close = hub.open(
        userId,
        {
          write: (chunk) => void res.write(chunk),
          end: () => res.end(),
          get buffered() {
            return res.writableLength;
          },
          get isGone() {
            return res.destroyed || res.writableEnded;
          },
        },
        isLive,
      );
      // The client went away (or the app closes the stream): the subscription goes with it. A client that
      // hung up while the session was being checked is gone already: the first write found it and closed.
      res.on('close', close);
      request.raw.on('close', () => {
        if (request.raw.destroyed) close();
      });
    },
  });
};
