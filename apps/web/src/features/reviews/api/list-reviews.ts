import type { PublicReview } from '@olden/contracts';
import type { ReviewRole } from '@olden/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

export const REVIEWS_PAGE_SIZE = 10;

/** GET /users/:id/reviews?role=: published reviews, newest first (keyset pages). */
export function listReviews(userId: string, role: ReviewRole, cursor?: string, signal?: AbortSignal) {
  return api.page<PublicReview>(`/users/${encodeURIComponent(userId)}/reviews`, {
    query: { role, limit: REVIEWS_PAGE_SIZE, cursor },
    signal,
    withoutToken: true,
  });
}

export function useReviews(userId: string, role: ReviewRole) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reviewKeys.list(userId, role),
      queryFn: ({ pageParam, signal }) => listReviews(userId, role, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}
