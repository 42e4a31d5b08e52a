// How long the sitemaps take at scale: a throwaway PostgreSQL database with LISTINGS listings (default 1,000,000,
// every 20th sold), then the index (cold) and every listings file timed through the real routes.
// Run: npx tsx apps/server/src/modules/pages/sitemap-bench.ts   (BENCH_DATABASE_URL, default the local server)
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { insertListings } from './bulk-listings.ts';

const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.LISTINGS ?? 1_000_000);
const name = `og_sitemap_bench_${randomBytes(4).toString('hex')}`;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const ms = (start: bigint) => Number((process.hrtime.bigint() - start) / 1_000_000n);

await admin(`CREATE DATABASE ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
try {
  await database.migrate();
  const seller = { id: newId(), name: 'Bench Seller', email: 'bench@test.example' };
  await database.db.execute(sql`insert into users (id, email, name, photo_url) values (${seller.id}, ${seller.email}, ${seller.name}, '')`);
  let start = process.hrtime.bigint();
  await insertListings(database.db, seller, count, { soldEvery: 20 });
  console.log(`inserted ${count.toLocaleString('en-US')} listings (every 20th sold) in ${ms(start)} ms`);
  // A settled table, as autovacuum leaves it: statistics, and the visibility map that lets index-only scans skip the heap.
  start = process.hrtime.bigint();
  await database.db.execute(sql`vacuum analyze products`);
  console.log(`vacuum analyze: ${ms(start)} ms`);

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://olden.example', SEED_DEMO: 'false', WEB_DIST: '/nonexistent' }, 'bench-secret-that-is-long-enough-0123456789');
  const app = await buildApp({ config, database });
  try {
    start = process.hrtime.bigint();
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const files = (index.body.match(/sitemap-listings-\d+\.xml/g) ?? []).length;
    console.log(`/sitemap.xml (cold: one pass over the listings): ${ms(start)} ms, ${files} listings files`);
    start = process.hrtime.bigint();
    await app.inject({ method: 'GET', url: '/sitemap.xml' });
    console.log(`/sitemap.xml (cached): ${ms(start)} ms`);
    let slowest = { n: 0, ms: 0, bytes: 0, urls: 0 };
    for (let n = 1; n <= files; n++) {
      start = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url: `/sitemap-listings-${n}.xml` });
      const took = ms(start);
      const urls = res.body.split('<url>').length - 1;
      if (took > slowest.ms) slowest = { n, ms: took, bytes: res.rawPayload.length, urls };
      if (n === 1 || n === files) console.log(`/sitemap-listings-${n}.xml: ${urls} URLs, ${res.rawPayload.length} bytes, ${took} ms`);
    }
    console.log(`slowest file: /sitemap-listings-${slowest.n}.xml, ${slowest.urls} URLs, ${slowest.bytes} bytes, ${slowest.ms} ms`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
