// The Google sign-in popup protocol: the callback page posts one message to its opener (same origin).

export const OIDC_POPUP_MESSAGE_TYPE = 'olden-auth';
/** The popup window's name, so a second click reuses the same window. */
export const OIDC_POPUP_WINDOW_NAME = 'olden-google';

export type OidcPopupResult = { ok: true } | { ok: false; message: string };
export type OidcPopupMessage = { type: typeof OIDC_POPUP_MESSAGE_TYPE } & OidcPopupResult;

/** What the opener accepts: the right type, and `ok` with a message when it failed. */
export function isOidcPopupMessage(data: unknown): data is OidcPopupMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { type?: unknown; ok?: unknown; message?: unknown };
  if (d.type !== OIDC_POPUP_MESSAGE_TYPE) return false;
  return d.ok === true || (d.ok === false && typeof d.message === 'string');
}
