// Many indexed listing photos at once, for the multi-index test and the 1,000,000-hash benchmark: a seller, their
// listings (four photos each), the image rows and the listing_photos rows, in a few INSERT ... SELECT statements.
// For throwaway databases and test databases only; no request runs it.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandsOf } from '../../lib/dhash.ts';
import { insertListings } from '../pages/bulk-listings.ts';

export interface BulkSeller {
  id: string;
  name: string;
  email: string;
}

/** Makes the seller's user row (the listings' owner) if it is not there. */
export async function ensureBulkSeller(db: Db, seller: BulkSeller): Promise<void> {
  await db.execute(sql`insert into users (id, email, name, photo_url) values (${seller.id}, ${seller.email}, ${seller.name}, '') on conflict do nothing`);
}

const PHOTOS_PER_LISTING = 4;

/**
 * The bulk listings are created from here, before any listing a seed or a test makes: a million of them created now
 * would sit on top of every newest-first list (the first page, a search's newest matches) of the database they share.
 */
export const BULK_LISTINGS_CREATED_AT = new Date('2000-01-01T00:00:00Z');

/**
 * `count` photos with uniformly random hashes on ceil(count / 4) listings of `seller`; ids are `<prefix><n as hex>`
 * (32 hex digits) for listings and images alike. Uploaded on 2026-01-01, a second apart.
 */
export async function insertRandomPhotos(db: Db, seller: BulkSeller, count: number, prefix: string): Promise<void> {
  const pad = 32 - prefix.length;
  await insertListings(db, seller, Math.ceil(count / PHOTOS_PER_LISTING), { prefix, createdAt: BULK_LISTINGS_CREATED_AT });
  // Four random 16-bit pieces make the 64 bits (the shift wraps into the sign bit, as a stored hash does).
  await db.execute(sql`
    insert into images (id, owner_id, width, height, bytes, created_at, phash, phash_mirror)
    select ${prefix}::text || lpad(to_hex(g), ${pad}::int, '0'), null, 1280, 960, 1000,
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second', h, h
    from (
      select g, (floor(random() * 65536)::bigint << 48) | (floor(random() * 65536)::bigint << 32)
        | (floor(random() * 65536)::bigint << 16) | floor(random() * 65536)::bigint as h
      from generate_series(1, ${count}::int) g
    ) r
  `);
  await db.execute(sql`
    insert into listing_photos (product_id, image_id, seller_id, hash, band0, band1, band2, band3, uploaded_at)
    select ${prefix}::text || lpad(to_hex((g - 1) / ${PHOTOS_PER_LISTING}::int + 1), ${pad}::int, '0'), i.id, ${seller.id}, i.phash,
      ((i.phash >> 48) & 65535)::int, ((i.phash >> 32) & 65535)::int, ((i.phash >> 16) & 65535)::int, (i.phash & 65535)::int,
      i.created_at
    from generate_series(1, ${count}::int) g
    join images i on i.id = ${prefix}::text || lpad(to_hex(g), ${pad}::int, '0')
  `);
}

/** Photos with these exact hashes, one listing each, ids `<prefix><n as hex>`; answers the listing ids in order. */
export async function insertPhotosWithHashes(db: Db, seller: BulkSeller, hashes: bigint[], prefix: string): Promise<string[]> {
  if (hashes.length === 0) return [];
  const pad = 32 - prefix.length;
  await insertListings(db, seller, hashes.length, { prefix, createdAt: BULK_LISTINGS_CREATED_AT });
  const ids = hashes.map((_, i) => prefix + (i + 1).toString(16).padStart(pad, '0'));
  for (let start = 0; start < hashes.length; start += 500) {
    const rows = hashes.slice(start, start + 500).map((hash, k) => {
      const id = ids[start + k]!;
      const [b0, b1, b2, b3] = bandsOf(hash);
      return { id, hash: hash.toString(), b0, b1, b2, b3 };
    });
    await db.execute(sql`
      insert into images (id, owner_id, width, height, bytes, created_at, phash, phash_mirror)
      values ${sql.join(rows.map((r) => sql`(${r.id}, null, 1280, 960, 1000, timestamptz '2026-01-01 00:00:00+00', ${r.hash}::bigint, ${r.hash}::bigint)`), sql`, `)}
    `);
    await db.execute(sql`
      insert into listing_photos (product_id, image_id, seller_id, hash, band0, band1, band2, band3, uploaded_at)
      values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.id}, ${seller.id}, ${r.hash}::bigint, ${r.b0}::int, ${r.b1}::int, ${r.b2}::int, ${r.b3}::int, timestamptz '2026-01-01 00:00:00+00')`), sql`, `)}
    `);
  }
  return ids;
}

/** Removes the bulk rows: the seller's listings (their listing_photos go with them), then the images. */
export async function removeBulkPhotos(db: Db, seller: BulkSeller, prefixes: string[]): Promise<void> {
  await db.execute(sql`delete from products where seller_id = ${seller.id}`);
  for (const prefix of prefixes) await db.execute(sql`delete from images where id like ${`${prefix}%`} and owner_id is null`);
  await db.execute(sql`delete from users where id = ${seller.id}`);
}
