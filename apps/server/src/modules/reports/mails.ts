// The words of the moderation mails (docs/product.md#reports-and-moderation). Plain text and simple HTML with every
// interpolated value escaped; the reporter is never told who else reported or what happened to the other user.
import type { ReportTargetType } from '@olden/contracts/constants';
import { escapeHtml, type Mail, mailName } from '../../lib/mail.ts';

const WHAT: Record<ReportTargetType, string> = { listing: 'a listing', user: 'a member', message: 'a message', review: 'a review' };
/** Whose conduct a warning is about, as the warned member reads it. */
const YOURS: Record<ReportTargetType, string> = { listing: 'one of your listings', user: 'your account', message: 'one of your messages', review: 'one of your reviews' };

function compose(to: string, subject: string, paragraphs: string[], url: string, linkText: string): Mail {
  const text = [...paragraphs, `${linkText}:\n${url}`].join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
    paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(linkText)}</a></p>` +
    '</body></html>';
  return { to, subject, text, html, links: [url] };
}

const hello = (name: string) => `Hello ${mailName(name)},`;

/** To each reporter when their report is resolved: the outcome only. */
export function reportResolvedMail(to: { email: string; name: string }, targetType: ReportTargetType, actionTaken: boolean, publicUrl: string): Mail {
  const outcome = actionTaken
    ? 'A moderator reviewed it and took action. Thank you for helping keep Olden Goods safe.'
    : 'A moderator reviewed it and found no violation of our rules. Thank you for telling us all the same.';
  return compose(
    to.email,
    'Your report was reviewed',
    [`${hello(to.name)} you reported ${WHAT[targetType]} on Olden Goods.`, outcome],
    `${publicUrl}/dashboard/reports`,
    'See your reports',
  );
}

/** To the seller of a listing a moderator removed. */
export function listingRemovedMail(to: { email: string; name: string }, listing: string, note: string, publicUrl: string): Mail {
  return compose(
    to.email,
    `Your listing "${listing.replace(/[\r\n]+/g, ' ')}" was removed`,
    [
      `${hello(to.name)} a moderator removed your listing "${listing}" from Olden Goods after reports from other members. Its open buy requests were declined.`,
      note ? `The moderator's reason: ${note}` : 'It broke the marketplace rules.',
    ],
    `${publicUrl}/dashboard/myAddedProducts`,
    'See your listings',
  );
}

/** To the user a moderator warned. */
export function warningMail(to: { email: string; name: string }, targetType: ReportTargetType, note: string, publicUrl: string): Mail {
  return compose(
    to.email,
    'A warning from the Olden Goods moderators',
    [
      `${hello(to.name)} a moderator reviewed reports about ${YOURS[targetType]} and is warning you.`,
      note ? `The moderator's reason: ${note}` : 'Please keep to the marketplace rules.',
      'Further reports may lead to your listings being removed or your account being closed.',
    ],
    publicUrl,
    'Olden Goods',
  );
}
