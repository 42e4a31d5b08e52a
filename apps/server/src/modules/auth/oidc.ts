// Google (or any OpenID Connect issuer) sign-in: authorization code flow with PKCE, finished in a popup
// whose tiny page tells the opener window how it went.
import { createHash, createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { DEFAULT_AVATAR_URL, Email, OidcCallbackQuery } from '@olden/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { UsersService } from '../users/service.ts';
import { setSessionCookie } from './routes.ts';
import { type AuthService, type OidcIdentity, SESSION_COOKIE } from './service.ts';

export const OIDC_STATE_COOKIE = 'og_oidc';
export const OIDC_COOKIE_PATH = '/api/auth/google';
export const OIDC_STATE_TTL_SECONDS = 10 * 60;
const DISCOVERY_TIMEOUT_SECONDS = 5;
const SCOPE = 'openid email profile';

export const OIDC_MESSAGES = {
  notConfigured: 'Google sign-in is not configured',
  unavailable: 'Google sign-in is unavailable right now: the sign-in provider could not be reached. Please try again later.',
  expired: 'This Google sign-in has expired or was started in another window. Please try again.',
  cancelled: 'Google sign-in was cancelled.',
  failed: 'Google sign-in did not complete. Please try again.',
  unverified: 'Your Google account email address is not verified.',
  noEmail: 'Google did not share an email address for this account.',
} as const;

class OidcFailure extends Error {
  constructor(
    readonly statusCode: 400 | 429 | 503,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** Network-level trouble (refused, DNS, timeout, provider 5xx): the user may retry later, so 503. */
function isUnreachable(error: unknown): boolean {
  const e = error as { name?: string; message?: string; code?: string; cause?: unknown; status?: number };
  if (!e) return false;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  if (e.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || e.code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    const status = (e.cause as { status?: number } | undefined)?.status;
    return status === undefined || status >= 500;
  }
  return e.cause !== undefined && e.cause !== error && isUnreachable(e.cause);
}

/** Discovery once per process (per app); a failure is not cached, so the next click retries. */
function createOidcClient(config: Config) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const issuer = new URL(config.OIDC_ISSUER);
  return {
    get isConfigured() {
      return Boolean(config.OIDC_CLIENT_ID);
    },
    async configuration(): Promise<oidc.Configuration> {
      discovered ??= oidc
        .discovery(
          issuer,
          config.OIDC_CLIENT_ID!,
          config.OIDC_CLIENT_SECRET ? { client_secret: config.OIDC_CLIENT_SECRET } : undefined,
          config.OIDC_CLIENT_SECRET ? oidc.ClientSecretPost(config.OIDC_CLIENT_SECRET) : oidc.None(),
          {
            timeout: DISCOVERY_TIMEOUT_SECONDS,
            // Plain http only for a provider on this machine (tests, local development).
            ...(isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      try {
        return await discovered;
      } catch {
        throw new OidcFailure(503, OIDC_MESSAGES.unavailable);
      }
    },
  };
}

// The state cookie: state, nonce and PKCE verifier, signed (not a token anyone else accepts) and short-lived.
const StateCookie = z.object({ state: z.string(), nonce: z.string(), verifier: z.string() });
type StateCookie = z.infer<typeof StateCookie>;
const STATE_AUDIENCE = 'olden-goods-oidc-state';

function stateKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('olden-goods/oidc-state-cookie').digest();
}

async function sealState(key: Uint8Array, value: StateCookie): Promise<string> {
  return new SignJWT(value)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(STATE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OIDC_STATE_TTL_SECONDS}s`)
    .sign(key);
}

async function openState(key: Uint8Array, cookie: string | undefined): Promise<StateCookie | undefined> {
  if (!cookie || cookie.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(cookie, key, { algorithms: ['HS256'], audience: STATE_AUDIENCE });
    const parsed = StateCookie.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// The result page. Its one script is constant (the outcome travels in a JSON data block), so a fixed
// hash allows it and nothing else runs.
const RESULT_SCRIPT =
  "(function(){var d=JSON.parse(document.getElementById('olden-auth').textContent);" +
  "var o=window.opener;if(o&&!o.closed){try{o.postMessage(d,location.origin)}catch(e){}window.close()}})();";
const RESULT_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;text-align:center;color:#1f2937}a{color:#0f766e}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
export const RESULT_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(RESULT_SCRIPT)}`,
  `style-src ${sha256(RESULT_STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON that cannot close its <script> block. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function resultPage(result: { ok: true } | { ok: false; message: string }): string {
  const data = { type: 'olden-auth', ...result };
  const text = result.ok ? 'You are signed in. You can close this window.' : result.message;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Olden Goods | Sign in</title><style>${RESULT_STYLE}</style></head>
<body><p>${escapeHtml(text)}</p><p><a href="/">Continue to Olden Goods</a></p>
<script type="application/json" id="olden-auth">${scriptSafeJson(data)}</script>
<script>${RESULT_SCRIPT}</script></body></html>`;
}

function sendResultPage(reply: FastifyReply, status: number, result: { ok: true } | { ok: false; message: string }) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', RESULT_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    // The URL holds the authorization code: never send it anywhere as a referrer.
    .header('Referrer-Policy', 'no-referrer')
    // The popup arrives here from the provider's origin; any stricter policy would cut it off from its opener.
    .header('Cross-Origin-Opener-Policy', 'unsafe-none')
    .send(resultPage(result));
}

/** A browser navigating the popup gets a page that reports back; API clients get the JSON error body. */
function sendStartFailure(request: FastifyRequest, reply: FastifyReply, failure: OidcFailure) {
  if ((request.headers.accept ?? '').includes('text/html')) {
    return sendResultPage(reply, failure.statusCode, { ok: false, message: failure.message });
  }
  return reply.status(failure.statusCode).send(errorBody(failure.statusCode, failure.message));
}

function httpsPicture(picture: unknown): string {
  if (typeof picture !== 'string' || picture.length > 2048) return DEFAULT_AVATAR_URL;
  try {
    const url = new URL(picture);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : DEFAULT_AVATAR_URL;
  } catch {
    return DEFAULT_AVATAR_URL;
  }
}

function identityFrom(issuer: string, claims: Record<string, unknown>): OidcIdentity {
  if (typeof claims.sub !== 'string' || !claims.sub) throw new OidcFailure(400, OIDC_MESSAGES.failed);
  const email = Email.safeParse(claims.email);
  if (!email.success) throw new OidcFailure(400, OIDC_MESSAGES.noEmail);
  if (claims.email_verified !== true) throw new OidcFailure(400, OIDC_MESSAGES.unverified);
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
  return {
    subject: `${issuer} ${claims.sub}`,
    email: email.data,
    name: name || email.data.split('@')[0]!,
    photoURL: httpsPicture(claims.picture),
  };
}

export const oidcRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UsersService; config: Config }> = async (
  app,
  { auth, config },
) => {
  const client = createOidcClient(config);
  const key = stateKey(config.jwtSecret);
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  const cookieOptions = {
    path: OIDC_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };

  app.get('/auth/providers', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], summary: 'Which sign-in providers are configured', response: { 200: z.object({ google: z.boolean() }) } },
    handler: async () => ({ google: client.isConfigured }),
  });

  app.get('/auth/google/start', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Start Google sign-in (open in a popup): redirects to the provider',
      response: { 302: z.null().describe('Redirect to the provider'), ...errorResponses(503) },
    },
    handler: async (request, reply) => {
      try {
        if (!client.isConfigured) throw new OidcFailure(503, OIDC_MESSAGES.notConfigured);
        const configuration = await client.configuration();
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const url = oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: SCOPE,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        reply.setCookie(OIDC_STATE_COOKIE, await sealState(key, { state, nonce, verifier }), {
          ...cookieOptions,
          maxAge: OIDC_STATE_TTL_SECONDS,
        });
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(url.href, 302);
      } catch (error) {
        if (error instanceof OidcFailure) return sendStartFailure(request, reply, error);
        throw error;
      }
    },
  });

  app.get('/auth/google/callback', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Finish Google sign-in: a page that reports the outcome to the window that opened it',
      querystring: OidcCallbackQuery,
      response: {
        200: z.string().describe('HTML page posting {type: "olden-auth", ok: true} to its opener'),
        400: z.string().describe('HTML page posting {type: "olden-auth", ok: false, message}'),
        429: z.string().describe('HTML page posting {type: "olden-auth", ok: false, message}'),
        503: z.string().describe('HTML page posting {type: "olden-auth", ok: false, message}'),
      },
    },
    handler: async (request, reply) => {
      // Single use: whatever happens next, this browser's pending sign-in is over.
      reply.clearCookie(OIDC_STATE_COOKIE, cookieOptions);
      try {
        if (!client.isConfigured) throw new OidcFailure(503, OIDC_MESSAGES.notConfigured);
        await auth.enforceOidcBudget(request.ip).catch((error: unknown) => {
          if (error instanceof AppError) throw new OidcFailure(429, error.message, error.extra.retryAfterSeconds);
          throw error;
        });
        const pending = await openState(key, request.cookies[OIDC_STATE_COOKIE]);
        const { state, error, code } = request.query;
        if (!pending || state !== pending.state) throw new OidcFailure(400, OIDC_MESSAGES.expired);
        if (error) throw new OidcFailure(400, error === 'access_denied' ? OIDC_MESSAGES.cancelled : OIDC_MESSAGES.failed);
        if (!code) throw new OidcFailure(400, OIDC_MESSAGES.failed);

        const configuration = await client.configuration();
        const query = request.url.slice(request.url.indexOf('?'));
        let claims: Record<string, unknown>;
        try {
          const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${redirectUri}${query}`), {
            pkceCodeVerifier: pending.verifier,
            expectedState: pending.state,
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          });
          claims = { ...tokens.claims() };
          // Providers that keep profile claims out of the ID token (as the spec allows) serve them at userinfo.
          if (claims.email === undefined) {
            claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))), ...claims };
          }
        } catch (grantError) {
          if (isUnreachable(grantError)) throw new OidcFailure(503, OIDC_MESSAGES.unavailable);
          request.log.warn({ err: grantError }, 'OpenID Connect code exchange failed');
          throw new OidcFailure(400, OIDC_MESSAGES.failed);
        }

        const identity = identityFrom(configuration.serverMetadata().issuer, claims);
        const { cookieValue } = await auth.signInWithOidc(identity).catch((linkError: unknown) => {
          if (linkError instanceof AppError && linkError.statusCode < 500) throw new OidcFailure(400, linkError.message);
          throw linkError;
        });
        await auth.replaceCookieSession(request.cookies[SESSION_COOKIE]);
        setSessionCookie(reply, config, cookieValue);
        return sendResultPage(reply, 200, { ok: true });
      } catch (failure) {
        if (!(failure instanceof OidcFailure)) throw failure;
        if (failure.retryAfterSeconds) reply.header('Retry-After', String(failure.retryAfterSeconds));
        return sendResultPage(reply, failure.statusCode, { ok: false, message: failure.message });
      }
    },
  });
};
