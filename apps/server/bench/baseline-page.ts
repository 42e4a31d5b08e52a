// What both yardsticks (express-baseline.ts, fastify-baseline.ts) share: the app's first-page and category
// keyset query as one named statement each (PostgreSQL plans them once per connection, as the app's are), the
// reply's JSON shape in the app's key order, and the next-page headers. The benchmark checks their bodies are
// byte for byte the app's before it times anything.
import pg from 'pg';

export const PAGE = 24;

// The seller's rating (issue 29) joined in, the place copied on the listing (issue 31) and whether it takes offers
// (issue 30), the cheapest way a hand-written server would read them.
const COLUMNS = `p.id, image1, image2, image3, image4, name, age, date, category, short_description, long_description,
  price_cents, uploader_phone, uploader_location, uploader_name, seller_email, created_at, status, favourite_count, seller_id,
  coalesce(r.seller_sum, 0) as seller_sum, coalesce(r.seller_count, 0) as seller_count, place_id, place_name, place_country_code,
  accept_offers`;
const FROM = `products p left join user_ratings r on r.user_id = p.seller_id`;
const ORDER = `order by created_at desc nulls last, p.id desc nulls last`;

const FIRST_PAGE = { name: 'baseline_first_page', text: `select ${COLUMNS} from ${FROM} where status <> 'sold' ${ORDER} limit $1` };
const CATEGORY_PAGE = {
  name: 'baseline_category_page',
  text: `select ${COLUMNS} from ${FROM} where category = $1 and status <> 'sold' ${ORDER} limit $2`,
};

export interface Row {
  id: string;
  image1: string;
  image2: string;
  image3: string;
  image4: string;
  name: string;
  age: number;
  date: string;
  category: string;
  short_description: string;
  long_description: string;
  price_cents: string;
  uploader_phone: string;
  uploader_location: string;
  uploader_name: string;
  seller_email: string;
  created_at: Date;
  status: string;
  favourite_count: number;
  seller_id: string;
  seller_sum: number;
  seller_count: number;
  place_id: number | null;
  place_name: string | null;
  place_country_code: string | null;
  accept_offers: boolean;
}

export const createPool = () => new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });

/** One page (PAGE + 1 rows asked: the last one only says there is a next page). */
export async function readPage(pool: pg.Pool, category: string | undefined): Promise<Row[]> {
  const { rows } = await pool.query<Row>(
    category ? { ...CATEGORY_PAGE, values: [category, PAGE + 1] } : { ...FIRST_PAGE, values: [PAGE + 1] },
  );
  return rows;
}

export const toJson = (r: Row) => ({
  _id: r.id,
  image1: r.image1,
  image2: r.image2,
  image3: r.image3,
  image4: r.image4,
  name: r.name,
  age: r.age,
  date: r.date,
  category: r.category,
  shortDescription: r.short_description,
  longDescription: r.long_description,
  price: Number(r.price_cents) / 100,
  uploaderPhone: r.uploader_phone,
  uploaderLocation: r.uploader_location,
  uploaderName: r.uploader_name,
  email: r.seller_email,
  createdAt: r.created_at.toISOString(),
  status: r.status,
  favouriteCount: r.favourite_count,
  sellerId: r.seller_id,
  sellerRating: { average: r.seller_count === 0 ? null : Math.round((r.seller_sum / r.seller_count) * 100) / 100, count: r.seller_count },
  // The listing's place (issue 31), copied on the listing as the app reads it.
  place: r.place_id !== null ? { id: r.place_id, name: r.place_name ?? '', countryCode: r.place_country_code ?? '' } : null,
  acceptOffers: r.accept_offers,
});

/** The next page's cursor and Link header, as the app writes them; undefined on the last page. */
export function nextPage(rows: Row[], originalUrl: string): { cursor: string; link: string } | undefined {
  if (rows.length <= PAGE) return undefined;
  const last = rows[PAGE - 1]!;
  const cursor = Buffer.from(JSON.stringify(['n', last.created_at.toISOString(), last.id])).toString('base64url');
  const url = new URL(originalUrl, 'http://local');
  url.searchParams.set('cursor', cursor);
  return { cursor, link: `<${url.pathname}${url.search}>; rel="next"` };
}

/** Compression as the app does it when BENCH_COMPRESS=1: over 1 KB, gzip (or brotli at quality 4), by Accept-Encoding. */
export const compressing = process.env.BENCH_COMPRESS === '1';
