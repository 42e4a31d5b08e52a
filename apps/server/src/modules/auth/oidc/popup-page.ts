// The page that ends a Google sign-in in its popup: it posts the outcome to the window that opened it
// (the message type is shared with the web through contracts) and closes.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { OIDC_POPUP_MESSAGE_TYPE, type OidcPopupMessage, type OidcPopupResult } from '@olden/contracts';

/** The id of the JSON block the script reads the outcome from. */
const DATA_ID = 'olden-auth';

// The page's one script is constant (the outcome travels in the JSON data block), so a fixed hash allows
// it and nothing else runs.
const RESULT_SCRIPT =
  `(function(){var d=JSON.parse(document.getElementById('${DATA_ID}').textContent);` +
  'var o=window.opener;if(o&&!o.closed){try{o.postMessage(d,location.origin)}catch(e){}window.close()}})();';
const RESULT_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;text-align:center;color:#1f2937}a{color:#0f766e}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const RESULT_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(RESULT_SCRIPT)}`,
  `style-src ${sha256(RESULT_STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** How the callback route documents the page, for each status. */
export const describePopupPage = (result: string) => `HTML page posting {type: "${OIDC_POPUP_MESSAGE_TYPE}", ${result}} to its opener`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON that cannot close its <script> block. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function popupPage(result: OidcPopupResult): string {
  const message: OidcPopupMessage = { type: OIDC_POPUP_MESSAGE_TYPE, ...result };
  const text = result.ok ? 'You are signed in. You can close this window.' : result.message;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Olden Goods | Sign in</title><style>${RESULT_STYLE}</style></head>
<body><p>${escapeHtml(text)}</p><p><a href="/">Continue to Olden Goods</a></p>
<script type="application/json" id="${DATA_ID}">${scriptSafeJson(message)}</script>
<script>${RESULT_SCRIPT}</script></body></html>`;
}

export function sendPopupPage(reply: FastifyReply, status: number, result: OidcPopupResult) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', RESULT_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    // The URL holds the authorization code: never send it anywhere as a referrer.
    .header('Referrer-Policy', 'no-referrer')
    // The popup arrives here from the provider's origin; any stricter policy would cut it off from its opener.
    .header('Cross-Origin-Opener-Policy', 'unsafe-none')
    .send(popupPage(result));
}
