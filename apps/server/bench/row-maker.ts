// `DATABASE_URL=postgres://... npx tsx apps/server/bench/row-maker.ts [--pages 20000] [--rounds 5]`
//
// What a browse page costs in node between pg's arrays and the reply's objects (docs/decisions/033): the first page's
// 25 rows as pg gives them (its own statement, read once from a seeded database), made into rows by the keyed stores
// rawPreparedSelect used before (`row[key] = value`, one key at a time) and by rowMaker (one literal), then rated and
// mapped by toProduct as the route does. CPU per page from process.cpuUsage, A B A B, and the ratio per round.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Decoder, rowMaker } from '../src/db/client.ts';
import { toProduct } from '../src/modules/products/service.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' } } });
const pages = Number(values.pages);
const rounds = Number(values.rounds);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: a PostgreSQL database seeded by npm run bench:api -- --keep');

// The browse selection's fields in its order (repository.ts browseSelection), with the decoders decoderOf picks.
const FIELDS: [string, string, Decoder][] = [
  ['id', 'p.id', null], ['sellerId', 'p.seller_id', null], ['name', 'p.name', null], ['age', 'p.age', null], ['date', 'p.date', null],
  ['category', 'p.category', null], ['shortDescription', 'p.short_description', null], ['longDescription', 'p.long_description', null],
  ['priceCents', 'p.price_cents', (v) => Number(v)], ['uploaderPhone', 'p.uploader_phone', null], ['uploaderLocation', 'p.uploader_location', null],
  ['uploaderName', 'p.uploader_name', null], ['sellerEmail', 'p.seller_email', null], ['image1', 'p.image1', null], ['image2', 'p.image2', null],
  ['image3', 'p.image3', null], ['image4', 'p.image4', null], ['createdAt', 'p.created_at', (v) => new Date(v as string)], ['status', 'p.status', null],
  ['moderation', 'p.moderation', null], ['favouriteCount', 'p.favourite_count', null], ['placeId', 'p.place_id', null], ['placeName', 'p.place_name', null],
  ['placeCountryCode', 'p.place_country_code', null], ['placeLat', 'p.place_lat', null], ['placeLng', 'p.place_lng', null],
  ['acceptOffers', 'p.accept_offers', null], ['offerFloorCents', 'p.offer_floor_cents', null], ['rank', 'null::float8', null],
  ['sellerSum', 'r.seller_sum', null], ['sellerCount', 'r.seller_count', null],
];
const keys = FIELDS.map(([key]) => key);
const decoders = FIELDS.map(([, , decode]) => decode);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const { rows: raws } = await pool.query<unknown[]>({
  text: `select ${FIELDS.map(([, column]) => column).join(', ')} from products p left join user_ratings r on r.user_id = p.seller_id
    where p.status <> 'sold' and p.moderation = 'visible' order by p.created_at desc nulls last, p.id desc nulls last limit 25`,
  rowMode: 'array',
  types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 1184 ? (v: string) => v : pg.types.getTypeParser(oid, format)) } as typeof pg.types,
});
await pool.end();
if (raws.length === 0) throw new Error('no listings: seed the database first (npm run bench:api -- --keep)');

/** rawPreparedSelect's rows before decision 033: one keyed store per field. */
function keyedStores(raw: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const value = raw[i];
    const decode = decoders[i];
    row[keys[i]!] = value === null || !decode ? value : decode(value);
  }
  return row;
}
const oneLiteral = rowMaker(keys, decoders);

const urls: Parameters<typeof toProduct>[1] = { publicUrl: 'http://localhost:3000', S3_PUBLIC_URL: undefined };
const NO_RATING = { average: null, count: 0 };
function page(make: (raw: unknown[]) => Record<string, unknown>): number {
  let n = 0;
  for (const raw of raws) {
    const row = make(raw);
    row.sellerRating = row.sellerCount ? { average: Number(row.sellerSum) / Number(row.sellerCount), count: row.sellerCount } : NO_RATING;
    n += toProduct(row as unknown as Parameters<typeof toProduct>[0], urls).name.length;
  }
  return n;
}
function cpuPerPage(make: (raw: unknown[]) => Record<string, unknown>): number {
  const start = process.cpuUsage();
  let sink = 0;
  for (let i = 0; i < pages; i++) sink += page(make);
  const used = process.cpuUsage(start);
  if (sink === 0) throw new Error('no work done');
  return (used.user + used.system) / pages;
}

console.log(`${raws.length} rows a page, ${pages} pages a run, CPU per page (us)`);
for (let round = 1; round <= rounds; round++) {
  const keyed = cpuPerPage(keyedStores);
  const literal = cpuPerPage(oneLiteral);
  console.log(`round ${round}: keyed stores ${keyed.toFixed(1)}, one literal ${literal.toFixed(1)}: ${(keyed / literal).toFixed(2)}x`);
}
