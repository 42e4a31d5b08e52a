// What each live event (GET /api/events) changes in the buy-request caches: the badges' summary, an open thread,
// its offers, the lists' statuses and unread counts.
import type { Message, Offer, RequestEvent, Summary } from '@olden/contracts';
import { type EventName, OFFER_PARTIES, OFFER_STATUSES } from '@olden/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { buyerRequestKeys } from '../api/buyer-request-keys';
import { appendMessage } from '../api/list-messages';
import { upsertOffer } from '../api/list-offers';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isSummary(data: unknown): data is Summary {
  return isObject(data) && ['cartCount', 'requestCount', 'unreadMessages'].every((key) => typeof data[key] === 'number');
}

function isMessage(data: unknown): data is Message {
  return isObject(data) && typeof data._id === 'string' && typeof data.requestId === 'string' && typeof data.text === 'string';
}

function isOffer(data: unknown): data is Offer {
  return (
    isObject(data) &&
    ['_id', 'requestId', 'createdAt', 'expiresAt'].every((key) => typeof data[key] === 'string') &&
    typeof data.amount === 'number' &&
    (OFFER_PARTIES as readonly unknown[]).includes(data.by) &&
    (OFFER_STATUSES as readonly unknown[]).includes(data.status) &&
    (data.answeredAt === null || typeof data.answeredAt === 'string')
  );
}

export function isRequestEvent(data: unknown): data is RequestEvent {
  return isObject(data) && typeof data.requestId === 'string' && typeof data.status === 'string' && typeof data.productId === 'string';
}

/** Applies one event; anything malformed is ignored (the next refetch corrects the caches anyway). */
export function applyLiveEvent(queryClient: QueryClient, name: EventName, data: unknown): void {
  switch (name) {
    case 'summary': {
      if (!isSummary(data)) return;
      const previous = queryClient.getQueryData<Summary>(buyerRequestKeys.summary());
      queryClient.setQueryData(buyerRequestKeys.summary(), data);
      // A count changed (a new request, a new message): the lists on screen are behind too.
      const hasChanged = previous && (['cartCount', 'requestCount', 'unreadMessages'] as const).some((key) => previous[key] !== data[key]);
      if (hasChanged) void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.lists() });
      return;
    }
    case 'message': {
      if (!isObject(data) || !isMessage(data.message)) return;
      const message = data.message;
      appendMessage(queryClient, message);
      // An open thread is read again, which marks the new message read on the server; the lists' unread counts change.
      void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.messages(message.requestId) });
      void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.lists() });
      return;
    }
    // An offer was made, answered or expired in one of the viewer's threads (docs/product.md#offers).
    case 'offer': {
      if (!isObject(data) || !isOffer(data.offer) || data.requestId !== data.offer.requestId) return;
      const offer = data.offer;
      upsertOffer(queryClient, offer);
      // An accepted offer sets the request's agreed price and status (its `request` event says so too); any other
      // change may turn the thread's offer controls on or off.
      if (offer.status === 'accepted') void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all });
      else void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.detail(offer.requestId) });
      return;
    }
    case 'request':
      if (isRequestEvent(data)) void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all });
      return;
    // A review window opened or a review of the viewer was published: the requests' review state and any profile
    // on screen are behind (docs/product.md#reviews-and-profiles).
    case 'review':
      if (isObject(data) && typeof data.requestId === 'string') {
        void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      }
      return;
  }
}
