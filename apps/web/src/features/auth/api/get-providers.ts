import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AuthProviders {
  google: boolean;
}

export function getAuthProviders(): Promise<AuthProviders> {
  return api.get<AuthProviders>('/auth/providers');
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: Infinity });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
