// One-click unsubscribe tokens of alert and digest mails: the saved search's id and an HMAC of it and its owner, keyed by
// the server's secret (JWT_SECRET) under its own label, so a token opens nothing else and another search's token,
// an edited one or one from another server turns nothing off.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function createUnsubscribeTokens(secret: string) {
  const key = createHash('sha256').update(`olden-goods saved-search unsubscribe\0${secret}`).digest();
  const mac = (id: string, userId: string) => createHmac('sha256', key).update(`${id}\0${userId}`).digest().subarray(0, 24);
  return {
    sign: (id: string, userId: string) => `${id}.${mac(id, userId).toString('base64url')}`,
    /** The search id a token names; check it with `verify` against the search's owner. */
    idOf(token: string): string | undefined {
      const m = /^([a-f0-9]{32})\.([A-Za-z0-9_-]{32})$/.exec(token);
      return m?.[1];
    },
    verify(token: string, id: string, userId: string): boolean {
      const given = Buffer.from(token.slice(token.indexOf('.') + 1), 'base64url');
      const expected = mac(id, userId);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
