// The words of the trade loop's mails (docs/product.md#messages-and-notifications). Plain text, and the same
// words as simple HTML with every interpolated value (names, listing titles, message text) escaped.
import { type BuyerRequestStatus, FLAGGED_MESSAGE_WARNING, formatPrice, type PriceFormat } from '@olden/contracts/constants';
import { escapeHtml, type Mail, mailName } from '../../lib/mail.ts';

/** The thread page every trade mail links to. */
export const threadUrl = (publicUrl: string, requestId: string) => `${publicUrl}/dashboard/requests/${encodeURIComponent(requestId)}`;

function compose(to: string, subject: string, paragraphs: string[], quote: string | undefined, url: string): Mail {
  const text = [...paragraphs, ...(quote === undefined ? [] : [quote]), `Open the conversation:\n${url}`].join('\n\n') + '\n';
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
    paragraphs.map(p).join('') +
    (quote === undefined
      ? ''
      : `<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:1em">${escapeHtml(quote)}</blockquote>`) +
    `<p><a href="${escapeHtml(url)}">Open the conversation</a></p>` +
    `<p style="font-size:small;color:#555">${escapeHtml(url)}</p>` +
    '<p style="font-size:small;color:#555">You can turn these mails off in your profile.</p>' +
    '</body></html>';
  return { to, subject, text: `${text}\nYou can turn these mails off in your profile.\n`, html, links: [url] };
}

/**
 * The recipient's own name only when their address is proven (`name` empty otherwise: whoever registered an
 * address chose it); every name is shown as text, never as a link.
 */
const hello = (name: string) => (name ? `Hello ${mailName(name)},` : 'Hello,');

export function newRequestMail(to: { email: string; name: string }, r: { buyerName: string; name: string }, url: string): Mail {
  return compose(
    to.email,
    `New request for "${r.name}"`,
    [`${hello(to.name)} ${mailName(r.buyerName)} would like to buy "${r.name}". You can accept or decline the request, and write to the buyer.`],
    undefined,
    url,
  );
}

const DECISION_WORDS: Partial<Record<BuyerRequestStatus, { subject: string; line: string }>> = {
  Accepted: { subject: 'was accepted', line: 'The seller accepted your request: the item is reserved for you. Arrange the handover with the seller.' },
  Declined: { subject: 'was declined', line: 'Your request was declined; the item is no longer reserved for you.' },
  Completed: { subject: 'is completed', line: 'The handover is done and the sale is completed. Thank you for buying on Olden Goods.' },
};

/** The statuses the buyer is mailed about. */
export const MAILED_STATUSES = Object.keys(DECISION_WORDS) as BuyerRequestStatus[];

/** A trade mail of plain paragraphs with the thread's link (the offers module's mails too). */
export const tradeMail = (to: string, subject: string, paragraphs: string[], url: string): Mail => compose(to, subject, paragraphs, undefined, url);

export function requestChangedMail(
  to: { email: string; name: string },
  r: { name: string; status: BuyerRequestStatus; agreedPriceCents?: number | null },
  url: string,
  format?: PriceFormat,
): Mail | undefined {
  const words = DECISION_WORDS[r.status];
  if (!words) return undefined;
  // An accepted offer set the price the trade goes at (docs/product.md#offers).
  const agreed = r.agreedPriceCents != null && r.status !== 'Declined' ? ` The agreed price is ${formatPrice(r.agreedPriceCents / 100, format)}.` : '';
  return compose(to.email, `Your request for "${r.name}" ${words.subject}`, [`${hello(to.name)} ${words.line}${agreed}`], undefined, url);
}

/**
 * A flagged message (docs/product.md#scam-warnings) is not quoted: a mail client would make its links, addresses and
 * numbers clickable. The mail says why and sends the reader to the thread, where the warning stands beside it.
 */
export function newMessageMail(
  to: { email: string; name: string },
  m: { senderName: string; text: string; listing: string; flags: readonly string[] },
  url: string,
): Mail {
  if (m.flags.length > 0) {
    return compose(
      to.email,
      `New message about "${m.listing}"`,
      [
        `${hello(to.name)} ${mailName(m.senderName)} wrote to you about "${m.listing}".`,
        'The message contains contact or payment details outside Olden Goods, so it is not shown in this mail. Read it in the conversation. ' +
          FLAGGED_MESSAGE_WARNING,
      ],
      undefined,
      url,
    );
  }
  return compose(
    to.email,
    `New message about "${m.listing}"`,
    [`${hello(to.name)} ${mailName(m.senderName)} wrote to you about "${m.listing}":`],
    m.text,
    url,
  );
}
