// The benchmark's yardstick (issue 14): the server a Node user would write in an afternoon. Express 5 and pg,
// GET /api/products with the same keyset query as the app's first page and category filter (sold listings
// left out, newest first, one row beyond the page), the same JSON shape and the same next-page headers, and
// no validation, authentication, security headers or logging. Run in its own process by bench/api.ts on
// PORT, against BENCH_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';

const PAGE = 24;
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });

const COLUMNS = `id, image1, image2, image3, image4, name, age, date, category, short_description, long_description,
  price_cents, uploader_phone, uploader_location, uploader_name, seller_email, created_at, status`;

interface Row {
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
}

const app = express();
app.get('/api/products', async (req, res) => {
  const category = typeof req.query.category === 'string' ? req.query.category : undefined;
  const { rows } = await pool.query<Row>(
    category
      ? `select ${COLUMNS} from products where category = $1 and status <> 'sold' order by created_at desc nulls last, id desc nulls last limit $2`
      : `select ${COLUMNS} from products where status <> 'sold' order by created_at desc nulls last, id desc nulls last limit $1`,
    category ? [category, PAGE + 1] : [PAGE + 1],
  );
  const page = rows.slice(0, PAGE);
  if (rows.length > PAGE) {
    const last = page[page.length - 1]!;
    const cursor = Buffer.from(JSON.stringify([last.created_at.toISOString(), last.id])).toString('base64url');
    const url = new URL(req.originalUrl, 'http://local');
    url.searchParams.set('cursor', cursor);
    res.set('X-Next-Cursor', cursor);
    res.set('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  res.json(
    page.map((r) => ({
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
    })),
  );
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`express baseline on port ${(server.address() as AddressInfo).port}`);
});

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
