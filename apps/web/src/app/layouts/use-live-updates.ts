// One live events stream per signed-in tab (opened by the navbar, which every page has), closed on sign-out.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { buyerRequestKeys } from '@/features/buyer-requests/api/buyer-request-keys';
import { applyLiveEvent, isRequestEvent } from '@/features/buyer-requests/lib/apply-live-event';
import { productKeys } from '@/features/products/api/list-products';
import { connectLiveEvents } from '@/lib/live-events';

/** `userId`: the signed-in user (null when nobody is): another user gets a stream of their own. */
export function useLiveUpdates(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    return connectLiveEvents({
      onEvent: (name, data) => {
        applyLiveEvent(queryClient, name, data);
        // A request's change may move its listing between available, reserved and sold.
        if (name === 'request' && isRequestEvent(data)) {
          void queryClient.invalidateQueries({ queryKey: productKeys.detail(data.productId) });
          void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
        }
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all }),
    });
  }, [userId, queryClient]);
}
