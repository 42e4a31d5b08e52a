// Mails that name listings (saved-search alerts, digests, price drops): a line per listing with its photo, price and
// link, in plain text and in simple HTML with every seller-written value escaped and never a link of its own
// (docs/product.md#server-rules-mail).
import { storedImageId } from '@olden/contracts';
import { formatPrice, type PriceFormat } from '@olden/contracts/constants';
import { absoluteImageUrl, type ImageUrlConfig } from './image-urls.ts';
import { escapeHtml, type Mail, mailName } from './mail.ts';

export interface MailedListing {
  id: string;
  name: string;
  priceCents: number;
  /** The price before, for a drop. */
  oldCents?: number;
  image?: string;
}

export interface ListingSection {
  heading?: string;
  listings: MailedListing[];
  /** Where "see all" goes (a timeline with the search's filters). */
  moreUrl?: string;
  moreText?: string;
}

export const listingUrl = (publicUrl: string, id: string) => `${publicUrl}/productDetails/${encodeURIComponent(id)}`;

/** A photo as a mail can show it: a stored image where it is served (lib/image-urls.ts), or an external https URL. */
function photoUrl(urls: ImageUrlConfig, image: string | undefined): string | undefined {
  if (!image) return undefined;
  if (storedImageId(image) !== undefined) return absoluteImageUrl(image, urls);
  return /^https:\/\//.test(image) ? image : undefined;
}

export function listingsMail(
  options: {
    to: string;
    subject: string;
    intro: string;
    sections: ListingSection[];
    /** Where links and stored photos point (PUBLIC_URL, S3_PUBLIC_URL). */
    urls: ImageUrlConfig;
    priceFormat: PriceFormat;
    footer: string;
    /**
     * One-click unsubscribe: `page` is the body's link (a web page that turns the alert off), `oneClick` the address
     * of the List-Unsubscribe headers, to which a mail client POSTs (RFC 8058).
     */
    unsubscribe?: { page: string; oneClick: string };
  },
): Mail {
  const { urls, priceFormat } = options;
  const { publicUrl } = urls;
  const price = (cents: number) => formatPrice(cents / 100, priceFormat);
  const textLines: string[] = [options.intro, ''];
  const links: string[] = [];
  let html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(options.intro)}</p>`;
  for (const section of options.sections) {
    if (section.heading) {
      textLines.push(section.heading, '');
      html += `<h2 style="font-size:1.1em">${escapeHtml(section.heading)}</h2>`;
    }
    html += '<table role="presentation" style="border-collapse:collapse">';
    for (const l of section.listings) {
      const url = listingUrl(publicUrl, l.id);
      links.push(url);
      const was = l.oldCents !== undefined ? ` (was ${price(l.oldCents)})` : '';
      textLines.push(`- ${mailName(l.name)}: ${price(l.priceCents)}${was}`, `  ${url}`);
      const photo = photoUrl(urls, l.image);
      html +=
        '<tr>' +
        `<td style="padding:4px">${photo ? `<img src="${escapeHtml(photo)}" alt="" width="64" height="64" style="object-fit:cover">` : ''}</td>` +
        `<td style="padding:4px"><a href="${escapeHtml(url)}">${escapeHtml(mailName(l.name))}</a><br>${escapeHtml(price(l.priceCents))}${escapeHtml(was)}</td>` +
        '</tr>';
    }
    html += '</table>';
    if (section.moreUrl) {
      links.push(section.moreUrl);
      textLines.push('', `${section.moreText ?? 'See all'}:`, section.moreUrl);
      html += `<p><a href="${escapeHtml(section.moreUrl)}">${escapeHtml(section.moreText ?? 'See all')}</a></p>`;
    }
    textLines.push('');
  }
  textLines.push(options.footer);
  html += `<p style="font-size:small;color:#555">${escapeHtml(options.footer)}</p>`;
  const headers: Record<string, string> = {};
  if (options.unsubscribe) {
    const { page, oneClick } = options.unsubscribe;
    links.push(page);
    textLines.push(`Turn this alert off: ${page}`);
    html += `<p style="font-size:small"><a href="${escapeHtml(page)}">Turn this alert off</a></p>`;
    headers['List-Unsubscribe'] = `<${oneClick}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  html += '</body></html>';
  return { to: options.to, subject: options.subject, text: `${textLines.join('\n')}\n`, html, links, ...(options.unsubscribe ? { headers } : {}) };
}
