import type { Report } from '@olden/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /api/reports/mine: the caller's reports and their outcome, newest first. */
export function listMyReports(cursor?: string): Promise<Page<Report>> {
  return api.page<Report>('/reports/mine', { query: { cursor } });
}

export const myReportsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: reportKeys.mine(),
    queryFn: ({ pageParam }) => listMyReports(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyReports() {
  return useInfiniteQuery(myReportsQueryOptions());
}
