import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /api/admin/reports/count: how many targets wait in the queue (the admin menu's badge). */
export function getOpenCount(): Promise<{ open: number }> {
  return api.get<{ open: number }>('/admin/reports/count');
}

export const openCountQueryOptions = () => queryOptions({ queryKey: reportKeys.openCount(), queryFn: getOpenCount, staleTime: 30_000 });

export function useOpenReportCount(enabled: boolean) {
  return useQuery({ ...openCountQueryOptions(), enabled });
}
