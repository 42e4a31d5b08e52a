import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#server-rules-users: admin is decided by the server for the signed-in email (GET /users/admin/:email). */
export function getAdminStatus(email: string): Promise<{ admin: boolean }> {
  return api.get<{ admin: boolean }>(`/users/admin/${encodeURIComponent(email)}`);
}

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['users', 'admin', email], queryFn: () => getAdminStatus(email) });

export function useAdminStatus(email: string | undefined, enabled = true) {
  return useQuery({ ...adminStatusQueryOptions(email ?? ''), enabled: enabled && Boolean(email) });
}
