// Who is calling: every /api route declares config.auth, and this guard enforces it before the body is read.
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { ACCOUNT_MESSAGES, isAdminUser } from '@olden/contracts';
import { type AuthUser, bearerToken } from '../lib/auth-user.ts';
import { AppError, unauthenticated } from '../lib/errors.ts';
import { logSecurityEvent } from '../lib/security-log.ts';

export type AuthLevel = 'public' | 'optional' | 'user' | 'admin';


declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type TokenVerifier = (token: string) => Promise<AuthUser | null>;

export interface RouteEntry {
  method: string;
  url: string;
  auth: AuthLevel;
  /** The route's schema (params, querystring, body, response by status): the fuzz suite checks replies against it. */
  schema?: FastifySchema;
}

/**
 * Installs the guard and returns the table of every /api route with its declared auth level
 * (the security suite generates its authorisation matrix from it).
 */
export interface AuthGuardOptions {
  /**
   * REQUIRE_ADMIN_2FA: whether an admin has two-step sign-in on; admin-only calls by one who has not answer
   * 403 TWO_FACTOR_REQUIRED (the routes that turn it on are 'user' routes, so they stay open).
   */
  adminHasSecondFactor?: (userId: string) => Promise<boolean>;
}

export function registerAuthGuard(app: FastifyInstance, verify: TokenVerifier, options: AuthGuardOptions = {}): RouteEntry[] {
  const routeTable: RouteEntry[] = [];
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const auth = route.config?.auth;
    if (!auth) throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, auth, schema: route.schema });
    }
  });

  const authenticate = async (request: FastifyRequest, level: AuthLevel) => {
    const user = await userFromHeader(request, verify);
    request.user = user && { ...user, ip: request.ip };
    if (level === 'optional') return;
    if (!request.user) throw unauthenticated();
    if (level === 'admin' && !isAdminUser(request.user)) throw new AppError('ADMINS_ONLY', 'Admins only');
    if (level === 'admin' && options.adminHasSecondFactor && !(await options.adminHasSecondFactor(request.user.id))) {
      throw new AppError('TWO_FACTOR_REQUIRED', ACCOUNT_MESSAGES.twoFactorRequired);
    }
  };
  // A callback hook (docs/decisions/015): public routes and anonymous calls of optional ones cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const level = request.routeOptions.config?.auth;
    if (!level || level === 'public' || (level === 'optional' && !request.headers.authorization)) return done();
    authenticate(request, level).then(() => done(), done);
  });

  // Every refusal of who is calling, wherever it was decided (the guard, a service, a handler): one line each.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode !== 401 && reply.statusCode !== 403) return done();
    logSecurityEvent(request.log, 'auth.denied', {
      userId: request.user?.id ?? null,
      ip: request.ip,
      method: request.method,
      // The route's pattern, never the raw URL: a query string may carry a code or a token.
      route: request.routeOptions.url ?? request.url.split('?')[0],
      status: reply.statusCode,
    });
    done();
  });
  return routeTable;
}

async function userFromHeader(request: FastifyRequest, verify: TokenVerifier): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = bearerToken(header);
  if (!token) throw unauthenticated('Invalid token');
  const user = await verify(token);
  if (!user) throw unauthenticated('Invalid or expired token');
  return user;
}
