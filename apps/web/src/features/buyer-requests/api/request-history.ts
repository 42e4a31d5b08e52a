import type { BuyerProduct } from '@olden/contracts';
import type { RequestListView } from '@olden/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';

/**
 * A list's closed requests (Declined, Cancelled, Completed), newest first, a page at a time: the cart's history
 * and the seller's, which differ only in their key and the call that reads a page.
 */
export function useRequestHistory(
  queryKey: readonly unknown[],
  listPage: (email: string, cursor: string | undefined, view: RequestListView) => Promise<Page<BuyerProduct>>,
  email: string | undefined,
  enabled: boolean,
) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey,
      queryFn: ({ pageParam }) => listPage(email ?? '', pageParam, 'closed'),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
    enabled: enabled && Boolean(email),
  });
}
