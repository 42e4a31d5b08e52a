import type { FavouriteState } from '@olden/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { favouriteKeys } from './favourite-keys';

/** PUT or DELETE /favourites/{productId}: idempotent, answers the listing's new favouriteCount. */
export async function setFavourite(productId: string, favourited: boolean): Promise<FavouriteState> {
  const path = `/favourites/${encodeURIComponent(productId)}`;
  return favourited ? api.put<FavouriteState>(path) : api.delete<FavouriteState>(path);
}

/** Marks the heart at once (the ids set), and puts it back if the server refuses. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, favourited }: { productId: string; favourited: boolean }) => setFavourite(productId, favourited),
    onMutate: async ({ productId, favourited }) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.ids() });
      const before = queryClient.getQueryData<Set<string>>(favouriteKeys.ids());
      const next = new Set(before);
      if (favourited) next.add(productId);
      else next.delete(productId);
      queryClient.setQueryData(favouriteKeys.ids(), next);
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(favouriteKeys.ids(), context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: favouriteKeys.all });
    },
  });
}
