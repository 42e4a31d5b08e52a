import type { Offer } from '@olden/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** GET /buyerProduct/:id/offers: the request's offers and counter-offers, oldest first (a handful: no pages). */
export function listOffers(id: string, signal?: AbortSignal): Promise<Offer[]> {
  return api.get<Offer[]>(`/buyerProduct/${encodeURIComponent(id)}/offers`, { signal });
}

export const offersQueryOptions = (id: string) =>
  queryOptions({ queryKey: buyerRequestKeys.offers(id), queryFn: ({ signal }) => listOffers(id, signal) });

export function useOffers(id: string) {
  return useQuery(offersQueryOptions(id));
}

/**
 * Puts an offer (one just made or answered, or pushed by the live events) into its request's loaded list: a newer
 * copy replaces the old one, a new one goes in at its time. A list not loaded is left alone: it arrives complete.
 */
export function upsertOffer(queryClient: QueryClient, offer: Offer): void {
  queryClient.setQueryData<Offer[]>(buyerRequestKeys.offers(offer.requestId), (offers) => {
    if (!offers) return offers;
    const others = offers.filter((o) => o._id !== offer._id);
    return [...others, offer].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });
}
