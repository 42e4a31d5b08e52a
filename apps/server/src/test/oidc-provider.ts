// A real OpenID provider (oidc-provider) on 127.0.0.1 for tests, and a tiny "browser" that signs in
// through its login and consent pages over HTTP, carrying cookies and following redirects by hand.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Keyed by account id (the `sub`). */
  accounts: Map<string, TestAccount>;
  /** false: profile claims also go into the ID token, as Google does; true (the library default): userinfo only. */
  conformIdTokenClaims?: boolean;
  /** Defaults to a free one. */
  port?: number;
}

interface ProviderInstance {
  on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): void;
  on(event: 'grant.error', listener: (ctx: unknown, error: Error & { error?: string }) => void): void;
  callback(): http.RequestListener;
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING')) return;
    warn(...args);
  };
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

export async function startOidcProvider(options: TestProviderOptions) {
  const server = http.createServer();
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };

  // The library warns (on stderr) about its dev-only defaults and about Node 20; those are this helper's choice.
  const provider = await quietly(async () => {
    // oidc-provider ships no types; this helper needs only the few members declared below.
    const moduleName: string = 'oidc-provider';
    const { default: Provider } = (await import(moduleName)) as { default: ProviderConstructor };
    return new Provider(issuer, {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: [options.redirectUri],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk] },
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      conformIdTokenClaims: options.conformIdTokenClaims ?? true,
      cookies: { keys: ['test-cookie-signing-key-0123456789'] },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      features: { devInteractions: { enabled: true } },
      async findAccount(_ctx: unknown, id: string) {
        const account = options.accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
    });
  });
  // The provider logs its own errors; a failing test says enough.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());

  /** Codes the token endpoint has refused (replays and the like), for assertions. */
  const tokenErrors: string[] = [];
  provider.on('grant.error', (_ctx, error) => tokenErrors.push(error.error ?? error.message));

  return {
    issuer,
    provider,
    tokenErrors,
    /**
     * Drives the provider's login and consent pages for `accountId`, starting at the authorization URL,
     * and returns the URL the provider finally redirects to (our callback, with code and state).
     */
    async signIn(authorizationUrl: string, accountId: string): Promise<URL> {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const keep = (res: Response) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair, ...attributes] = line.split(';');
          const eq = pair!.indexOf('=');
          const name = pair!.slice(0, eq).trim();
          const value = pair!.slice(eq + 1).trim();
          const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
          if (!value || expired) jar.delete(name);
          else jar.set(name, value);
        }
      };
      let url = new URL(authorizationUrl);
      let init: RequestInit = {};
      for (let step = 0; step < 20; step += 1) {
        if (url.href.startsWith(options.redirectUri)) return url;
        const res = await fetch(url, { redirect: 'manual', ...init, headers: { cookie: cookieHeader(), ...(init.headers ?? {}) } });
        keep(res);
        init = {};
        if (res.status >= 300 && res.status < 400) {
          url = new URL(res.headers.get('location')!, url);
          continue;
        }
        const html = await res.text();
        if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`);
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
        if (!action || !prompt) throw new Error(`no interaction form at ${url.pathname}: ${html.slice(0, 300)}`);
        url = new URL(action.replace(/&amp;/g, '&'), url);
        const form = new URLSearchParams({ prompt });
        if (prompt === 'login') {
          form.set('login', accountId);
          form.set('password', 'anything');
        }
        init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
