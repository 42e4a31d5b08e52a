import type { QueueEntry } from '@olden/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /api/admin/reports: one entry per reported target, oldest first (admin). */
export function listQueue(status: 'open' | 'resolved', cursor?: string): Promise<Page<QueueEntry>> {
  return api.page<QueueEntry>('/admin/reports', { query: { status, cursor, limit: 20 } });
}

export const queueQueryOptions = (status: 'open' | 'resolved') =>
  infiniteQueryOptions({
    queryKey: reportKeys.queue(status),
    queryFn: ({ pageParam }) => listQueue(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useQueue(status: 'open' | 'resolved') {
  return useInfiniteQuery(queueQueryOptions(status));
}
