import type { ModerationAction, ResolveReportsBody } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** POST /api/admin/reports/resolve (admin): 409 NOTHING_TO_RESOLVE when another moderator was first. */
export function resolveReports(body: ResolveReportsBody): Promise<{ resolved: number; action: ModerationAction }> {
  return api.post<{ resolved: number; action: ModerationAction }>('/admin/reports/resolve', body);
}

export function useResolveReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReports,
    // Resolved or refused (someone else was first): the queue and the badge are stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
