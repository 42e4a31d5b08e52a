// Accepting or declining an offer, confirmed first in the spec's confirmation style (as a request's Accept and
// Decline, lib/decide-request.ts). A refusal is returned, not popped up: the card keeps it on screen beside the offer.
import type { BuyerProduct, Offer } from '@olden/contracts';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { confirmAction, showSuccess } from '@/lib/popups';

export type OfferDecision = 'accept' | 'decline';

/** The confirmation's words and the success popup's title, told from the answering party's side. */
export function decisionWording(request: BuyerProduct, offer: Offer, decision: OfferDecision): { confirm: [string, string, string]; success: string } {
  const amount = formatPrice(offer.amount);
  // The one answering is the party who did not make the offer.
  const maker = offer.by === 'buyer' ? request.buyerName : request.uploaderName;
  if (decision === 'decline') {
    return {
      confirm: ['Are you sure?', `${maker}'s offer of ${amount} for ${request.name} will be declined.`, 'Yes, decline it!'],
      success: `${maker}'s offer has been declined`,
    };
  }
  if (offer.by === 'buyer') {
    return {
      confirm: ['Are you sure?', `${request.name} will be reserved for ${maker} at ${amount} until you hand it over.`, 'Yes, accept it!'],
      success: `${request.name} is reserved for ${maker} at ${amount}`,
    };
  }
  return {
    confirm: ['Are you sure?', `You agree to buy ${request.name} for ${amount}; ${maker} will hold it for you until the handover.`, 'Yes, accept it!'],
    success: `You agreed to buy ${request.name} for ${amount}`,
  };
}

/**
 * Confirms, answers, says so. Resolves to the server's reason when it refused, null when it went through or the
 * person thought better of it.
 */
export async function decideOffer(
  request: BuyerProduct,
  offer: Offer,
  decision: OfferDecision,
  answer: (input: { id: string; offerId: string; action: OfferDecision }) => Promise<unknown>,
): Promise<{ done: boolean; error: string | null }> {
  const wording = decisionWording(request, offer, decision);
  if (!(await confirmAction(...wording.confirm))) return { done: false, error: null };
  try {
    await answer({ id: request._id, offerId: offer._id, action: decision });
    void showSuccess(wording.success);
    return { done: true, error: null };
  } catch (err) {
    return { done: false, error: errorMessage(err) };
  }
}
