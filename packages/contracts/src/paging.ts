// Keyset paging constants shared by server and web (zod-free).

export const PAGE_LIMIT_DEFAULT = 24;
export const PAGE_LIMIT_MAX = 100;
/** The response header that carries the next page's cursor (also given as `Link: <...>; rel="next"`). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** Cursors are opaque base64url text of at most this length. */
export const CURSOR_MAX_LENGTH = 300;
