import type { SavedSearch } from '@olden/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from './saved-search-keys';

/** GET /savedSearches: all of the caller's (at most 50), each with newCount. */
export const listSavedSearches = () => api.get<SavedSearch[]>('/savedSearches');

export const savedSearchesQueryOptions = () => queryOptions({ queryKey: savedSearchKeys.list(), queryFn: listSavedSearches });

export const useSavedSearches = (enabled = true) => useQuery({ ...savedSearchesQueryOptions(), enabled });
