import type { AuditEvent } from '@olden/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { reportKeys } from './keys';

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
}

/** GET /api/admin/audit: admin actions and reports, newest first (admin). */
export function listAudit(filter: AuditFilter, cursor?: string): Promise<Page<AuditEvent>> {
  return api.page<AuditEvent>('/admin/audit', { query: { ...filter, cursor, limit: 50 } });
}

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: reportKeys.audit(filter),
    queryFn: ({ pageParam }) => listAudit(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
