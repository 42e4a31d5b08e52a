import type { Message } from '@olden/contracts';
import { PAGE_LIMIT_MAX } from '@olden/contracts/constants';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** GET /buyerProduct/:id/messages: the thread, oldest first; reading it marks it read for the caller. */
export function listMessages(id: string, cursor?: string, signal?: AbortSignal) {
  return api.page<Message>(`/buyerProduct/${encodeURIComponent(id)}/messages`, { query: { limit: PAGE_LIMIT_MAX, cursor }, signal });
}

export const messagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: buyerRequestKeys.messages(id),
    queryFn: ({ pageParam, signal }) => listMessages(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useMessages(id: string) {
  return useInfiniteQuery(messagesQueryOptions(id));
}

type Thread = InfiniteData<Page<Message>, string | undefined>;

/**
 * Adds a message (just sent, or pushed by the live events) to a loaded thread, once. Only when the newest page is
 * loaded: otherwise the message belongs to a page not fetched yet and arrives with it.
 */
export function appendMessage(queryClient: QueryClient, message: Message): void {
  const key = buyerRequestKeys.messages(message.requestId);
  // A first load or a refetch still in flight may have read the thread before this message was stored, and would
  // answer without it: the thread is read again instead (a message sent while the page was loading was lost).
  if (queryClient.getQueryData(key) === undefined || queryClient.isFetching({ queryKey: key }) > 0) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  queryClient.setQueryData<Thread>(key, (thread) => {
    if (!thread) return thread;
    const last = thread.pages.at(-1);
    if (!last || last.nextCursor) return thread;
    if (thread.pages.some((page) => page.items.some((m) => m._id === message._id))) return thread;
    return { ...thread, pages: [...thread.pages.slice(0, -1), { ...last, items: [...last.items, message] }] };
  });
}
