import type { Favourite } from '@olden/contracts';
import { PAGE_LIMIT_DEFAULT } from '@olden/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favouriteKeys } from './favourite-keys';

/** GET /favourites: newest saved first, a page at a time; deleted listings stay, marked. */
export const listFavourites = (cursor?: string) => api.page<Favourite>('/favourites', { query: { limit: PAGE_LIMIT_DEFAULT, cursor } });

export const favouritesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: favouriteKeys.list(),
    queryFn: ({ pageParam }) => listFavourites(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useFavourites = () => useInfiniteQuery(favouritesQueryOptions());
