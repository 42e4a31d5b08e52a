// Builds the Fastify app from a config and an open database. Never listens: server.ts does, tests inject.
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createDemoSeeder } from './db/seed/demo.ts';
import type { AppContext } from './lib/context.ts';
import { createJobs } from './lib/jobs.ts';
import { createMemoryLimiter, createRedisLimiter, type Limiter } from './lib/limiter.ts';
import { createMailer } from './lib/mail.ts';
import { createAccountMail } from './modules/accounts/mails.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { oidcRoutes } from './modules/auth/oidc/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { sessionsRoutes } from './modules/auth/sessions-routes.ts';
import { createSessionsService } from './modules/auth/sessions-service.ts';
import { buyerRequestsRoutes } from './modules/buyer-requests/routes.ts';
import { createBuyerRequestsService, declineOnDeletedListing } from './modules/buyer-requests/service.ts';
import { createThreadMarks } from './modules/buyer-requests/thread-marks.ts';
import { categoriesRoutes } from './modules/categories/routes.ts';
import { createCategoriesService } from './modules/categories/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { imagesRoutes } from './modules/images/routes.ts';
import { createImagesService } from './modules/images/service.ts';
import { imageUrlRewrite, registerImageUrls } from './modules/images/urls.ts';
import { createEventBus } from './modules/events/bus.ts';
import { createLiveHub } from './modules/events/hub.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { messagesRoutes } from './modules/messages/routes.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { createNotifier } from './modules/notifications/service.ts';
import { productsRoutes } from './modules/products/routes.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createProductsService } from './modules/products/service.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { registerAuthGuard, type RouteEntry } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandlers, routerErrorReply } from './plugins/error-handler.ts';
import { healthRoutes } from './plugins/health.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity, type SecurityHeaders } from './plugins/security.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { registerWeb } from './plugins/web.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Query parameters whose values are secrets (Google's one-time code, tokens): logged as "[redacted]". */
const SECRET_QUERY_PARAMS = /^(code|state|token|id_token|access_token|password)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; its value still goes if the raw name matches.
      }
      return SECRET_QUERY_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * The server's logger: one line per request (requestLogLine) names method, URL (secret query values redacted), host
 * and address, status and time; never a header or a body, and the Authorization and Cookie headers are redacted
 * should a line ever carry them. `stream`: where lines go (server.ts: an asynchronous stdout; tests read them).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  limiter?: Limiter;
}

