// Hand-built requests for tests: one multipart builder and one token forger, so a test controls every
// byte an attacker would (field names, declared types, JWT headers and claims).
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../modules/auth/tokens.ts';
import { TEST_JWT_SECRET, type TestUser } from './harness.ts';

export interface MultipartPart {
  /** Form field name; `image` when absent. */
  field?: string;
  /** Omitted: the part is a plain field, not a file. */
  filename?: string;
  /** The declared Content-Type of the part (never trusted by the server). */
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, ready to spread into `inject({ ...multipart(parts) })`. */
export function multipart(parts: MultipartPart[], boundary = '----olden-test-boundary-7d3f') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const name = `form-data; name="${p.field ?? 'image'}"`;
    const disposition = p.filename === undefined ? name : `${name}; filename="${p.filename}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (p.type) chunks.push(Buffer.from(`Content-Type: ${p.type}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const TEST_JWT_KEY = new TextEncoder().encode(TEST_JWT_SECRET);
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The claims the server signs for this user's session, valid for ten minutes; `extra` overrides any. */
export function tokenClaims(user: Pick<TestUser, 'id' | 'sessionId' | 'email'>, extra: Record<string, unknown> = {}) {
  return {
    sub: user.id,
    sid: user.sessionId,
    email: user.email,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
    ...extra,
  };
}

/** Signs any claims with any key and header through jose (the test app's secret by default). */
export function forgeToken(
  payload: Record<string, unknown>,
  options: { key?: Uint8Array; header?: Record<string, unknown> } = {},
): Promise<string> {
  const header = { alg: 'HS256', typ: 'JWT', ...options.header } as Parameters<SignJWT['setProtectedHeader']>[0];
  return new SignJWT(payload).setProtectedHeader(header).sign(options.key ?? TEST_JWT_KEY);
}

/** Signs by hand with HMAC-SHA256, for headers jose refuses to write (an unknown critical header). */
export function handSignToken(header: object, payload: object, key: Uint8Array = TEST_JWT_KEY): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}
