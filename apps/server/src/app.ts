// Builds the Fastify app from a config and an open database. Never listens: server.ts does, tests inject.
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { withOwnImageBases } from '@olden/contracts';
import type { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createDemoSeeder } from './db/seed/demo.ts';
import type { AppContext } from './lib/context.ts';
import { bearerToken } from './lib/auth-user.ts';
import { ownImageBases } from './lib/image-urls.ts';
import { createJobs } from './lib/jobs.ts';
import { createMemoryLimiter, createRedisLimiter, type Limiter } from './lib/limiter.ts';
import { createMailer } from './lib/mail.ts';
import { createAccountLifecycle } from './lib/account-lifecycle.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAccountService, createSecurityEvents } from './modules/account/service.ts';
import { createAccountMail } from './modules/accounts/mails.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { createAccountsService, type OnEmailChanged } from './modules/accounts/service.ts';
import { oidcRoutes } from './modules/auth/oidc/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { sessionsRoutes } from './modules/auth/sessions-routes.ts';
import { createSessionsService } from './modules/auth/sessions-service.ts';
import { buyerRequestsRoutes } from './modules/buyer-requests/routes.ts';
import { blocksRoutes } from './modules/blocks/routes.ts';
import { createBlocksService } from './modules/blocks/service.ts';
import { cancelOnBlock, createBuyerRequestsService, declineOnDeletedListing } from './modules/buyer-requests/service.ts';
import { createThreadMarks } from './modules/buyer-requests/thread-marks.ts';
import { categoriesRoutes } from './modules/categories/routes.ts';
import { createCategoriesService } from './modules/categories/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { imagesRoutes } from './modules/images/routes.ts';
import { createImagesService } from './modules/images/service.ts';
import { createEventBus } from './modules/events/bus.ts';
import { createLiveHub } from './modules/events/hub.ts';
import { eventsRoutes } from './modules/events/routes.ts';
import { messagesRoutes } from './modules/messages/routes.ts';
import { offersRoutes } from './modules/offers/routes.ts';
import { createOffersService } from './modules/offers/service.ts';
import { createPhotoMatchesService, type OnStolenPhotos } from './modules/photo-matches/service.ts';
import { createMessagesService } from './modules/messages/service.ts';
import { createNotifier } from './modules/notifications/service.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { createPlacesService } from './modules/places/service.ts';
import { productsRoutes } from './modules/products/routes.ts';
import { reachRoutes } from './modules/reach/routes.ts';
import { createReachService } from './modules/reach/service.ts';
import { SESSION_COOKIE } from './modules/auth/service.ts';
import { createProductsService, type OnListingChange } from './modules/products/service.ts';
import { favouritesRoutes } from './modules/favourites/routes.ts';
import { createFavouritesService } from './modules/favourites/service.ts';
import { savedSearchesRoutes } from './modules/saved-searches/routes.ts';
import { createSavedSearchesService } from './modules/saved-searches/service.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { createReportsService } from './modules/reports/service.ts';
import { passkeysRoutes } from './modules/passkeys/routes.ts';
import { createPasskeysService } from './modules/passkeys/service.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { createTwoFactorGate, createTwoFactorService } from './modules/two-factor/service.ts';
import { createNewAccountLimits } from './modules/users/new-account-limits.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { createReviewsService } from './modules/reviews/service.ts';
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
  hooks?: ServiceHooks;
}

/** Where one module's event reaches another that the composition root does not build itself (a test's spy). */
export interface ServiceHooks {
  onStolenPhotos?: OnStolenPhotos;
}

