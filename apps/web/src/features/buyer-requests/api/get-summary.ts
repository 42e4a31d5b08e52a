import type { Summary } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerRequestKeys } from './buyer-request-keys';

/** GET /me/summary: the counts the navbar and the dashboard menu show, in one call instead of listing every item. */
export function getSummary(signal?: AbortSignal): Promise<Summary> {
  return api.get<Summary>('/me/summary', { signal });
}

export const summaryQueryOptions = () =>
  queryOptions({ queryKey: buyerRequestKeys.summary(), queryFn: ({ signal }) => getSummary(signal) });

export function useSummary(enabled = true) {
  return useQuery({ ...summaryQueryOptions(), enabled });
}
