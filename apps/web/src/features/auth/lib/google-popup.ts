// The Google sign-in popup protocol: open the window, then wait for the one message its callback page posts
// to this window (same origin), or for the person to close it.
import { isOidcPopupMessage, OIDC_POPUP_WINDOW_NAME, type OidcPopupResult } from '@olden/contracts/constants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

export const POPUP_BLOCKED_MESSAGE = 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.';
const CLOSED_POLL_MS = 500;
/** A message sent just before the window closed gets this long to arrive. */
const CLOSED_GRACE_MS = 300;

/** Resolves with the callback's result, or null when the person closed the window without finishing. */
export function runGooglePopup(): Promise<OidcPopupResult | null> {
  return new Promise((resolve, reject) => {
    const popup = window.open(paths.googleStart.getHref(), OIDC_POPUP_WINDOW_NAME, 'popup,width=520,height=680');
    if (!popup) {
      reject(new ApiError(400, POPUP_BLOCKED_MESSAGE));
      return;
    }
    let settled = false;
    const finish = (result: OidcPopupResult | null) => {
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (settled || event.origin !== window.location.origin || !isOidcPopupMessage(event.data)) return;
      finish(event.data.ok ? { ok: true } : { ok: false, message: event.data.message });
    };
    const closedPoll = window.setInterval(() => {
      if (popup.closed && !settled) {
        window.setTimeout(() => {
          if (!settled) finish(null);
        }, CLOSED_GRACE_MS);
      }
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
