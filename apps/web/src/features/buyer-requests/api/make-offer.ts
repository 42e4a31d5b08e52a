import type { MakeOfferBody, Offer } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';
import { upsertOffer } from './list-offers';

/**
 * POST /buyerProduct/:id/offers {amount}: the buyer of a Pending request offers less than the listed price (409
 * OFFER_TOO_LOW / OFFER_TOO_HIGH / OFFER_OPEN / OFFERS_OFF, 429 OFFER_LIMIT, each with a message people can read).
 */
export async function makeOffer({ id, amount }: { id: string } & MakeOfferBody): Promise<Offer> {
  const { offer } = await api.post<{ offer: Offer }>(`/buyerProduct/${encodeURIComponent(id)}/offers`, { amount });
  return offer;
}

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSuccess: (offer) => {
      upsertOffer(queryClient, offer);
      // The prefix covers the request, the lists and the badges' summary as well as the offers.
      return queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all });
    },
    // Refused because the thread moved on (an offer opened, the request closed): show what it is now.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.offers(id) }),
  });
}
