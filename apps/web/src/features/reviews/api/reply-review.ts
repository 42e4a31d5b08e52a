import type { Review } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

/** POST /reviews/:id/reply {text}: the reviewed member, once (409 ALREADY_REPLIED). */
export function replyToReview({ id, text }: { id: string; text: string }): Promise<Review> {
  return api.post<Review>(`/reviews/${encodeURIComponent(id)}/reply`, { text });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyToReview, onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }) });
}
