import type { CreateReviewBody, Review } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

/** POST /buyerProduct/:id/review {rating, text}: 409 NOT_COMPLETED, ALREADY_REVIEWED, REVIEW_WINDOW_CLOSED. */
export async function createReview({ requestId, ...body }: { requestId: string } & CreateReviewBody): Promise<Review> {
  return (await api.post<{ review: Review }>(`/buyerProduct/${encodeURIComponent(requestId)}/review`, body)).review;
}

export function useCreateReview(onSaved?: (review: Review) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async (review) => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      await onSaved?.(review);
    },
  });
}
