import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favouriteKeys } from './favourite-keys';

/** GET /favourites/ids: every listing the caller saved, so hearts are marked without per-user public pages. */
export const getFavouriteIds = () => api.get<{ ids: string[] }>('/favourites/ids');

export const favouriteIdsQueryOptions = () =>
  queryOptions({ queryKey: favouriteKeys.ids(), queryFn: async () => new Set((await getFavouriteIds()).ids), staleTime: 60_000 });

export function useFavouriteIds(enabled: boolean) {
  return useQuery({ ...favouriteIdsQueryOptions(), enabled });
}
