// The words of the offers' mails (docs/product.md#offers), in the trade loop's style (notifications/mails.ts).
import { formatPrice, type OfferParty, type PriceFormat } from '@olden/contracts/constants';
import { type Mail, mailName } from '../../lib/mail.ts';
import { tradeMail } from '../notifications/mails.ts';

const hello = (name: string) => (name ? `Hello ${mailName(name)},` : 'Hello,');

/** What happened to an offer, as its mail says it. */
export type OfferNews = 'made' | 'countered' | 'accepted' | 'declined' | 'expired';

export function offerMail(
  to: { email: string; name: string },
  o: { news: OfferNews; listing: string; amountCents: number; by: OfferParty; otherName: string; recipientMade: boolean },
  url: string,
  format: PriceFormat,
): Mail {
  const amount = formatPrice(o.amountCents / 100, format);
  const other = mailName(o.otherName);
  const whose = o.recipientMade ? 'Your offer' : o.by === 'buyer' ? `${other}'s offer` : `${other}'s counter-offer`;
  const words: Record<OfferNews, { subject: string; line: string }> = {
    made: {
      subject: `New offer for "${o.listing}": ${amount}`,
      line: `${other} offers ${amount} for "${o.listing}". You can accept, decline or make a counter-offer.`,
    },
    countered: {
      subject: `Counter-offer for "${o.listing}": ${amount}`,
      line: `${other} answered with a counter-offer of ${amount} for "${o.listing}". You can accept, decline or counter it.`,
    },
    accepted: {
      subject: `Offer accepted for "${o.listing}": ${amount}`,
      line: `${whose} of ${amount} for "${o.listing}" was accepted: the request is accepted at that price. Arrange the handover in the conversation.`,
    },
    declined: {
      subject: `Offer declined for "${o.listing}"`,
      line: `${whose} of ${amount} for "${o.listing}" was declined. The request stays open at the listed price.`,
    },
    expired: {
      subject: `Offer expired for "${o.listing}"`,
      line: `${whose} of ${amount} for "${o.listing}" expired unanswered. The request stays open at the listed price.`,
    },
  };
  const { subject, line } = words[o.news];
  return tradeMail(to.email, subject, [`${hello(to.name)} ${line}`], url);
}
