// The marks a buy request's thread keeps on the request's row, one pair per party: read (buyer_read_at,
// seller_read_at), moved by the messages module, and mailed (buyer_mailed_at, seller_mailed_at), claimed by the
// notifier. The row is this module's, so these are the only writes other modules make to it, through here.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerRequests, requestMessages } from '../../db/schema.ts';

/** One side of a thread. */
export type Party = 'buyer' | 'seller';

export function createThreadMarks(db: Db) {
  return {
    /**
     * The party has read everything up to now: moves the party's read mark to now when something arrived since
     * it; true when it moved. Never moves a mark back (a slow request landing after a newer one), and only
     * writes when the mark moves, so re-opening a read thread costs no write.
     */
    async markRead(requestId: string, party: Party): Promise<boolean> {
      const column = party === 'buyer' ? buyerRequests.buyerReadAt : buyerRequests.sellerReadAt;
      const moved = await db
        .update(buyerRequests)
        .set(party === 'buyer' ? { buyerReadAt: sql`now()` } : { sellerReadAt: sql`now()` })
        .where(
          and(
            eq(buyerRequests.id, requestId),
            or(
              sql`${column} is null`,
              sql`exists (select 1 from ${requestMessages} m where m.request_id = ${buyerRequests.id} and m.created_at > ${column})`,
            ),
          ),
        )
        .returning({ id: buyerRequests.id });
      return moved.length > 0;
    },

    /**
     * Claims the right to mail `party` about this thread: sets its mail mark only when the last mail is at
     * least `throttleMs` old (or there was none). One conditional UPDATE, so of two messages or two
     * processes at once exactly one wins; the database's clock decides, not the processes'.
     */
    async claimMail(requestId: string, party: Party, throttleMs: number): Promise<boolean> {
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
export type ThreadMarks = ReturnType<typeof createThreadMarks>;
