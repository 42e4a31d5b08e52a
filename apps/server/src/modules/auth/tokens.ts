// Access tokens: HS256 only, issuer/audience/expiry checked, each names the session it came from.
import { jwtVerify, SignJWT } from 'jose';

export const TOKEN_ISSUER = 'olden-goods';
export const TOKEN_AUDIENCE = 'olden-goods-api';
export const TOKEN_TTL_SECONDS = 60 * 60;

export interface TokenClaims {
  sub: string;
  sid: string;
  email: string;
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid, email: claims.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** Returns the claims of a valid token, or null for anything else (never throws). */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          maxTokenAge: `${TOKEN_TTL_SECONDS}s`,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.email !== 'string') {
          return null;
        }
        return { sub: payload.sub, sid: payload.sid, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
