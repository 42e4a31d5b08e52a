// Many listings at once, in one INSERT ... SELECT generate_series: for the sitemap's tests and its 1M-row timing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Inserts `count` listings of one seller with ids `<prefix><n as hex>` (32 hex digits, ordered by n), every
 * `soldEvery`-th one sold (0: none), updated_at one second apart from 2026-01-01. For throwaway databases only: the
 * search dictionary's per-row trigger is off meanwhile (it would take minutes), so their words are not counted.
 * Created now, or one second apart from `createdAt` when it is given.
 */
export async function insertListings(
  db: Db,
  seller: { id: string; name: string; email: string },
  count: number,
  options: { prefix?: string; soldEvery?: number; createdAt?: Date } = {},
): Promise<void> {
  const prefix = options.prefix ?? 'f';
  const soldEvery = options.soldEvery ?? 0;
  const createdFrom = options.createdAt?.toISOString() ?? null;
  const pad = 32 - prefix.length;
  await db.execute(sql`alter table products disable trigger products_search_words`);
  await db.execute(sql`
    insert into products (id, seller_id, name, age, date, category, short_description, long_description, price_cents,
      uploader_phone, uploader_location, uploader_name, seller_email, image1, image2, image3, image4, status, updated_at, created_at)
    select ${prefix}::text || lpad(to_hex(g), ${pad}::int, '0'), ${seller.id}, 'Bulk listing ' || g, 12, '2026-01-01', 'homeAndLiving',
      'A listing made in bulk', 'A listing made in bulk for the sitemap', 1000 + g, '0123456789', 'Leeds',
      ${seller.name}, ${seller.email},
      'https://img.test.example/1.jpg', 'https://img.test.example/2.jpg', 'https://img.test.example/3.jpg', 'https://img.test.example/4.jpg',
      case when ${soldEvery}::int > 0 and g % ${soldEvery}::int = 0 then 'sold' else 'available' end,
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
      coalesce(${createdFrom}::timestamptz + g * interval '1 second', now())
    from generate_series(1, ${count}::int) g
  `);
  await db.execute(sql`alter table products enable trigger products_search_words`);
}
