// Bulk-seeds N realistic listings in a few INSERT ... SELECT generate_series statements (no per-row round trips).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export const BENCH_EMAIL_DOMAIN = 'bench.invalid';
export const SELLER_COUNT = 1000;

const ADJECTIVES = [
  'Vintage', 'Antique', 'Retro', 'Rustic', 'Victorian', 'Edwardian', 'Georgian', 'Art Deco', 'Mid-century',
  'Industrial', 'Handmade', 'Painted', 'Carved', 'Restored', 'Classic', 'Rare', 'Original', 'Early', 'Small',
  'Large', 'Tall', 'Pair of', 'Set of', 'French', 'English', 'Danish', 'Italian', 'Japanese', 'Scandinavian',
  'Farmhouse', 'Colonial', 'Ornate', 'Simple', 'Folding', 'Miniature', 'Worn',
];
const MATERIALS = [
  'brass', 'oak', 'walnut', 'teak', 'pine', 'mahogany', 'copper', 'silver', 'cast iron', 'leather', 'wool', 'silk',
  'porcelain', 'ceramic', 'glass', 'crystal', 'chrome', 'bamboo', 'wicker', 'marble', 'tin', 'pewter', 'velvet', 'linen',
];
/** Twelve nouns per category, in CATEGORY_KEYS order, so names fit their category. */
const NOUNS_BY_CATEGORY: [string, string[]][] = [
  ['homeAndLiving', ['lamp', 'chair', 'mirror', 'clock', 'vase', 'table', 'cabinet', 'rug', 'bookcase', 'sideboard', 'teapot', 'candlestick']],
  ['electronics', ['radio', 'camera', 'record player', 'television', 'typewriter', 'amplifier', 'speaker', 'telephone', 'cassette deck', 'projector', 'calculator', 'turntable']],
  ['hobbiesSports', ['tennis racket', 'bicycle', 'guitar', 'chess set', 'fishing rod', 'golf club', 'violin', 'skateboard', 'snooker cue', 'drum kit', 'board game', 'rowing oar']],
  ['vehicles', ['scooter', 'motorcycle helmet', 'car badge', 'hubcap', 'steering wheel', 'bicycle lamp', 'sidecar', 'headlamp', 'petrol can', 'car radio', 'saddle bag', 'wing mirror']],
  ['mensFashion', ['watch', 'jacket', 'fountain pen', 'cufflinks', 'shaving kit', 'briefcase', 'hat', 'wallet', 'belt', 'tie clip', 'boots', 'overcoat']],
  ['womensFashion', ['handbag', 'dress', 'brooch', 'necklace', 'compact mirror', 'scarf', 'perfume bottle', 'earrings', 'shawl', 'hat pin', 'bracelet', 'evening gloves']],
  ['kids', ['rocking horse', 'doll house', 'teddy bear', 'pram', 'train set', 'puppet', 'spinning top', 'tin robot', 'picture book', 'wooden blocks', 'toy car', 'music box']],
  ['education', ['globe', 'encyclopedia', 'microscope', 'school desk', 'atlas', 'slide rule', 'chalkboard', 'telescope', 'dictionary', 'map', 'inkwell', 'abacus']],
  ['pets', ['bird cage', 'dog bed', 'cat basket', 'aquarium', 'dog collar', 'feeding bowl', 'kennel', 'horse saddle', 'rabbit hutch', 'pet carrier', 'fish tank', 'leash']],
];
const CONDITIONS = ['excellent', 'good', 'fair', 'working', 'restored', 'original', 'used', 'mint'];
const PLACES = ['Leeds', 'York', 'Bristol', 'Bath', 'Norwich', 'Oxford', 'Cambridge', 'Brighton', 'Glasgow', 'Cardiff', 'Dublin', 'Manchester'];
const PHRASES = [
  'Collected from a house clearance in the north.',
  'Some wear consistent with age, nothing structural.',
  'Cleaned and checked, ready to use.',
  'A genuine piece with plenty of character.',
  'Comes from a smoke-free home.',
  'Original finish, never repainted.',
  'Minor scratches visible in the photos.',
  'Buyer collects, or delivery can be arranged locally.',
  'Measurements on request.',
  'Works as it should, tested this week.',
  'Stored carefully for many years.',
  'Bought at auction a decade ago.',
  'Lovely patina on the surface.',
  'Ideal for a collector or a first home.',
  'All original parts as far as I know.',
  'Price is firm, no offers please.',
];

