// `npm run fault:crash -- [--rounds 20] [--writers 8] [--min-writes 5] [--max-writes 60] [--alert-rounds 5] [--outage 5]
//                         [--skip-pglite] [--skip-postgres] [--skip-alerts] [--skip-outage]`
//
// Crash durability, PGlite then PostgreSQL: a seller and a buyer registered through the API send a stream of
// writes (listings, and buy requests on the seller's listings) to the server running as a child process;
// the server is killed with SIGKILL mid-stream (after a random number of acknowledged writes, 8 in flight),
// restarted on the same DATA_DIR (or the same DATABASE_URL), and every write that was answered 2xx must be there,
// by id and content. N rounds; then, with the server stopped, amcheck verifies every B-tree index against its table.
// Then, unless --skip-alerts, saved-search alerts on the same backend: a buyer saves a search with instant alerts, a
// seller lists matching items one every 300-500 ms, and the server (mailing to an SMTP server in this process) is
// killed at a random moment of each round and restarted; once the alerts settle, every acknowledged listing must be
// named by exactly one alert mail (0: lost, 2+: doubled). PGlite runs it too: its queue lives in DATA_DIR, and the
// restarted server takes over the dead one's jobs as a second PostgreSQL process would.
// Then, unless --skip-outage, the PostgreSQL outage of fault-outage.ts on the same database.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ALERT_MAIL_LISTINGS } from '@olden/contracts';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { decodedBodyOf, headersOf, startSmtp, type TestSmtp } from '../src/test/smtp.ts';
import { outage, OUTAGE_SECONDS_MAX, type OutageSummary, reportOutage } from './fault-outage.ts';
import {
  type Account,
  type Backend,
  buyBody,
  call,
  fmt,
  listingBody,
  log,
  parseFlags,
  percentile,
  registerAccount,
  runExperiment,
  type ServerChild,
  sleep,
  startServer,
} from './support.ts';

const USAGE =
  'fault:crash [--rounds 20] [--writers 8] [--min-writes 5] [--max-writes 60] [--alert-rounds 5] [--outage 5] [--skip-pglite] [--skip-postgres] [--skip-alerts] [--skip-outage]';
const args = parseFlags(
  process.argv.slice(2),
  {
    rounds: 20,
    writers: 8,
    'min-writes': 5,
    'max-writes': 60,
    'alert-rounds': 5,
    outage: 5,
    'skip-pglite': false,
    'skip-postgres': false,
    'skip-alerts': false,
    'skip-outage': false,
  },
  USAGE,
);

const STREAM_MAX_MS = 30_000;
const WRITES_PER_WRITER_MAX = 20_000;

// ---------------------------------------------------------------------------------------------------------
// Crash rounds

interface RoundFigures {
  listingsAcked: number;
  buysAcked: number;
  inFlightAtKill: number;
  killAfterMs: number;
  restartMs: number;
  lost: number;
  wrong: number;
}

interface CrashSummary {
  backend: string;
  integrity: string;
  rounds: RoundFigures[];
  totalListings: number;
  totalBuys: number;
}