export function createServices(ctx: AppContext, hooks: ServiceHooks = {}) {
  const mailer = createMailer(ctx);
  // Every admin action and every report is written to the audit log by the module that acts (in its transaction).
  const audit = createAuditService(ctx);
  const users = createUsersService(ctx);
  const accountMail = createAccountMail(ctx, { mailer });
  const securityEvents = createSecurityEvents(ctx);
  const recordEvent = securityEvents.record;
  const auth = createAuthService(ctx, { users, accountMail, secondFactor: createTwoFactorGate(ctx), recordEvent });
  const sessions = createSessionsService(ctx);
  // What moves with an account's email in the change's transaction: the listings' seller email, the requests' copies.
  const onEmailChanged: OnEmailChanged[] = [];
  const accounts = createAccountsService(ctx, { users, auth, accountMail, mailer, onEmailChanged, recordEvent });
  const twoFactor = createTwoFactorService(ctx, { users, auth, accounts, recordEvent });
  const passkeys = createPasskeysService(ctx, { users, auth, recordEvent });
  const categories = createCategoriesService(ctx);
  const images = createImagesService(ctx, { audit: audit.record });
  const events = createEventBus(ctx);
  // A thread's read and mail marks live on the buy request's row; the messages module and the notifier move them through the buyer-requests module.
  const threadMarks = createThreadMarks(ctx.db);
  const notify = createNotifier(ctx, { mailer, users, events, marks: threadMarks });
  const declineRequests = declineOnDeletedListing(notify);
  // Blocking cancels the pending requests between the two users (the buyer-requests module's part, in the block's transaction).
  const blocks = createBlocksService(ctx, { users, onBlocked: cancelOnBlock(notify) });
  const newAccount = createNewAccountLimits(ctx, { users });
  // Stolen photos go to the moderation queue as a system report (issue 28), filed by the reports module built
  // below; the matches are stored either way (photo_matches).
  const stolenPhotos: { report?: OnStolenPhotos } = {};
  const onStolenPhotos: OnStolenPhotos = hooks.onStolenPhotos ?? ((found, tx) => stolenPhotos.report!(found, tx));
  const photoMatches = createPhotoMatchesService(ctx, { images, onStolenPhotos });
  // Favourites and saved searches hear of every listing change inside its transaction (they queue their jobs there).
  const listingListeners: OnListingChange[] = [];
  // The gazetteer (modules/places): a listing's location text names its place.
  const places = createPlacesService(ctx);
  // Reviews read trades and profiles (a read model) and own the ratings every product reply carries; a handover opens
  // its trade's review window in its own transaction.
  const reviews = createReviewsService(ctx, { mailer, users, events, audit: audit.record });
  const products = createProductsService(ctx, {
    images,
    places,
    onDelete: declineRequests,
    onPhotosChanged: photoMatches.listingPhotosChanged,
    onChange: listingListeners,
    audit: audit.record,
    hiddenSellersFor: blocks.hiddenUsersFor,
    newAccount,
    ratings: reviews.sellerRatings,
  });
  const favourites = createFavouritesService(ctx, { products, users, mailer, publish: events.publish });
  // Alerts skip the listings of a seller either party blocked (docs/product.md#blocking).
  const savedSearches = createSavedSearchesService(ctx, {
    users,
    mailer,
    publishMany: (notes) => events.publishMany(notes),
    hiddenSellers: (userId) => blocks.hiddenUsersFor(userId),
    placeOf: (id) => places.get(id),
  });
  listingListeners.push(favourites.onListingChange, savedSearches.onListingChange);
  const buyerRequests = createBuyerRequestsService(ctx, { products, notify, blocks, newAccount, reviews });
  const messages = createMessagesService(ctx, { notify, marks: threadMarks, publish: events.publish, blocks, newAccount });
  // Offers lock and accept a request through the buyer-requests module, on one transaction (docs/product.md#offers).
  const offers = createOffersService(ctx, {
    requests: buyerRequests,
    listings: products,
    blocks,
    publish: events.publish,
    mailer,
    users,
    marks: threadMarks,
  });
  const live = createLiveHub(ctx, { bus: events, summaryOf: messages.summary, loadMessage: messages.findMessage, heartbeatMs: ctx.config.EVENTS_HEARTBEAT_MS });
  const contact = createContactService(ctx, { mailer });
  const reports = createReportsService(ctx, { products, users, mailer, events, audit: audit.record, declineRequests, removeReview: reviews.removeIn });
  // The photo check's matches, filed as one open system report on the listing in the transaction that stores them.
  stolenPhotos.report = ({ productId, matches }, tx) =>
    reports.fileSystemReport(tx, { targetType: 'listing', targetId: productId, reason: 'stolen_photos', details: { matches } });
  const demo = createDemoSeeder(ctx, { users, categories, images });
  const reach = createReachService(ctx, { findListing: (id) => products.owner(id), favouriteCounts: (ids) => products.favouriteCounts(ids) });
  onEmailChanged.push(products.sellerEmailChangedIn, buyerRequests.emailChangedIn);
  // Each module's part of deleting and exporting an account (docs/decisions/024): a module that keeps anything
  // about a user registers here, or account-ownership.test.ts fails on its table.
  const lifecycle = createAccountLifecycle();
  for (const part of [
    users.accountPart(),
    products.accountPart(),
    buyerRequests.accountPart(),
    offers.accountPart(),
    messages.accountPart(),
    images.accountPart(),
    photoMatches.accountPart(),
    favourites.accountPart(),
    savedSearches.accountPart(),
    blocks.accountPart(),
    reports.accountPart(),
    audit.accountPart(),
    auth.accountPart(),
    accounts.accountPart(),
    twoFactor.accountPart(),
    passkeys.accountPart(),
    reviews.accountPart(),
    securityEvents.accountPart(),
  ]) {
    lifecycle.register(part);
  }
  const account = createAccountService(ctx, { users, auth, accounts, accountMail, lifecycle });
  return {
    reach, jobs: ctx.jobs, mailer, audit, reports, users, auth, sessions, accounts, accountMail, categories, images, photoMatches, places, products, favourites, savedSearches, buyerRequests, offers, reviews,
    contact, demo, notify, events, messages, live, blocks, securityEvents, twoFactor, passkeys, lifecycle, account,
  };
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
  // A body's image URLs are stored short by the contracts' image fields, which must know this server's addresses
  // while they parse (docs/decisions/008); replies name images absolutely in their mappers (lib/image-urls.ts).
  const imageBases = ownImageBases(config);
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => withOwnImageBases(imageBases, () => validate(data));
  });
  app.setSerializerCompiler(createSerializerCompiler());

  const limiter = options.limiter ?? (config.REDIS_URL ? createRedisLimiter(config.REDIS_URL) : createMemoryLimiter());
  const jobs = createJobs(database, { pollMs: config.JOB_POLL_MS, expireSeconds: config.JOB_EXPIRE_SECONDS }, app.log);
  const ctx: AppContext = { config, db: database.db, limiter, log: app.log, jobs };
  const services = createServices(ctx, options.hooks);
  app.decorate('services', services);

  registerErrorHandlers(app);
  early.securityHeaders = await registerSecurity(app, config);
  // Before any route: the plugin adds its hook to each route as it is declared.
  await registerCompression(app, config);
  await app.register(cookie);
  const routeTable = registerAuthGuard(app, (token) => services.auth.verifyAccessToken(token), {
    adminHasSecondFactor: config.REQUIRE_ADMIN_2FA ? (userId) => services.twoFactor.isOn(userId) : undefined,
  });
  app.decorate('routeTable', routeTable);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db });
      await api.register(authRoutes, { auth: services.auth, config });
      await api.register(oidcRoutes, { auth: services.auth, config });
      await api.register(sessionsRoutes, { sessions: services.sessions });
      await api.register(accountsRoutes, { accounts: services.accounts, auth: services.auth });
      await api.register(usersRoutes, { users: services.users, urls: config, audit: services.audit.record });
      await api.register(accountRoutes, { account: services.account, accounts: services.accounts, urls: config });
      await api.register(twoFactorRoutes, { twoFactor: services.twoFactor, auth: services.auth, config });
      await api.register(passkeysRoutes, { passkeys: services.passkeys, auth: services.auth, config });
      await api.register(categoriesRoutes, { categories: services.categories });
      await api.register(placesRoutes, { places: services.places });
      await api.register(productsRoutes, {
        products: services.products,
        urls: config,
        // Leniently: an invalid token on this public route is an anonymous viewer, as before.
        viewerOf: async (authorization) => {
          const token = bearerToken(authorization);
          return token ? services.auth.verifyAccessToken(token).catch(() => null) : null;
        },
        // A signed-in caller is counted by id (and a seller's own views not at all): the token is checked off the reply's path.
        onView: (listing, request) => {
          const visit = { ip: request.ip, userAgent: request.headers['user-agent'] };
          const token = bearerToken(request.headers.authorization);
          services.reach.countView(
            listing,
            token ? services.auth.verifyAccessToken(token).then((user) => ({ ...visit, userId: user?.id }), () => visit) : visit,
          );
        },
      });
      await api.register(reachRoutes, { reach: services.reach });
      await api.register(favouritesRoutes, { favourites: services.favourites, urls: config });
      await api.register(savedSearchesRoutes, { savedSearches: services.savedSearches });
      await api.register(buyerRequestsRoutes, { buyerRequests: services.buyerRequests, urls: config });
      await api.register(messagesRoutes, { messages: services.messages });
      await api.register(offersRoutes, { offers: services.offers, urls: config });
      await api.register(blocksRoutes, { blocks: services.blocks });
      await api.register(reviewsRoutes, { reviews: services.reviews, urls: config });
      await api.register(eventsRoutes, { hub: services.live, auth: services.auth });
      await api.register(imagesRoutes, { images: services.images, urls: config });
      await api.register(contactRoutes, { contact: services.contact });
      await api.register(reportsRoutes, { reports: services.reports });
      await api.register(auditRoutes, { audit: services.audit, openReports: services.reports.openCount });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.WEB_DIST ?? DEFAULT_WEB_DIST, {
    config,
    db: database.db,
    products: services.products,
    reviews: services.reviews,
    sessionUser: (cookie) => services.auth.sessionUser(cookie),
    // A signed-in visitor of the server-rendered page is counted by id, as the API counts them (their cookie names them).
    onProductView: (listing, request) => {
      const visit = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const cookie = request.cookies?.[SESSION_COOKIE];
      services.reach.countView(
        listing,
        cookie ? services.auth.sessionFromCookie(cookie).then((found) => ({ ...visit, userId: found?.user.id }), () => visit) : visit,
      );
    },
  });
  // Jobs (lib/jobs.ts: the hourly sweep of unused uploads, docs/product.md#photos, and every module's own) are worked
  // once whoever runs the app starts the queue (server.ts before it listens, the test harness), never by a request.
  // Live streams never end by themselves: they are ended before the server waits for its connections.
  app.addHook('preClose', async () => services.live.closeAll());
  app.addHook('onClose', async () => {
    // Running jobs finish (or are retried by another process) before the database they write goes.
    await jobs.stop();
    // The views gathered since the last batch are written while the database is still open.
    await services.reach.close();
    await services.live.close();
    // Mails still on their way need the database (a token) and the limiter: they go first.
    await services.mailer.close();
    await services.events.close();
    if (!options.limiter) await limiter.close();
  });
  return app as unknown as FastifyInstance & { services: Services; routeTable: RouteEntry[] };
}