export function createServices(ctx: AppContext) {
  const mailer = createMailer(ctx);
  const users = createUsersService(ctx);
  const accountMail = createAccountMail(ctx, { mailer });
  const auth = createAuthService(ctx, { users, accountMail });
  const sessions = createSessionsService(ctx);
  const accounts = createAccountsService(ctx, { users, auth, accountMail, mailer });
  const categories = createCategoriesService(ctx);
  const images = createImagesService(ctx);
  const events = createEventBus(ctx);
  // A thread's read and mail marks live on the buy request's row; the messages module and the notifier move them through the buyer-requests module.
  const threadMarks = createThreadMarks(ctx.db);
  const notify = createNotifier(ctx, { mailer, users, events, marks: threadMarks });
  // Reviews read trades and profiles (a read model) and own the ratings every product reply carries; a handover opens
  // its trade's review window in its own transaction.
  const reviews = createReviewsService(ctx, { mailer, users, events });
  const products = createProductsService(ctx, { images, onDelete: declineOnDeletedListing(notify), ratings: reviews.sellerRatings });
  const buyerRequests = createBuyerRequestsService(ctx, { products, notify, reviews });
  const messages = createMessagesService(ctx, { notify, marks: threadMarks, publish: events.publish });
  const live = createLiveHub(ctx, { bus: events, summaryOf: messages.summary, loadMessage: messages.findMessage, heartbeatMs: ctx.config.EVENTS_HEARTBEAT_MS });
  const contact = createContactService(ctx, { mailer });
  const demo = createDemoSeeder(ctx, { users, categories, images });
  return { jobs: ctx.jobs, mailer, users, auth, sessions, accounts, accountMail, categories, images, products, buyerRequests, reviews, contact, demo, notify, events, messages, live };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Fastify (5.12 on) trusts no hop for a plain number, failing closed; a hop count is given as a function instead:
 * the connection's peer and the next hops - 1 entries from the right are the proxies, the entry before them is
 * the client. Only right when the proxies are the only way in (see docs/decisions/006-trust-proxy-names-the-proxies.md).
 */
export function trustProxyOption(trust: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * One request line when the answer is done (method, URL, host, address, status, milliseconds), instead of Fastify's
 * two ("incoming request" and "request completed"): at the production default level they were a large share of a
 * page's CPU (decision 019). Fastify's other lines (errors, 404s) stay as they were.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance & { services: Services; routeTable: RouteEntry[] }> {
  const { config, database } = options;
  // Set once the security plugin is built, below; the router may call before that only in a failed boot.
  const early: { securityHeaders?: SecurityHeaders } = {};
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 300 },
    requestTimeout: 30_000,
    // The router's own errors come before any hook: they get the security headers here.
    frameworkErrors: (error, request, reply) => {
      if (!early.securityHeaders) return routerErrorReply(error, request, reply);
      early.securityHeaders(request.raw, reply.raw, () => routerErrorReply(error, request, reply));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Absolute image URLs (docs/decisions/008) are written by each route's serializer, from its schema
  // (docs/decisions/015).
  app.setSerializerCompiler(
    createSerializerCompiler((schema, route) => (route.url.startsWith('/api/') ? imageUrlRewrite(schema, config) : undefined)),
  );

  const limiter = options.limiter ?? (config.REDIS_URL ? createRedisLimiter(config.REDIS_URL) : createMemoryLimiter());
  const jobs = createJobs(database, { pollMs: config.JOB_POLL_MS, expireSeconds: config.JOB_EXPIRE_SECONDS }, app.log);
  const ctx: AppContext = { config, db: database.db, limiter, log: app.log, jobs };
  const services = createServices(ctx);
  app.decorate('services', services);

  registerErrorHandlers(app);
  early.securityHeaders = await registerSecurity(app, config);
  // Before any route: the plugin adds its hook to each route as it is declared.
  await registerCompression(app, config);
  await app.register(cookie);
  const routeTable = registerAuthGuard(app, (token) => services.auth.verifyAccessToken(token));
  app.decorate('routeTable', routeTable);
  await registerOpenApi(app);
  registerImageUrls(app, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db });
      await api.register(authRoutes, { auth: services.auth, config });
      await api.register(oidcRoutes, { auth: services.auth, config });
      await api.register(sessionsRoutes, { sessions: services.sessions });
      await api.register(accountsRoutes, { accounts: services.accounts, auth: services.auth });
      await api.register(usersRoutes, { users: services.users });
      await api.register(categoriesRoutes, { categories: services.categories });
      await api.register(productsRoutes, { products: services.products });
      await api.register(buyerRequestsRoutes, { buyerRequests: services.buyerRequests });
      await api.register(messagesRoutes, { messages: services.messages });
      await api.register(reviewsRoutes, { reviews: services.reviews });
      await api.register(eventsRoutes, { hub: services.live, auth: services.auth });
      await api.register(imagesRoutes, { images: services.images });
      await api.register(contactRoutes, { contact: services.contact });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.WEB_DIST ?? DEFAULT_WEB_DIST, {
    config,
    db: database.db,
    products: services.products,
    reviews: services.reviews,
    hasSession: async (cookie) => Boolean(await services.auth.sessionFromCookie(cookie)),
  });
  // Jobs (lib/jobs.ts) run once the app is ready: the hourly sweep of unused uploads (docs/product.md#photos) and
  // every module's own.
  app.addHook('onReady', async () => {
    await jobs.start();
  });
  // Live streams never end by themselves: they are ended before the server waits for its connections.
  app.addHook('preClose', async () => services.live.closeAll());
  app.addHook('onClose', async () => {
    // Running jobs finish (or are retried by another process) before the database they write goes.
    await jobs.stop();
    await services.live.close();
    // Mails still on their way need the database (a token) and the limiter: they go first.
    await services.mailer.close();
    await services.events.close();
    if (!options.limiter) await limiter.close();
  });
  return app as unknown as FastifyInstance & { services: Services; routeTable: RouteEntry[] };
}