async function listAll(base: string, url: string, token: string): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  let cursor = '';
  for (let page = 0; page < 10_000; page++) {
    const res = await call<Record<string, unknown>[]>(base, 'GET', `${url}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      token,
      timeoutMs: 30_000,
    });
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    for (const row of res.body) found.set(String(row._id), row);
    cursor = res.headers.get('x-next-cursor') ?? '';
    if (!cursor) return found;
  }
  throw new Error(`GET ${url}: too many pages`);
}

async function crashRounds(backend: Backend, rounds: number): Promise<CrashSummary> {
  log(`\n== Crash durability: ${backend.name}, ${rounds} rounds of kill -9 mid-stream ==`);
  const acked = {
    listings: new Map<string, string>(), // id -> name
    buys: new Map<string, string>(), // id -> productId
  };
  const unbought: string[] = [];
  const figures: RoundFigures[] = [];
  let server: ServerChild = await startServer({ env: backend.env });
  const tag = randomBytes(3).toString('hex');
  const seller: Account = await registerAccount(server.base, `seller-${tag}@fault.example.com`, 'Fault Seller');
  const buyer: Account = await registerAccount(server.base, `buyer-${tag}@fault.example.com`, 'Fault Buyer');
  let counter = 0;
  let prev = { listings: 0, buys: 0 };

  try {
    for (let round = 1; round <= rounds; round++) {
      let killed = false;
      let inFlight = 0;
      const streamStart = Date.now();
      // The kill lands after a random number of acknowledged writes this round, plus 0-50 ms, while 8 are in flight.
      const target = args['min-writes'] + Math.floor(Math.random() * (args['max-writes'] - args['min-writes'] + 1));
      let reached: () => void = () => {};
      const targetReached = new Promise<void>((resolve) => (reached = resolve));
      const acknowledged = () => {
        if (acked.listings.size + acked.buys.size - prev.listings - prev.buys >= target) reached();
      };
      const writer = async () => {
        for (let n = 0; n < WRITES_PER_WRITER_MAX && !killed && Date.now() - streamStart < STREAM_MAX_MS; n++) {
          const productId = counter % 2 === 1 ? unbought.shift() : undefined;
          const i = counter++;
          inFlight++;
          try {
            if (productId) {
              const res = await call<{ insertedId: string }>(server.base, 'POST', '/api/buyerProduct', {
                token: buyer.token,
                body: buyBody(productId),
              });
              if (res.status >= 200 && res.status < 300) {
                acked.buys.set(res.body.insertedId, productId);
                acknowledged();
              } else if (!killed) throw new Error(`buy request answered ${res.status} ${JSON.stringify(res.body)}`);
            } else {
              const body = listingBody(i, `fault-${tag}`);
              const res = await call<{ insertedId: string }>(server.base, 'POST', '/api/products', {
                token: seller.token,
                body,
              });
              if (res.status >= 200 && res.status < 300) {
                acked.listings.set(res.body.insertedId, body.name);
                unbought.push(res.body.insertedId);
                acknowledged();
              } else if (!killed) throw new Error(`listing answered ${res.status} ${JSON.stringify(res.body)}`);
            }
          } catch (error) {
            // A reset or refused connection after the kill is expected: that write was never acknowledged.
            if (!killed) throw error;
          } finally {
            inFlight--;
          }
        }
      };
      const writers = Array.from({ length: args.writers }, () => writer());
      const settled = Promise.allSettled(writers);
      await Promise.race([targetReached, settled]);
      await sleep(Math.random() * 50);
      const killAfterMs = Date.now() - streamStart;
      const inFlightAtKill = inFlight;
      killed = true;
      await server.kill9();
      const results = await settled;
      // Replies that arrived before the kill landed count as acknowledged too.
      const atKill = { listings: acked.listings.size, buys: acked.buys.size };
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) throw (failure as PromiseRejectedResult).reason;

      const restartStart = Date.now();
      server = await startServer({ env: backend.env });
      const restartMs = Date.now() - restartStart;

      // Every acknowledged write must be there, with its content.
      const listings = await listAll(server.base, `/api/products?email=${encodeURIComponent(seller.email)}`, seller.token);
      const cart = await listAll(server.base, `/api/buyerProduct?buyerEmail=${encodeURIComponent(buyer.email)}`, buyer.token);
      let lost = 0;
      let wrong = 0;
      for (const [id, name] of acked.listings) {
        const row = listings.get(id);
        if (!row) lost++;
        else if (row.name !== name) wrong++;
      }
      for (const [id, productId] of acked.buys) {
        const row = cart.get(id);
        if (!row) lost++;
        else if (row.productId !== productId) wrong++;
      }
      // The database accepts writes again right away.
      const probe = await call(server.base, 'POST', '/api/products', {
        token: seller.token,
        body: listingBody(counter++, `fault-${tag}`),
      });
      if (probe.status !== 200) throw new Error(`first write after restart answered ${probe.status}`);
      const probeId = (probe.body as { insertedId: string }).insertedId;
      acked.listings.set(probeId, listingBody(counter - 1, `fault-${tag}`).name);
      unbought.push(probeId);

      const row: RoundFigures = {
        listingsAcked: atKill.listings - prev.listings,
        buysAcked: atKill.buys - prev.buys,
        inFlightAtKill,
        killAfterMs,
        restartMs,
        lost,
        wrong,
      };
      prev = { listings: acked.listings.size, buys: acked.buys.size };
      figures.push(row);
      log(
        `  round ${String(round).padStart(2)}: killed after ${fmt(killAfterMs, 0)} ms with ${inFlightAtKill} in flight; ` +
          `acked ${row.listingsAcked} listings + ${row.buysAcked} buys (total ${atKill.listings + atKill.buys}); ` +
          `restart ${restartMs} ms; lost ${lost}, wrong ${wrong}`,
      );
      if (lost > 0 || wrong > 0) log(`  !! ${backend.name} lost acknowledged writes in round ${round}`);
    }
  } finally {
    await server.stop();
  }
  const integrity = await checkIntegrity(backend);
  log(`  integrity after the last round: ${integrity}`);
  return { backend: backend.name, integrity, rounds: figures, totalListings: acked.listings.size, totalBuys: acked.buys.size };
}

/**
 * With the server stopped, opens the database directly and checks every B-tree index against its table
 * (amcheck bt_index_check with heapallindexed): the files that survived the kills are consistent, not just readable.
 */
async function checkIntegrity(backend: Backend): Promise<string> {
  const CHECK = `select count(*)::int as indexes, count(bt_index_check(c.oid, true))::int as checked
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where a.amname = 'btree' and c.relnamespace = 'public'::regnamespace`;
  const COUNTS = `select (select count(*) from products)::int as products, (select count(*) from buyer_requests)::int as requests`;
  type Row = { indexes: number; checked: number; products: number; requests: number };
  let check: Row;
  let counts: Row;
  if (backend.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: backend.env.DATABASE_URL, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query('create extension if not exists amcheck');
      check = (await client.query<Row>(CHECK)).rows[0]!;
      counts = (await client.query<Row>(COUNTS)).rows[0]!;
    } finally {
      await client.end();
    }
  } else {
    const db = await PGlite.create({ dataDir: path.join(backend.env.DATA_DIR!, 'db'), extensions: { amcheck, pg_trgm } });
    try {
      await db.exec('create extension if not exists amcheck');
      check = (await db.query<Row>(CHECK)).rows[0]!;
      counts = (await db.query<Row>(COUNTS)).rows[0]!;
    } finally {
      await db.close();
    }
  }
  if (check.checked !== check.indexes) throw new Error(`amcheck: ${check.checked} of ${check.indexes} indexes checked`);
  return `amcheck ok on ${check.indexes} B-tree indexes; ${counts.products} listings, ${counts.requests} buy requests`;
}

/** Prints the crash figures and says whether every acknowledged write survived. */
function reportCrash(crash: CrashSummary[]): boolean {
  if (crash.length) {
    console.table(
      crash.map((c) => {
        const restarts = c.rounds.map((r) => r.restartMs);
        return {
          backend: c.backend,
          rounds: c.rounds.length,
          'kill after ms (p50)': Math.round(percentile(c.rounds.map((r) => r.killAfterMs), 50)),
          'acked listings': c.totalListings,
          'acked buys': c.totalBuys,
          'in flight at kills': c.rounds.reduce((s, r) => s + r.inFlightAtKill, 0),
          'lost acked': c.rounds.at(-1)?.lost ?? 0,
          'wrong content': c.rounds.at(-1)?.wrong ?? 0,
          'max lost in a round': Math.max(0, ...c.rounds.map((r) => r.lost)),
          'restart p50 ms': percentile(restarts, 50),
          'restart max ms': Math.max(...restarts),
        };
      }),
    );
  }
  return crash.every((c) => c.rounds.every((r) => r.lost === 0 && r.wrong === 0));
}

// ---------------------------------------------------------------------------------------------------------
// Saved-search alerts and kill -9

/** A round's listings: with the one in flight at the kill, even a batch that waited out the restart fits one mail. */
const ALERT_LISTINGS_PER_ROUND = ALERT_MAIL_LISTINGS - 1;
/**
 * How long a round waits for its listings to be mailed. A send cut off by the kill leaves its claim, which a run may
 * take only after 2 min (lib/mail.ts CLAIM_MS), and the job's retries back off (2, 4, 8... s, lib/jobs.ts RETRY), so
 * the run that finds the claim stale may come about 4 min after the kill.
 */
const ALERT_SETTLE_MAX_MS = 300_000;
/** Once every listing is named, how long nothing more may come (a doubling mail would come within an interval or two). */
const ALERT_QUIET_MS = 5000;
// Alerts of one search at most one a second; an active job not finished in 2 s (its process killed) is run again.
const ALERT_ENV = { ALERT_MAIL_INTERVAL_SECONDS: '1', JOB_POLL_MS: '500', JOB_EXPIRE_SECONDS: '2' };
const LISTING_LINK = /\/productDetails\/([0-9a-f]{32})/g;

interface AlertSummary {
  backend: string;
  rounds: number;
  listings: number;
  mails: number;
  /** Deliveries of a Message-ID already delivered: a send cut off after the SMTP server took it, sent again. */
  resent: number;
  lost: number;
  doubled: number;
  settleMaxMs: number;
}

/**
 * The listing ids each of the alert mails to `address` names, by Message-ID: a mail sent again after a crash keeps
 * its Message-ID (lib/mail.ts sendOnce), and a mail client shows it once.
 */
function alertMails(smtp: TestSmtp, address: string): { named: Map<string, Set<string>>; deliveries: number } {
  const named = new Map<string, Set<string>>();
  const delivered = smtp.to(address).filter((m) => headersOf(m.raw).has('list-unsubscribe'));
  for (const m of delivered) {
    const ids = [...decodedBodyOf(m.raw).matchAll(LISTING_LINK)].map((match) => match[1]!);
    named.set(headersOf(m.raw).get('message-id') ?? `no id ${named.size}`, new Set(ids));
  }
  return { named, deliveries: delivered.length };
}

/** How many distinct alert mails name each listing id they name. */
function timesNamed(named: Map<string, Set<string>>): Map<string, number> {
  const times = new Map<string, number>();
  for (const ids of named.values()) for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
  return times;
}

async function alertRounds(backend: Backend, rounds: number): Promise<AlertSummary> {
  log(`\n== Saved-search alerts: ${backend.name}, ${rounds} rounds of kill -9 while listings are matched and mailed ==`);
  const smtp = await startSmtp();
  const env = { ...backend.env, ...ALERT_ENV, SMTP_URL: smtp.url };
  let server: ServerChild = await startServer({ env });
  const word = `alert${randomBytes(3).toString('hex')}`;
  const seller = await registerAccount(server.base, `${word}-seller@fault.example.com`, 'Alert Seller');
  const buyer = await registerAccount(server.base, `${word}-buyer@fault.example.com`, 'Alert Buyer');
  const acked: string[] = [];
  const isSettled = () => {
    const times = timesNamed(alertMails(smtp, buyer.email).named);
    return acked.every((id) => times.has(id));
  };
  let settleMaxMs = 0;
  try {
    const search = await call(server.base, 'POST', '/api/savedSearches', {
      token: buyer.token,
      body: { filters: { q: word }, alert: 'instant' },
    });
    if (search.status !== 201) throw new Error(`saved search answered ${search.status} ${JSON.stringify(search.body)}`);
    for (let round = 1; round <= rounds; round++) {
      let killed = false;
      const before = acked.length;
      const stream = async () => {
        for (let n = 0; n < ALERT_LISTINGS_PER_ROUND && !killed; n++) {
          try {
            const res = await call<{ insertedId: string }>(server.base, 'POST', '/api/products', {
              token: seller.token,
              body: listingBody(acked.length, word),
            });
            if (res.status === 200) acked.push(res.body.insertedId);
            else if (!killed) throw new Error(`listing answered ${res.status} ${JSON.stringify(res.body)}`);
          } catch (error) {
            // A reset or refused connection after the kill is expected: that listing was never acknowledged.
            if (!killed) throw error;
          }
          await sleep(300 + Math.random() * 200);
        }
      };
      // The kill lands anywhere in the round's stream of listings, or just after it while the last are mailed.
      const killAfterMs = Math.random() * ALERT_LISTINGS_PER_ROUND * 400;
      const streaming = stream();
      await Promise.race([sleep(killAfterMs), streaming]);
      killed = true;
      await server.kill9();
      await streaming;

      const restartStart = Date.now();
      server = await startServer({ env });
      const restartMs = Date.now() - restartStart;
      const settleStart = Date.now();
      while (!isSettled() && Date.now() - settleStart < ALERT_SETTLE_MAX_MS) await sleep(250);
      await sleep(ALERT_QUIET_MS);
      const settleMs = Date.now() - settleStart;
      settleMaxMs = Math.max(settleMaxMs, settleMs);
      log(
        `  round ${String(round).padStart(2)}: killed after ${fmt(killAfterMs, 0)} ms; acked ${acked.length - before} listings ` +
          `(total ${acked.length}); restart ${restartMs} ms; ${isSettled() ? 'all mailed' : '!! NOT all mailed'} ` +
          `within ${fmt(settleMs / 1000)} s; ${alertMails(smtp, buyer.email).deliveries} alert mails so far`,
      );
    }
  } finally {
    await server.stop();
    await smtp.close();
  }
  const { named, deliveries } = alertMails(smtp, buyer.email);
  const times = timesNamed(named);
  const summary: AlertSummary = {
    backend: backend.name,
    rounds,
    listings: acked.length,
    mails: named.size,
    resent: deliveries - named.size,
    lost: acked.filter((id) => !times.has(id)).length,
    // Any listing named twice, acknowledged or cut off by the kill after it was written.
    doubled: [...times.values()].filter((n) => n > 1).length,
    settleMaxMs,
  };
  if (summary.lost > 0 || summary.doubled > 0) {
    log(`  !! ${backend.name}: ${summary.lost} acknowledged listings never mailed, ${summary.doubled} listings mailed twice`);
  }
  return summary;
}

/** Prints the alert figures and says whether every acknowledged listing was mailed exactly once. */
function reportAlerts(alerts: AlertSummary[]): boolean {
  if (alerts.length) {
    console.table(
      alerts.map((a) => ({
        backend: a.backend,
        rounds: a.rounds,
        'acked listings': a.listings,
        'alert mails': a.mails,
        'resent (same Message-ID)': a.resent,
        lost: a.lost,
        doubled: a.doubled,
        'settle max s': fmt(a.settleMaxMs / 1000),
      })),
    );
  }
  return alerts.every((a) => a.lost === 0 && a.doubled === 0);
}

// ---------------------------------------------------------------------------------------------------------

const crash: CrashSummary[] = [];
const alerts: AlertSummary[] = [];
let outageFigures: OutageSummary | undefined;
await runExperiment(
  async (scratch) => {
    const backends: (() => Backend | Promise<Backend>)[] = [];
    if (!args['skip-pglite']) backends.push(() => scratch.pglite());
    if (!args['skip-postgres']) backends.push(() => scratch.postgres());
    for (const backend of backends) {
      crash.push(await crashRounds(await backend(), args.rounds));
      if (!args['skip-alerts']) alerts.push(await alertRounds(await backend(), args['alert-rounds']));
    }
    if (!args['skip-outage']) outageFigures = await outage(await scratch.postgres(), Math.min(args.outage, OUTAGE_SECONDS_MAX));
  },
  () => {
    const crashOk = reportCrash(crash);
    const alertsOk = reportAlerts(alerts);
    return (outageFigures ? reportOutage(outageFigures) : true) && crashOk && alertsOk;
  },
);
