// The notifier's one write: the per-thread mail marks of a buy request (buyer_mailed_at, seller_mailed_at).
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerRequests } from '../../db/schema.ts';

export function createNotificationsRepository(db: Db) {
  return {
    /**
     * Claims the right to mail `party` about this thread: sets its mail mark only when the last mail is at
     * least `throttleMs` old (or there was none). One conditional UPDATE, so of two messages or two
     * processes at once exactly one wins; the database's clock decides, not the processes'.
     */
    async claimMail(requestId: string, party: 'buyer' | 'seller', throttleMs: number): Promise<boolean> {
      const column = party === 'buyer' ? buyerRequests.buyerMailedAt : buyerRequests.sellerMailedAt;
      const since = sql`now() - make_interval(secs => ${throttleMs / 1000}::double precision)`;
      const rows = await db
        .update(buyerRequests)
        .set(party === 'buyer' ? { buyerMailedAt: sql`now()` } : { sellerMailedAt: sql`now()` })
        .where(and(eq(buyerRequests.id, requestId), or(sql`${column} is null`, sql`${column} <= ${since}`)))
        .returning({ id: buyerRequests.id });
      return rows.length > 0;
    },
  };
}
