// `npx tsx apps/server/bench/compress-page.ts [--runs 2000]`: the CPU one page of listings costs to gzip, through
// @fastify/compress's two paths: a zlib stream (what a payload above its syncThreshold takes) and one gzipSync call
// (what SYNC_COMPRESSION_MAX gives a page). The page is 25 listings shaped as GET /api/products answers them, built
// here so no database is needed. Both sides alternate A B A B; the figures are CPU per page (process.cpuUsage) and
// the ratio. Decision 019's addendum quotes its output.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 2000;
const page = JSON.stringify(
  Array.from({ length: 25 }, (_, i) => ({
    _id: (0x1000000000 + i).toString(16).padStart(32, '0'),
    image1: `https://images.example.org/listings/${i}/1-1280.webp`,
    image2: `https://images.example.org/listings/${i}/2-1280.webp`,
    image3: `https://images.example.org/listings/${i}/3-1280.webp`,
    image4: `https://images.example.org/listings/${i}/4-1280.webp`,
    name: `Vintage brass table lamp no. ${i}`,
    age: 12 + i,
    date: '2024-05-01',
    category: 'homeAndLiving',
    shortDescription: 'A well kept lamp in good condition, with its original shade.',
    longDescription: 'Looked after for years in a dry room; the wiring was checked last spring and the switch works. '.repeat(3),
    price: 40 + i,
    uploaderPhone: '0123456789',
    uploaderLocation: 'Leeds',
    uploaderName: 'Ada Seller',
    email: `seller${i}@example.org`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    status: 'available',
  })),
);

function viaStream(): Promise<void> {
  return new Promise((done, fail) => {
    const gzip = zlib.createGzip();
    gzip.on('data', () => {});
    gzip.on('end', done);
    gzip.on('error', fail);
    Readable.from([page]).pipe(gzip);
  });
}

async function cpuPerPage(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / RUNS;
}

const stream: number[] = [];
const sync: number[] = [];
await cpuPerPage(viaStream); // warm-up
await cpuPerPage(() => zlib.gzipSync(page));
for (let round = 0; round < 4; round++) {
  stream.push(await cpuPerPage(viaStream));
  sync.push(await cpuPerPage(() => zlib.gzipSync(page)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`page: ${Buffer.byteLength(page)} bytes, ${zlib.gzipSync(page).length} gzipped; ${RUNS} runs x 4 rounds, A B A B`);
console.log(`stream:   ${stream.map((x) => x.toFixed(0)).join(', ')} us CPU per page (median ${median(stream).toFixed(0)})`);
console.log(`gzipSync: ${sync.map((x) => x.toFixed(0)).join(', ')} us CPU per page (median ${median(sync).toFixed(0)})`);
console.log(`stream / gzipSync: ${(median(stream) / median(sync)).toFixed(2)}x`);
