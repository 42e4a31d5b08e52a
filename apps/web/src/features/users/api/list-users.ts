import type { User } from '@olden/contracts';
import { PAGE_LIMIT_MAX } from '@olden/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'list'] as const,
};

/** docs/product.md#server-rules-users: GET /users (admin). */
export function listUsers(cursor?: string): Promise<Page<User>> {
  return api.page<User>('/users', { query: { limit: PAGE_LIMIT_MAX, cursor } });
}

export const usersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ pageParam }) => listUsers(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useUsers() {
  return useInfiniteQuery(usersQueryOptions());
}
