// Blocking (docs/product.md#blocking): PUT, DELETE /api/blocks/:userId and GET /api/blocks.
import { z } from 'zod';
import { PageQuery, PARAM_MAX } from './common.ts';

export const BlockParams = z.object({ userId: z.string().max(PARAM_MAX) });
export type BlockParams = z.infer<typeof BlockParams>;

export const ListBlocksQuery = z.strictObject({ ...PageQuery });
export type ListBlocksQuery = z.input<typeof ListBlocksQuery>;

/** A user the caller blocked, as their blocked list shows them. */
export const BlockedUserSchema = z.object({
  userId: z.string(),
  name: z.string(),
  photoURL: z.string(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
