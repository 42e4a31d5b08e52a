import type { CreateReportBody, Report } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** docs/product.md#reports-and-moderation: POST /api/reports (201 {report}). */
export function createReport(body: CreateReportBody): Promise<{ report: Report }> {
  return api.post<{ report: Report }>('/reports', body);
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.mine() }),
  });
}
