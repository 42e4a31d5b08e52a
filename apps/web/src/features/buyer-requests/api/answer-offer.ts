import type { AnswerOfferBody, BuyerProduct, Offer } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';
import { upsertOffer } from './list-offers';

export interface OfferAnswer {
  /** The offer answered, with its new status. */
  offer: Offer;
  /** A counter's new open offer; null after an accept or a decline. */
  counter: Offer | null;
  /** The request after it: Accepted, with its agreedPrice, after an accept. */
  request: BuyerProduct;
}

/**
 * PATCH /buyerProduct/:id/offers/:offerId {action, amount?}: the party who did not make the open offer accepts,
 * declines or counters it (409 OFFER_CLOSED when it expired or was answered meanwhile).
 */
export function answerOffer({ id, offerId, ...body }: { id: string; offerId: string } & AnswerOfferBody): Promise<OfferAnswer> {
  return api.patch<OfferAnswer>(`/buyerProduct/${encodeURIComponent(id)}/offers/${encodeURIComponent(offerId)}`, body);
}

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSuccess: ({ offer, counter, request }) => {
      upsertOffer(queryClient, offer);
      if (counter) upsertOffer(queryClient, counter);
      queryClient.setQueryData(buyerRequestKeys.detail(request._id), request);
      return queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all });
    },
    // OFFER_CLOSED and the like: the offer or the request changed meanwhile; show them as they are now.
    onError: (_error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyerRequestKeys.offers(id) }),
        queryClient.invalidateQueries({ queryKey: buyerRequestKeys.detail(id) }),
      ]),
  });
}
