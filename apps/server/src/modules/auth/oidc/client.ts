// The OpenID Connect client: discovery once per app, the authorization URL (PKCE, state, nonce), and the
// code exchange that yields the user's claims.
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../../config.ts';
import { OIDC_MESSAGES, signInRefused, signInUnavailable } from './failures.ts';
import type { PendingSignIn } from './state-cookie.ts';
import { isUnreachable } from './unreachable.ts';

const DISCOVERY_TIMEOUT_SECONDS = 5;
const SCOPE = 'openid email profile';

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function createOidcClient(config: Config) {
  const issuer = new URL(config.OIDC_ISSUER);
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  // Discovery once per process (per app); a failure is not cached, so the next click retries.
  let discovered: Promise<oidc.Configuration> | undefined;

  async function configuration(): Promise<oidc.Configuration> {
    if (!config.OIDC_CLIENT_ID) throw signInUnavailable(OIDC_MESSAGES.notConfigured);
    discovered ??= oidc
      .discovery(
        issuer,
        config.OIDC_CLIENT_ID,
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
      throw signInUnavailable();
    }
  }

  return {
    get isConfigured() {
      return Boolean(config.OIDC_CLIENT_ID);
    },

    /** Where to send the browser, and the secrets its state cookie must keep until the callback. */
    async authorizationUrl(): Promise<{ url: URL; pending: PendingSignIn }> {
      const found = await configuration();
      const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    /** Trades the callback's code for the user's claims, checked against what the state cookie kept. */
    async exchangeCode(
      query: string,
      pending: PendingSignIn,
      log: FastifyBaseLogger,
    ): Promise<{ issuer: string; claims: Record<string, unknown> }> {
      const found = await configuration();
      try {
        const tokens = await oidc.authorizationCodeGrant(found, new URL(`${redirectUri}${query}`), {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        let claims: Record<string, unknown> = { ...tokens.claims() };
        // Providers that keep profile claims out of the ID token (as the spec allows) serve them at userinfo.
        if (claims.email === undefined) {
          claims = { ...(await oidc.fetchUserInfo(found, tokens.access_token, String(claims.sub))), ...claims };
        }
        return { issuer: found.serverMetadata().issuer, claims };
      } catch (error) {
        if (isUnreachable(error)) throw signInUnavailable();
        log.warn({ err: error }, 'OpenID Connect code exchange failed');
        throw signInRefused(OIDC_MESSAGES.failed);
      }
    },
  };
}
