// The relevance order's tiers, the rank a listing carries in it, and the cursor that names a place in it
// (docs/product.md#search-order, docs/decisions/012-search-at-a-million.md).
import { type CursorSpec, isCursorId, isTuple } from '../../../lib/pagination.ts';

/** A rank is tier * RANK_TIER + the listing's creation time in ms: exact in a float8, and ordered as the tiers. */
export const RANK_TIER = 1e13;
/** The name holds every word as typed. */
export const TIER_NAME_EXACT = 3;
/** The name holds every word once misspelt words are corrected. */
export const TIER_NAME_CORRECTED = 2;
/** The words are in the descriptions (or the name holds only some of them there). */
export const TIER_ANYWHERE = 1;

export const rankOf = (tier: number, createdAt: Date) => tier * RANK_TIER + createdAt.getTime();

/** A relevance cursor's rank back into its tier and the row's creation time (ISO). */
export function splitRank(rank: number): { tier: number; createdAt: string } | undefined {
  const tier = Math.floor(rank / RANK_TIER);
  const time = new Date(rank - tier * RANK_TIER);
  if (tier < TIER_ANYWHERE || tier > TIER_NAME_EXACT || Number.isNaN(time.getTime())) return undefined;
  return { tier, createdAt: time.toISOString() };
}

export type RelevanceCursor = ['r', number, string];

/** A relevance page's cursor: ['r', rank, id]; its tag keeps it from being used for another order (a 400). */
export const RELEVANCE_CURSOR: CursorSpec<{ id: string; rank: number | null }, RelevanceCursor> = {
  keyOf: (row) => ['r', row.rank ?? 0, row.id],
  isKey(values): values is RelevanceCursor {
    if (!isTuple(values, ['string', 'number', 'string'])) return false;
    const [tag, rank, id] = values as RelevanceCursor;
    // A whole number that splits back into a tier and a time.
    return tag === 'r' && isCursorId(id) && Number.isSafeInteger(rank) && splitRank(rank) !== undefined;
  },
};
