// The words of the review mails (docs/product.md#reviews-and-profiles): plain text, and the same words as simple HTML
// with every interpolated value escaped. Names are never links (mailName).
import { escapeHtml, type Mail, mailName } from '../../lib/mail.ts';

function compose(to: string, subject: string, paragraphs: string[], link: { label: string; url: string }): Mail {
  const text = [...paragraphs, `${link.label}:\n${link.url}`].join('\n\n') + '\n\nYou can turn these mails off in your profile.\n';
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` +
    `<p style="font-size:small;color:#555">${escapeHtml(link.url)}</p>` +
    '<p style="font-size:small;color:#555">You can turn these mails off in your profile.</p>' +
    '</body></html>';
  return { to, subject, text, html, links: [link.url] };
}

const hello = (name: string) => (name ? `Hello ${mailName(name)},` : 'Hello,');

/** The trade completed: both parties are asked to review the other before the window closes. */
export function reviewWindowMail(
  to: { email: string; name: string },
  trade: { listing: string; otherName: string; closesAt: Date },
  url: string,
): Mail {
  return compose(
    to.email,
    `How was it? Review your trade for "${trade.listing}"`,
    [
      `${hello(to.name)} the trade for "${trade.listing}" with ${mailName(trade.otherName)} is completed. How was it?`,
      `You can leave a review until ${trade.closesAt.toUTCString()}. Reviews are published when you both have written yours, or when that time comes, so neither of you sees the other's first.`,
    ],
    { label: 'Leave a review', url },
  );
}

export function reviewPublishedMail(to: { email: string; name: string }, review: { listing: string; rating: number }, url: string): Mail {
  return compose(
    to.email,
    `A review of your trade for "${review.listing}" is published`,
    [`${hello(to.name)} a review of you (${review.rating} out of 5) for "${review.listing}" is now on your public profile. You may answer it once.`],
    { label: 'See your profile', url },
  );
}
