// One live events stream per signed-in tab (opened by the navbar, which every page has), closed on sign-out.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { buyerRequestKeys } from '@/features/buyer-requests/api/buyer-request-keys';
import { applyLiveEvent, isRequestEvent } from '@/features/buyer-requests/lib/apply-live-event';
import { productKeys } from '@/features/products/api/list-products';
import { favouriteKeys } from '@/features/favourites/api/favourite-keys';
import { savedSearchKeys } from '@/features/saved-searches/api/saved-search-keys';
import { reportKeys } from '@/features/reports/api/keys';
import { connectLiveEvents } from '@/lib/live-events';
import { showToast } from '@/lib/popups';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `userId`: the signed-in user (null when nobody is): another user gets a stream of their own. */
export function useLiveUpdates(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    return connectLiveEvents({
      onEvent: (name, data) => {
        applyLiveEvent(queryClient, name, data);
        // Favourites and saved searches (docs/product.md#favourites-and-saved-searches).
        if (name === 'favourite' && isObject(data) && typeof data.productId === 'string') {
          void queryClient.invalidateQueries({ queryKey: favouriteKeys.all });
          void queryClient.invalidateQueries({ queryKey: productKeys.detail(data.productId) });
          if (data.kind === 'priceDrop' && typeof data.name === 'string') void showToast(`Price drop: ${data.name}`, 'success');
        }
        if (name === 'savedSearch' && isObject(data) && typeof data.label === 'string' && typeof data.name === 'string') {
          void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
          void showToast(`New for “${data.label}”: ${data.name}`);
        }
        // A request's change may move its listing between available, reserved and sold.
        if (name === 'request' && isRequestEvent(data)) {
          void queryClient.invalidateQueries({ queryKey: productKeys.detail(data.productId) });
          void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
        }
        // One of the caller's reports was resolved: My Reports shows the outcome.
        if (name === 'report') void queryClient.invalidateQueries({ queryKey: reportKeys.mine() });
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: buyerRequestKeys.all }),
    });
  }, [userId, queryClient]);
}
