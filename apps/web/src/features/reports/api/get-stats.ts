import type { Stats } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /api/admin/stats: 30 days of daily counts (admin). */
export function getStats(): Promise<Stats> {
  return api.get<Stats>('/admin/stats');
}

export const statsQueryOptions = () => queryOptions({ queryKey: reportKeys.stats(), queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
