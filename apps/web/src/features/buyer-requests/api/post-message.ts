import type { Message, PostMessageBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';
import { appendMessage } from './list-messages';

/** POST /buyerProduct/:id/messages {text}: 409 THREAD_CLOSED on a closed request, 429 past the budget. */
export function postMessage({ id, text }: { id: string } & PostMessageBody): Promise<Message> {
  return api.post<Message>(`/buyerProduct/${encodeURIComponent(id)}/messages`, { text });
}

export function usePostMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMessage,
    onSuccess: (message) => {
      appendMessage(queryClient, message);
      return queryClient.invalidateQueries({ queryKey: buyerRequestKeys.lists() });
    },
    // A thread that closed meanwhile: show its new status (and the read-only notice).
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: buyerRequestKeys.detail(id) }),
  });
}
