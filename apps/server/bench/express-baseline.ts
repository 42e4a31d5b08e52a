// The benchmark's first yardstick (docs/decisions/013, tuned in docs/decisions/019): the server a performance-minded
// Node user writes with Express 5 and pg. GET /api/products runs the app's first-page and category keyset query as a
// named statement, answers the same JSON body and next-page headers, with Express's ETag (a hash of every body) and
// X-Powered-By off, and no validation, authentication, security headers or logging. BENCH_COMPRESS=1 adds the
// `compression` middleware with the app's settings. Run in its own process by bench/api.ts on PORT, against
// BENCH_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { compressing, createPool, nextPage, PAGE, readPage, toJson } from './baseline-page.ts';

const pool = createPool();
const app = express();
app.set('etag', false);
app.disable('x-powered-by');
if (compressing) {
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
}
app.get('/api/products', async (req, res) => {
  const category = typeof req.query.category === 'string' ? req.query.category : undefined;
  const rows = await readPage(pool, category);
  const next = nextPage(rows, req.originalUrl);
  if (next) {
    res.set('X-Next-Cursor', next.cursor);
    res.set('Link', next.link);
  }
  res.json(rows.slice(0, PAGE).map(toJson));
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`express baseline on port ${(server.address() as AddressInfo).port}`);
});

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
