// The one table of error codes, shared by server and web (zod-free, so the web's first load can use it).

/**
 * Error code -> HTTP status. Generic codes name the kind of failure; domain codes name the rule that
 * refused the call, so the web branches on `error.code`, never on a status plus a guess.
 */
export const ERROR_STATUS = {
  // Generic
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  // Domain
  /** A cursor that is not one this server made for this list and order. */
  INVALID_CURSOR: 400,
  /** A buyer asked for their own listing. */
  OWN_LISTING: 400,
  /** A listing names a server-stored image that was never uploaded here. */
  IMAGE_NOT_STORED: 400,
  /** A user's listing names a stored image someone else uploaded (admins may). */
  IMAGE_NOT_YOURS: 400,
  /** A mailed link's token that is unknown, used, expired or replaced by a newer one. */
  INVALID_TOKEN: 400,
  /**
   * A verification link opened where its account is not signed in: nothing changes, the link stays usable.
   * 409, not 401/403: the web's spec rule signs out on those, and the browser may be signed in to another account.
   */
  SIGN_IN_TO_VERIFY: 409,
  /** A password change whose current password is wrong. */
  WRONG_PASSWORD: 400,
  /** A new password found in the list of common and breached passwords. */
  COMMON_PASSWORD: 400,
  /** Google sign-in for an email already linked to another Google account. */
  IDENTITY_ALREADY_LINKED: 400,
  /** Wrong email or password (the same answer for both, so accounts cannot be probed). */
  INVALID_CREDENTIALS: 401,
  /** The caller is signed in but the listing, request or profile belongs to someone else. */
  NOT_YOURS: 403,
  /** An admin-only call made by a user. */
  ADMINS_ONLY: 403,
  /** An admin trying to ban their own account. */
  SELF_BAN: 403,
  /** A token asked for an email other than the session's own. */
  EMAIL_MISMATCH: 403,
  /** A Google-only account deleting itself without a sign-in in the last 10 minutes. */
  REAUTH_REQUIRED: 403,
  /** REQUIRE_ADMIN_2FA: an admin-only call by an admin who has not turned two-step sign-in on. */
  TWO_FACTOR_REQUIRED: 403,
  /** A wrong, replayed or spent second-factor code, or a sign-in challenge that is unknown, spent or expired. */
  INVALID_CODE: 401,
  /** The buyer already has an open request for this listing. */
  ALREADY_REQUESTED: 409,
  /** Registration with an email that already has an account. */
  EMAIL_TAKEN: 409,
  /** Deleting an image a listing, profile, category or buy request still shows. */
  IMAGE_IN_USE: 409,
  // --- Admins (docs/product.md#server-rules-users): 409, not 403, because the target's state refuses the call, not the
  // caller's rights (and the web's spec rule signs out on every 403). ---
  /** Banning (deleting) an admin: remove their admin role first. */
  ADMIN_NOT_BANNABLE: 409,
  /** Demoting or banning an admin named in the server's ADMIN_EMAILS: only the configuration changes that. */
  PROTECTED_ADMIN: 409,
  /** Demoting the only admin left (also when two admins demote each other at once). */
  LAST_ADMIN: 409,
  // --- The trade loop (docs/product.md#trade-lifecycle) ---
  /** A status change the request's state does not allow (a closed request, accepting an accepted one). */
  REQUEST_CLOSED: 409,
  /** Buying or accepting a request for a listing that is reserved or sold. */
  LISTING_UNAVAILABLE: 409,
  /** Posting to the thread of a closed request (it stays readable). */
  THREAD_CLOSED: 409,
  // --- Offers (docs/product.md#offers) ---
  /** An offer below the listing's floor (the floor itself is never told). */
  OFFER_TOO_LOW: 409,
  /** An offer at or above the listing's price (ask at the price), or a counter that is no counter. */
  OFFER_TOO_HIGH: 409,
  /** A new offer while one is open on the request: answer it (a counter replaces it). */
  OFFER_OPEN: 409,
  /** Answering an offer that expired or was already answered or closed. */
  OFFER_CLOSED: 409,
  /** The seller does not take offers on this listing. */
  OFFERS_OFF: 409,
  /** The buyer made OFFERS_PER_REQUEST offers on this request already. */
  OFFER_LIMIT: 429,
  // --- Favourites and saved searches (docs/product.md#favourites-and-saved-searches) ---
  /** Saving a listing past FAVOURITES_MAX. */
  FAVOURITES_FULL: 409,
  /** Saving a search past SAVED_SEARCHES_MAX. */
  SAVED_SEARCHES_FULL: 409,
  /** Saving a search whose filters the caller already saved. */
  ALREADY_SAVED: 409,
  // --- Reports and moderation (docs/product.md#reports-and-moderation) ---
  /** Reporting yourself, your own listing or your own message. */
  OWN_TARGET: 409,
  /** The caller already has an open report on this target. */
  ALREADY_REPORTED: 409,
  /** Resolving a target that has no open report (another moderator resolved it first). */
  NOTHING_TO_RESOLVE: 409,
  /** A moderation action that does not apply to the target (remove_listing on a user or a message). */
  ACTION_NOT_APPLICABLE: 400,
  // --- Reviews (docs/product.md#reviews-and-profiles) ---
  /** Reviewing a buy request that is not Completed. */
  NOT_COMPLETED: 409,
  /** A party's second review of the same trade. */
  ALREADY_REVIEWED: 409,
  /** Reviewing after the review window closed (REVIEW_WINDOW_HOURS after the handover). */
  REVIEW_WINDOW_CLOSED: 409,
  /** A second reply to a review, or a reply to a review not yet published. */
  ALREADY_REPLIED: 409,
  /** An upload past the caller's photo storage quota (IMAGE_QUOTA_MB). */
  QUOTA_EXCEEDED: 413,
  // --- Safety (docs/product.md#blocking, #limits-for-new-accounts) ---
  /**
   * A buy request or a message between two users one of whom blocked the other: the same answer whoever blocked
   * whom. The web does not sign out on it (isAuthFailure).
   */
  BLOCKED: 403,
  /** Blocking one's own account. */
  CANNOT_BLOCK_SELF: 400,
  /** More blocks than a user may hold (BLOCKS_MAX). */
  BLOCK_LIMIT: 409,
  /** A new or unverified account past its daily listings, buy requests or messages (NEW_ACCOUNT_LIMITS). */
  NEW_ACCOUNT_LIMIT: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/**
 * The spec's rule for the web: a 401 or 403 logs out and goes to /login. A 403 `BLOCKED` is no failure of the
 * session (the other user blocked, or was blocked by, the caller), so it does not.
 */
export function isAuthFailure(status: number, code?: string): boolean {
  if (code === 'BLOCKED') return false;
  return status === 401 || status === 403;
}
