// Opens the database: PGlite (embedded, in DATA_DIR/db or in memory) or PostgreSQL through pg.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { Column, is, Placeholder, SQL, sql } from 'drizzle-orm';
import type { Pool, types as PgTypes } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

// Each driver is loaded only when it is the one configured (docs/decisions/013: a PostgreSQL process never parses
// PGlite's JavaScript, an embedded one never loads pg), which shortens start-up and keeps the idle process smaller.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs SQL text as given, outside drizzle: for libraries that bring their own statements (the job queue). With
   * values, one statement with $n parameters; without, a script of several statements. Once the database is closed it
   * answers no rows and does nothing: a job that outlived the queue's wait at shutdown must not throw from inside the
   * queue's loop (an unhandled rejection); the job stays active and the queue runs it again after its expiry, as after
   * a crash.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Fixed key for pg_advisory_lock so several API processes never migrate at once. */
const MIGRATION_LOCK = 7_341_501;

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL: the longest one statement may run, so no query holds a connection for minutes (0 or unset:
   * no bound). PGlite accepts `SET statement_timeout` but never cancels (its WebAssembly build has no timer
   * signal), so there it is not set.
   */
  statementTimeoutMs?: number;
}

/**
 * What a closed database answers the job queue's late statements: no rows, but a count of 0 where pg-boss reads one
 * (its complete, fail and cancel commands end in `SELECT COUNT(*) FROM results` and it reads `rows[0].count`; with no
 * row that was a TypeError, an unhandled rejection that failed a whole test pass).
 */
function closedAnswer(text: string): { rows: unknown[] } {
  return /count\(\*\)(\s+as\s+count)?\s+from/i.test(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  /** Set by close(): the job queue's late statements then do nothing (executeSql). */
  let closed = false;
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // No JIT compilation: every statement here reads a few dozen rows, and a search's month-by-month walk is
      // estimated (a thousand months of five thousand rows each) far above jit_above_cost, so the server would spend
      // a quarter of a second compiling it to run it in one millisecond.
      options: '-c jit=off',
      // Sent at connection start, so RESET brings it back after a SET.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    pgPools.set(db, { pool, types: pg.types });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          // Waiting for another process's migration, or building an index, may take longer than a request may.
          await client.query('SET statement_timeout = 0');
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          await client.query('RESET statement_timeout').catch(() => {});
          client.release();
        }
      },
      async close() {
        closed = true;
        await pool.end();
      },
      async executeSql(text, values) {
        if (closed) return closedAnswer(text);
        const result = await pool.query(text, values as unknown[] | undefined);
        // A script answers one result per statement: the last one is the script's.
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last as { rows?: unknown[] } | undefined)?.rows ?? [] };
      },
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    extensions: { pg_trgm },
  });
  yieldBetweenQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      closed = true;
      if (!client.closed) await client.close();
    },
    async executeSql(text, values) {
      if (closed) return closedAnswer(text);
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * PGlite runs each query synchronously on the main thread, and hands its lock to the next waiting query in a
 * microtask: under a steady queue the event loop never reaches its I/O phase, so connections whose requests
 * were not read yet starve (under 100 connections, most never got a reply within 10 s). Yielding to the event
 * loop before each exclusive section lets new requests be read and queued in turn.
 */
function yieldBetweenQueries(client: PGlite): void {
  const target = client as unknown as Record<'_runExclusiveQuery' | '_runExclusiveTransaction', (fn: () => Promise<unknown>) => Promise<unknown>>;
  for (const name of ['_runExclusiveQuery', '_runExclusiveTransaction'] as const) {
    const original = target[name]?.bind(client);
    if (!original) continue;
    target[name] = (fn) => original(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return fn();
    });
  }
}

/** The pg pool under each PostgreSQL database, and pg's type parsers (rawPreparedSelect); PGlite databases have none. */
const pgPools = new WeakMap<Db, { pool: Pool; types: typeof PgTypes }>();
const TIMESTAMPTZ_OID = 1184;

export type Decoder = ((value: unknown) => unknown) | null;

/**
 * What turns the value pg's parsers give for a selected field into the one drizzle's mapping gives (null: the
 * value as it comes); undefined for a type rawPreparedSelect does not decode. As drizzle does, a timestamptz comes
 * as text and becomes a Date here (pg's own parser, postgres-date, cost three times as much).
 */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) {
    switch (field.columnType) {
      case 'PgText':
      case 'PgVarchar':
      case 'PgInteger':
      case 'PgBoolean':
      case 'PgUUID':
      case 'PgDoublePrecision':
        return null;
      case 'PgBigInt53':
        return (value) => Number(value);
      case 'PgTimestamp':
        return (field as unknown as { withTimezone: boolean }).withTimezone ? (value) => new Date(value as string) : undefined;
      default:
        return undefined;
    }
  }
  // A computed field (`sql<T>`) keeps pg's parse, as drizzle's default decoder does; only numbers and text are selected so.
  return is(field, SQL) ? null : undefined;
}

/** Runs a select rawPreparedSelect compiled; values by placeholder name. */
export type RawSelect<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A select (docs/decisions/015) drizzle built with placeholders, run on PostgreSQL as a named prepared statement
 * straight on the pool, each row made by one decoder per field compiled here once. drizzle's prepared query does the
 * same round trip but maps every value through its generic row mapper (entity checks, a path walk, a Date parse), a
 * seventh of a listing page's CPU in the profile. Undefined on PGlite, or when a field is nested or of a type decoderOf
 * does not know: the caller then runs drizzle's prepared query. Without a name the statement is sent unnamed each time,
 * so PostgreSQL plans it for the values it is given (the text is still built only once).
 */
export function rawPreparedSelect<Row>(
  db: Db,
  name: string | undefined,
  query: { toSQL(): { sql: string; params: unknown[] } },
  selection: Record<string, unknown>,
): RawSelect<Row> | undefined {
  const pg = pgPools.get(db);
  if (!pg) return undefined;
  const { pool } = pg;
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === TIMESTAMPTZ_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof PgTypes.getTypeParser,
  };
  const keys = Object.keys(selection);
  const decoders = keys.map((key) => decoderOf(selection[key]));
  // A "__proto__" key would set the literal's prototype instead of a field: such a selection keeps drizzle's path.
  if (decoders.some((d) => d === undefined) || keys.includes('__proto__')) return undefined;
  const makeRow = rowMaker(keys, decoders as Decoder[]);
  const { sql: text, params } = query.toSQL();
  const slots = params.map((param) => (is(param, Placeholder) ? param.name : undefined));
  return async (values) => {
    const result = await pool.query<unknown[]>({
      name,
      text,
      values: params.map((param, i) => (slots[i] === undefined ? param : values[slots[i]!])),
      rowMode: 'array',
      types,
    });
    return result.rows.map(makeRow) as Row[];
  };
}

/**
 * Makes a row from pg's array of values: one object literal with every selected key, compiled once per statement
 * from the selection's keys (the code's own, never a request's; each written as a JSON string). Stored key by key
 * (`row[key] = value`), each of a row's 31 fields (a browse page's) was a megamorphic keyed store and a map
 * transition: 35 us of CPU per page against 22 us with the literal (docs/decisions/033-rows-made-by-one-literal.md).
 */
export function rowMaker(keys: string[], decoders: Decoder[]): (raw: unknown[]) => Record<string, unknown> {
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: ${decoders[i] ? `r[${i}] === null ? null : d[${i}](r[${i}])` : `r[${i}]`}`);
  return new Function('d', `return (r) => ({ ${fields.join(', ')} });`)(decoders) as (raw: unknown[]) => Record<string, unknown>;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
