import type { BlockedUser } from '@olden/contracts';
import { BLOCKS_MAX } from '@olden/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blockKeys } from './block-keys';

/** GET /blocks: the users the caller blocked, newest first (at most BLOCKS_MAX, so one call of 100 pages is enough to ask "is X blocked?"). */
export async function listBlocks(signal?: AbortSignal): Promise<BlockedUser[]> {
  const all: BlockedUser[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.page<BlockedUser>('/blocks', { query: { limit: 100, cursor }, signal });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && all.length < BLOCKS_MAX);
  return all;
}

export const blocksQueryOptions = () => queryOptions({ queryKey: blockKeys.list(), queryFn: ({ signal }) => listBlocks(signal) });

export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQueryOptions(), enabled });
}
