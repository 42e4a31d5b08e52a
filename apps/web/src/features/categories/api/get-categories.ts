import type { Category } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCategories(): Promise<Category[]> {
  return api.get<Category[]>('/category');
}

// Nine rows that only change at seed time.
export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: Infinity });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
