// All SQL of the saved-searches module's tables (saved_searches, saved_search_hits). Matching reads the listing it
// matches (a read model: the products table, whose `search` vector the timeline searches) and the search dictionary
// (search_words) to find a search's rarest word (docs/decisions/025-saved-search-matching.md).
import { and, asc, eq, getTableColumns, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { distanceSql } from '../../lib/geo.ts';
import { products, savedSearches, savedSearchHits, userBlocks } from '../../db/schema.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
type NewSavedSearch = Omit<typeof savedSearches.$inferInsert, 'query'>;

/**
 * The searches a digest covers: the daily ones, and instant ones no alert job holds (no alert queued). The latter have
 * listings waiting only when their user chose one daily digest (users.saved_search_digest) or turned that off since.
 */
const inDigest = or(eq(savedSearches.alert, 'daily'), and(eq(savedSearches.alert, 'instant'), isNull(savedSearches.alertDueAt)));

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** What lists and replies read of a search (not the tsquery). */
const { query: _query, ...searchColumns } = getTableColumns(savedSearches);
export type StoredSearch = Omit<SavedSearchRow, 'query'>;

export interface MailedHit {
  seq: number;
  productId: string;
  name: string;
  priceCents: number;
  image1: string;
  sellerId: string;
}

/**
 * Many values as ONE parameter (JSON): a statement over a listing's thousands of matches is built and sent at once,
 * where a placeholder per value cost the event loop tens of milliseconds per statement (drizzle builds each chunk).
 */
const asJson = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
/** `column in (the ids)`, the ids as one parameter. */
const inIds = (column: typeof savedSearches.id, ids: readonly string[]): SQL => sql`${column} in (select jsonb_array_elements_text(${asJson(ids)}))`;

/** Where an alert batch leaves a search: its progress, and when its next alert is due (null: none queued). */
export interface AlertProgress {
  id: string;
  alertedSeq: number;
  alertDueAt: Date | null;
  /** Set when this batch was mailed; null keeps the last mail's time. */
  lastMailedAt: Date | null;
}

/** A search without a place matches anywhere; one with a place, a listing whose place is within its radius. */
const WITHIN_RADIUS = sql`(s.near_lat is null or (p.place_lat is not null and ${distanceSql(sql`s.near_lat`, sql`s.near_lng`, sql`p.place_lat`, sql`p.place_lng`)} <= s.radius_km))`;

export function createSavedSearchesRepository(db: Db) {
  /** A user's searches, newest first, each with its new listings since last opened (counted up to 100). */
  const listStatement = (userId: string) => sql`
    select s.id, s.label, s.filters, s.alert, s.created_at as "createdAt",
      (select count(*)::int from (
         select 1 from ${savedSearchHits} h join ${products} p on p.id = h.product_id and p.status <> 'sold' and p.moderation = 'visible'
         where h.saved_search_id = s.id and h.created_at > s.seen_at
         order by h.saved_search_id, h.seq desc limit ${100}
       ) n) as "newCount"
    from ${savedSearches} s where s.user_id = ${userId}
    order by s.created_at desc, s.id desc`;

  return {
    async lockUser(tx: Db, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved-searches:${userId}`}, 0))`);
    },

    async count(tx: Db, userId: string): Promise<number> {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedSearches).where(eq(savedSearches.userId, userId));
      return row?.n ?? 0;
    },

    /**
     * The lexeme a listing must hold for `words` (a q without web-search operators, all words required) to match: the
     * one of the rarest word (fewest listing names hold it, by the search dictionary), the longest on a tie.
     */
    async rarestLexeme(words: string[]): Promise<string | undefined> {
      const rows = rowsOf<{ lex: string }>(
        await db.execute(sql`
          select lex from unnest(array[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]) as w(word)
          cross join lateral unnest(tsvector_to_array(to_tsvector('english', w.word))) as lex
          left join search_words sw on sw.word = w.word
          order by coalesce(sw.refs, 0), length(lex) desc, lex
          limit 1`),
      );
      return rows[0]?.lex;
    },

    /** Answers the row, or undefined when the user saved the same filters already. */
    async insert(tx: Db, row: NewSavedSearch): Promise<StoredSearch | undefined> {
      const [inserted] = await tx.insert(savedSearches).values(row).onConflictDoNothing().returning(searchColumns);
      return inserted;
    },

    async find(id: string): Promise<StoredSearch | undefined> {
      const [row] = await db.select(searchColumns).from(savedSearches).where(eq(savedSearches.id, id));
      return row;
    },

    async list(userId: string): Promise<(StoredSearch & { newCount: number })[]> {
      const rows = rowsOf<Record<string, unknown>>(await db.execute(listStatement(userId)));
      return rows.map((r) => ({ ...(r as unknown as StoredSearch), createdAt: new Date(r.createdAt as string), newCount: Number(r.newCount) }));
    },

    /** The list's statement, not run (the benchmark EXPLAINs it). */
    listStatement,

    async update(id: string, userId: string, set: Partial<NewSavedSearch>): Promise<StoredSearch | undefined> {
      const [row] = await db
        .update(savedSearches)
        .set(set)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning(searchColumns);
      return row;
    },

    async remove(id: string, userId: string): Promise<boolean> {
      const gone = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
      return gone.length === 1;
    },

    /**
     * Matches one listing against every saved search, in the database: only the searches filed under one of the
     * listing's words (or its category, or `*`) are read (an index lookup per word), then tested in full. Records a
     * hit per matching search (once per pair) and answers the new hits. The seller's own searches never match, nor
     * those of a user the seller blocked or who blocked the seller (docs/product.md#blocking).
     */
    async match(tx: Db, productId: string): Promise<{ savedSearchId: string; userId: string; alert: string; label: string }[]> {
      return rowsOf(
        await tx.execute(sql`
          with p as (
            select id, seller_id, category, price_cents, search, place_lat, place_lng from ${products}
            where id = ${productId} and status = 'available' and moderation = 'visible'
          ), hit as (
            insert into ${savedSearchHits} (saved_search_id, product_id)
            select s.id, p.id from p join ${savedSearches} s
              on s.match_key = any(tsvector_to_array(p.search) || array['c:' || p.category, '*'])
            where s.user_id <> p.seller_id
              and (s.category is null or s.category = p.category)
              and (s.min_cents is null or p.price_cents >= s.min_cents)
              and (s.max_cents is null or p.price_cents <= s.max_cents)
              and (s.q is null or p.search @@ s.query)
              -- A search near a place matches listings with a place within its radius (docs/product.md#near-me).
              and ${WITHIN_RADIUS}
              -- A seller either party blocked is left out (the timeline the search opens leaves them out too).
              and not exists (
                select 1 from ${userBlocks} b
                where (b.blocker_id = s.user_id and b.blocked_id = p.seller_id) or (b.blocker_id = p.seller_id and b.blocked_id = s.user_id)
              )
            on conflict do nothing
            returning saved_search_id
          )
          select s.id as "savedSearchId", s.user_id as "userId", s.alert, s.label from hit join ${savedSearches} s on s.id = hit.saved_search_id`),
      );
    },

    /** What a `savedSearch` event names of a listing. */
    async listingBrief(productId: string): Promise<{ name: string; priceCents: number; sellerId: string } | undefined> {
      const [row] = await db
        .select({ name: products.name, priceCents: products.priceCents, sellerId: products.sellerId })
        .from(products)
        .where(eq(products.id, productId));
      return row;
    },

    /** The matching statement for a listing, not run (the benchmark EXPLAINs and times its select). */
    matchSelect(productId: string) {
      return sql`
        with p as (select id, seller_id, category, price_cents, search, place_lat, place_lng from ${products} where id = ${productId})
        select s.id from p join ${savedSearches} s on s.match_key = any(tsvector_to_array(p.search) || array['c:' || p.category, '*'])
        where s.user_id <> p.seller_id
          and (s.category is null or s.category = p.category)
          and (s.min_cents is null or p.price_cents >= s.min_cents)
          and (s.max_cents is null or p.price_cents <= s.max_cents)
          and (s.q is null or p.search @@ s.query)
          and ${WITHIN_RADIUS}
          and not exists (
            select 1 from ${userBlocks} b
            where (b.blocker_id = s.user_id and b.blocked_id = p.seller_id) or (b.blocker_id = p.seller_id and b.blocked_id = s.user_id)
          )`;
    },

    /**
     * Marks the searches' alerts due (in one statement: a listing's matches) unless one is queued, or a digest is
     * mailing a batch of the search (it queues the alert when it is done); answers the searches marked, each with when.
     */
    async markAlertsDue(tx: Db, ids: readonly string[], intervalMs: number): Promise<{ id: string; dueAt: Date }[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .update(savedSearches)
        .set({ alertDueAt: sql`greatest(now(), coalesce(${savedSearches.lastMailedAt} + ${`${intervalMs} milliseconds`}::interval, now()))` })
        .where(and(inIds(savedSearches.id, ids), isNull(savedSearches.alertDueAt), isNull(savedSearches.pendingSeq)))
        .returning({ id: savedSearches.id, dueAt: savedSearches.alertDueAt });
      return rows.flatMap((r) => (r.dueAt ? [{ id: r.id, dueAt: r.dueAt }] : []));
    },

    /** Who owns each of these searches (those that still exist). */
    async owners(ids: readonly string[]): Promise<{ id: string; userId: string }[]> {
      if (ids.length === 0) return [];
      return db.select({ id: savedSearches.id, userId: savedSearches.userId }).from(savedSearches).where(inIds(savedSearches.id, ids));
    },

    /** These searches (those that still exist), locked in id order (two jobs lock a shared search in one order). */
    async lockMany(tx: Db, ids: readonly string[]): Promise<StoredSearch[]> {
      if (ids.length === 0) return [];
      return tx.select(searchColumns).from(savedSearches).where(inIds(savedSearches.id, ids)).orderBy(asc(savedSearches.id)).for('update');
    },

    /** lastHitSeq of many searches in one statement: each search's newest hit after its own `after` (absent: none). */
    async lastHitSeqs(tx: Db, after: readonly { id: string; after: number }[]): Promise<Map<string, number>> {
      if (after.length === 0) return new Map();
      const rows = rowsOf<{ id: string; seq: string | number }>(
        await tx.execute(sql`
          select v.id, (select max(h.seq) from ${savedSearchHits} h where h.saved_search_id = v.id and h.seq > v.after) as seq
          from jsonb_to_recordset(${asJson(after)}) as v(id text, after bigint)`),
      );
      return new Map(rows.filter((r) => r.seq != null).map((r) => [r.id, Number(r.seq)]));
    },

    /** Takes a batch of each search: its pendingSeq becomes the given hit (one statement). */
    async takeBatches(tx: Db, batches: readonly { id: string; to: number }[]): Promise<void> {
      if (batches.length === 0) return;
      await tx.execute(sql`
        update ${savedSearches} s set pending_seq = v.to
        from jsonb_to_recordset(${asJson(batches)}) as v(id text, "to" bigint)
        where s.id = v.id`);
    },

    /** Clears the queued alert of these searches (nothing for it to mail). */
    async clearAlertsDue(tx: Db, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await tx.update(savedSearches).set({ alertDueAt: null }).where(inIds(savedSearches.id, ids));
    },

    /** Finishes the batches of many searches in one statement (no batch pending after). */
    async finishBatches(tx: Db, rows: readonly AlertProgress[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(sql`
        update ${savedSearches} s
        set alerted_seq = v."alertedSeq", pending_seq = null, alert_due_at = v."alertDueAt", last_mailed_at = coalesce(v."lastMailedAt", s.last_mailed_at)
        from jsonb_to_recordset(${asJson(rows)}) as v(id text, "alertedSeq" bigint, "alertDueAt" timestamptz, "lastMailedAt" timestamptz)
        where s.id = v.id`);
    },

    async lock(tx: Db, id: string): Promise<StoredSearch | undefined> {
      const [row] = await tx.select(searchColumns).from(savedSearches).where(eq(savedSearches.id, id)).for('update');
      return row;
    },

    /** The user's searches a digest covers (`inDigest`), oldest first, locked. */
    async lockForDigest(tx: Db, userId: string): Promise<StoredSearch[]> {
      return tx
        .select(searchColumns)
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), inDigest))
        .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
        .for('update');
    },

    async lastHitSeq(tx: Db, id: string, after: number): Promise<number | undefined> {
      const [row] = await tx
        .select({ seq: sql<string | null>`max(${savedSearchHits.seq})` })
        .from(savedSearchHits)
        .where(and(eq(savedSearchHits.savedSearchId, id), gt(savedSearchHits.seq, after)));
      return row?.seq == null ? undefined : Number(row.seq);
    },

    async set(tx: Db, id: string, set: Partial<NewSavedSearch>): Promise<void> {
      await tx.update(savedSearches).set(set).where(eq(savedSearches.id, id));
    },

    /** A batch's listings still for sale, oldest hit first, and how many there are. */
    async mailedHits(id: string, from: number, to: number, limit: number): Promise<{ hits: MailedHit[]; total: number }> {
      const where = and(eq(savedSearchHits.savedSearchId, id), gt(savedSearchHits.seq, from), lte(savedSearchHits.seq, to), eq(products.status, 'available'), eq(products.moderation, 'visible'));
      const hits = await db
        .select({ seq: savedSearchHits.seq, productId: products.id, name: products.name, priceCents: products.priceCents, image1: products.image1, sellerId: products.sellerId })
        .from(savedSearchHits)
        .innerJoin(products, eq(products.id, savedSearchHits.productId))
        .where(where)
        .orderBy(asc(savedSearchHits.seq))
        .limit(limit);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(savedSearchHits)
        .innerJoin(products, eq(products.id, savedSearchHits.productId))
        .where(where);
      return { hits, total: count?.n ?? 0 };
    },

    /** Users with a search a digest covers (`inDigest`) that has hits not yet mailed. */
    async digestUsers(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: savedSearches.userId })
        .from(savedSearches)
        .where(
          and(
            inDigest,
            sql`exists (select 1 from ${savedSearchHits} h where h.saved_search_id = ${savedSearches.id} and h.seq > ${savedSearches.alertedSeq})`,
          ),
        );
      return rows.map((r) => r.userId);
    },

    /** An account's deletion, on its transaction `tx`: every search of the user (their hits go with them). */
    async removeAllOf(tx: Db, userId: string): Promise<void> {
      await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    },

    /** A user's searches as their data export shows them, oldest first. */
    async allOf(userId: string): Promise<StoredSearch[]> {
      return db.select(searchColumns).from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
    },
  };
}
export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
