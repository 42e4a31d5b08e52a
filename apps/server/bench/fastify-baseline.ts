// The benchmark's second yardstick (docs/decisions/019): the platform's limit for this page, bare Fastify 5 and pg. The
// same named statements, body and next-page headers as express-baseline.ts, serialised with JSON.stringify, no schema,
// hooks, validation, logging or security headers. BENCH_COMPRESS=1 registers @fastify/compress with the app's settings.
// Run in its own process by bench/api.ts on PORT, against BENCH_DATABASE_URL.
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { COMPRESSION_THRESHOLD, SYNC_COMPRESSION_MAX } from '../src/plugins/compression.ts';
import { compressing, createPool, nextPage, PAGE, readPage, toJson } from './baseline-page.ts';

const pool = createPool();
const app = Fastify({ logger: false });
// The app's settings: the same threshold, and a page compressed in one call (SYNC_COMPRESSION_MAX) as the app does.
if (compressing) await app.register(compress, { threshold: COMPRESSION_THRESHOLD, syncThreshold: SYNC_COMPRESSION_MAX, customTypes: /^application\/json\b/ });
app.get('/api/products', async (request, reply) => {
  const category = (request.query as { category?: unknown }).category;
  const rows = await readPage(pool, typeof category === 'string' ? category : undefined);
  const next = nextPage(rows, request.url);
  if (next) reply.header('X-Next-Cursor', next.cursor).header('Link', next.link);
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(rows.slice(0, PAGE).map(toJson));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });

const stop = () => {
  void app.close().then(() => pool.end()).finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