const literal = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const pick = (array: SQL, length: number) => sql`(${array})[1 + floor(random() * ${sql.raw(String(length))})::int]`;

/** Rows of a raw query: both drivers (pg and PGlite) answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const NOUNS = NOUNS_BY_CATEGORY.flatMap(([, nouns]) => nouns);

/**
 * Distinct searches a buyer might type over the seeded names, in a fixed shuffled order: a material and a noun
 * ("brass lamp"), and a misspelt adjective and a noun ("vintge lamp", one letter dropped). The benchmark cycles
 * through them so that no search repeats within its page memory (decision 012).
 */
export function distinctSearches(): string[] {
  const nounWords = [...new Set(NOUNS.map((noun) => noun.split(' ').at(-1)!))];
  const misspelt = ADJECTIVES.filter((a) => !a.includes(' ') && a.length >= 6).map((a) => (a.slice(0, -3) + a.slice(-2)).toLowerCase());
  const queries = [...MATERIALS.flatMap((m) => nounWords.map((n) => `${m} ${n}`)), ...misspelt.flatMap((a) => nounWords.map((n) => `${a} ${n}`))];
  // A fixed Fisher-Yates shuffle (a linear congruential sequence), so every run asks in the same order.
  let state = 42;
  for (let i = queries.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return queries;
}
const sellerId = (expr: SQL) => sql`'beefbeef' || lpad(to_hex(${expr}), 24, '0')`;

async function seedSellers(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (id, email, name, photo_url)
    select ${sellerId(sql`s`)}, 'seller' || s || '@' || ${BENCH_EMAIL_DOMAIN}, 'Bench Seller ' || s,
           'https://images.${sql.raw(BENCH_EMAIL_DOMAIN)}/avatar.png'
    from generate_series(0, ${SELLER_COUNT - 1}) as s
    on conflict do nothing`);
}

async function seedBatch(db: Db, from: number, to: number, newestMs: number): Promise<void> {
  const nouns = literal(NOUNS);
  const materials = literal(MATERIALS);
  const phrases = literal(PHRASES);
  // One listing a minute going back in time; ids keep the app's shape (48-bit ms + counter, 32 hex).
  await db.execute(sql`
    insert into products (id, seller_id, name, age, date, category, short_description, long_description, price_cents,
      uploader_phone, uploader_location, uploader_name, seller_email, image1, image2, image3, image4, created_at)
    select
      lpad(to_hex(x.ms), 12, '0') || lpad(to_hex(x.g), 20, '0'),
      ${sellerId(sql`x.seller`)},
      x.adjective || ' ' || x.material || ' ' || x.noun,
      floor(random() * 600)::int,
      to_char(to_timestamp(x.ms / 1000.0) at time zone 'UTC', 'YYYY-MM-DD'),
      (${literal(NOUNS_BY_CATEGORY.map(([c]) => c))})[x.c + 1],
      x.adjective || ' ' || x.material || ' ' || x.noun || ' in ' || ${pick(literal(CONDITIONS), CONDITIONS.length)} || ' condition',
      'Made of ' || x.material || '. ' || ${pick(phrases, PHRASES.length)} || ' ' || ${pick(phrases, PHRASES.length)} ||
        ' Would suit anyone who owns a ' || ${pick(materials, MATERIALS.length)} || ' ' || ${pick(nouns, NOUNS.length)} || '. ' ||
        ${pick(phrases, PHRASES.length)} || ' ' || ${pick(phrases, PHRASES.length)},
      (100 + floor(power(random(), 3) * 500000))::bigint,
      '07' || lpad(floor(random() * 1000000000)::bigint::text, 9, '0'),
      ${pick(literal(PLACES), PLACES.length)},
      'Bench Seller ' || x.seller,
      'seller' || x.seller || '@' || ${BENCH_EMAIL_DOMAIN},
      'https://images.${sql.raw(BENCH_EMAIL_DOMAIN)}/' || x.g || '-1.jpg',
      'https://images.${sql.raw(BENCH_EMAIL_DOMAIN)}/' || x.g || '-2.jpg',
      'https://images.${sql.raw(BENCH_EMAIL_DOMAIN)}/' || x.g || '-3.jpg',
      'https://images.${sql.raw(BENCH_EMAIL_DOMAIN)}/' || x.g || '-4.jpg',
      to_timestamp(x.ms / 1000.0)
    from (
      select g, c,
        (${newestMs}::bigint - g::bigint * 60000) as ms,
        floor(random() * ${SELLER_COUNT})::int as seller,
        ${pick(literal(ADJECTIVES), ADJECTIVES.length)} as adjective,
        ${pick(materials, MATERIALS.length)} as material,
        (${nouns})[c * 12 + 1 + floor(random() * 12)::int] as noun
      from (select g, floor(random() * 9)::int as c from generate_series(${from}::int, ${to}::int) as g) as base
    ) as x`);
}

interface IndexDef {
  indexname: string;
  indexdef: string;
}

/**
 * Seeds n listings (one call per 50,000). On an empty table the secondary indexes are dropped first and
 * rebuilt from their own definitions afterwards, which is several times faster than maintaining them row by row.
 */
export async function seedListings(db: Db, n: number, log: (line: string) => void): Promise<void> {
  await seedSellers(db);
  const [first] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from (select 1 from products limit 1) t`),
  );
  const rebuild = first?.count === 0;
  let indexes: IndexDef[] = [];
  if (rebuild) {
    indexes = rowsOf<IndexDef>(await db.execute(sql`
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename = 'products'
        and i.indexname not in (select conname from pg_constraint where conrelid = 'public.products'::regclass)`));
    for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.indexname}"`));
  }
  const newestMs = Date.now();
  const batch = 50_000;
  // The dictionary trigger counts row by row; for a bulk load it is off and the counts rebuilt below.
  await db.execute(sql`alter table products disable trigger products_search_words`);
  try {
    for (let from = 0; from < n; from += batch) {
      const to = Math.min(n, from + batch) - 1;
      await seedBatch(db, from, to, newestMs);
      log(`  seeded ${to + 1} / ${n}`);
    }
  } finally {
    await db.execute(sql`alter table products enable trigger products_search_words`);
  }
  if (rebuild) {
    for (const index of indexes) {
      const started = Date.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
        await tx.execute(sql.raw(index.indexdef));
      });
      log(`  rebuilt ${index.indexname} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  await rebuildDictionary(db);
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze search_words`);
  await db.execute(sql`analyze users`);
}

/** The typo dictionary with its reference counts, rebuilt the way migration 0005 backfills it. */
async function rebuildDictionary(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`
      insert into search_words (word, refs)
      select w, count(*) from products, unnest(tsvector_to_array(to_tsvector('simple', name))) as w
      where length(w) between 2 and 40
      group by w`);
  });
}

/** Removes what seedListings added (listings go with their sellers through ON DELETE CASCADE). */
export async function removeListings(db: Db): Promise<void> {
  await db.execute(sql`alter table products disable trigger products_search_words`);
  try {
    await db.execute(sql`delete from users where email like ${`%@${BENCH_EMAIL_DOMAIN}`}`);
  } finally {
    await db.execute(sql`alter table products enable trigger products_search_words`);
  }
  await rebuildDictionary(db);
}

export async function countBenchListings(db: Db): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from products where seller_email like ${`%@${BENCH_EMAIL_DOMAIN}`}`),
  );
  return rows[0]?.count ?? 0;
}
