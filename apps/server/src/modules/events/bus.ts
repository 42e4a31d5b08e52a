// The event bus: publish(userIds, event) reaches the live streams of those users in EVERY API process.
// On PostgreSQL through LISTEN/NOTIFY on one dedicated connection per process (NOTIFY also comes back to
// the process that sent it, so every process, the sender included, delivers from its listener); on the
// embedded PGlite, where one process is all there is, through an in-process emitter.
import { EventEmitter } from 'node:events';
import type { FavouriteEvent, MessageEvent, OfferEvent, ReportEvent, RequestEvent, ReviewEvent, SavedSearchEvent } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../../lib/context.ts';

/** The channel every process listens on. */
export const EVENTS_CHANNEL = 'og_events';
/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. A message of 2,000 characters may be that
 * large once UTF-8 encoded and JSON escaped: past this size only its id travels and each process that has
 * a stream for a recipient loads it.
 */
export const NOTIFY_PAYLOAD_MAX = 7000;

/**
 * What travels on the bus. A summary carries no data: it is per user, so the process holding a user's
 * stream counts it (once for a burst). A message travels whole when small, else by id.
 */
export type BusEvent =
  | { name: 'summary' }
  | { name: 'message'; data: MessageEvent }
  | { name: 'message'; messageId: string }
  | { name: 'request'; data: RequestEvent }
  | { name: 'favourite'; data: FavouriteEvent }
  | { name: 'savedSearch'; data: SavedSearchEvent }
  | { name: 'report'; data: ReportEvent }
  | { name: 'review'; data: ReviewEvent }
  | { name: 'offer'; data: OfferEvent };

/** One delivery: these users, this event. */
export interface BusNote {
  users: string[];
  event: BusEvent;
}

/** Every local delivery of every note; a second delivery after a lost connection ("resync"). */
export interface BusListener {
  note(note: BusNote): void;
  /** The listener connection was lost and is back: events may have been missed, every stream is refreshed. */
  resync(): void;
}

export interface EventBus {
  readonly kind: 'memory' | 'postgres';
  publish(users: string[], event: BusEvent): Promise<void>;
  /**
   * Many notes at once (a job's events, each to its own users): on PostgreSQL one statement per NOTES_PER_STATEMENT,
   * not a round trip (and a pooled connection) each.
   */
  publishMany(notes: readonly BusNote[]): Promise<void>;
  /** The process's one consumer (the live hub); returns the unsubscribe. */
  listen(listener: BusListener): () => void;
  /** Whether the PostgreSQL listener is connected (always true in memory). */
  isConnected(): boolean;
  close(): Promise<void>;
}

/** A note as sent: `m` is a message by id. Short keys keep most messages under the payload limit. */
export function encodeNote(note: BusNote): string {
  const full = JSON.stringify(note);
  if (Buffer.byteLength(full) < NOTIFY_PAYLOAD_MAX || note.event.name !== 'message' || !('data' in note.event)) return full;
  return JSON.stringify({ users: note.users, event: { name: 'message', messageId: note.event.data.message._id } });
}

export function decodeNote(payload: string): BusNote | undefined {
  try {
    const note = JSON.parse(payload) as BusNote;
    if (!Array.isArray(note.users) || typeof note.event?.name !== 'string') return undefined;
    return note;
  } catch {
    return undefined;
  }
}

function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(users, event) {
      if (users.length === 0) return;
      // Asynchronous like NOTIFY, so a publisher never runs the streams' writes inside its own call.
      const note = decodeNote(encodeNote({ users, event }));
      if (note) setImmediate(() => emitter.emit('note', note));
    },
    async publishMany(notes) {
      for (const { users, event } of notes) {
        if (users.length === 0) continue;
        const note = decodeNote(encodeNote({ users, event }));
        if (note) setImmediate(() => emitter.emit('note', note));
      }
    },
    listen(listener) {
      const onNote = (note: BusNote) => listener.note(note);
      emitter.on('note', onNote);
      return () => emitter.off('note', onNote);
    },
    isConnected: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Notes one publishMany statement sends (one transaction's notes are queued together; keep each modest). */
const NOTES_PER_STATEMENT = 500;

/** Reconnect delays of the listener connection: 0.25 s doubling to 30 s. */
export const RECONNECT_MIN_MS = 250;
export const RECONNECT_MAX_MS = 30_000;

function createPostgresBus(ctx: AppContext, pool: pg.Pool): EventBus {
  const listeners = new Set<BusListener>();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let everConnected = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const deliver = (note: BusNote) => {
    for (const l of listeners) l.note(note);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // The pool's own settings (the URL, the connect timeout), but no statement timeout: LISTEN waits forever.
    const { connectionString, connectionTimeoutMillis, host, port, user, password, database, ssl } = pool.options;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis, host, port, user, password, database, ssl });
    client = c;
    c.on('error', (error) => ctx.log.warn({ err: error }, 'live events: the listener connection failed'));
    c.on('end', () => {
      if (client !== c) return;
      connected = false;
      client = undefined;
      if (!closed) schedule();
    });
    c.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      const note = decodeNote(msg.payload);
      if (note) deliver(note);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      ctx.log.warn({ err: error }, `live events: cannot listen, retrying in ${delay} ms`);
      if (client === c) client = undefined;
      await c.end().catch(() => {});
      if (!closed) schedule();
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    connected = true;
    delay = RECONNECT_MIN_MS;
    if (everConnected) {
      ctx.log.info('live events: listening again');
      for (const l of listeners) l.resync();
    }
    everConnected = true;
  }

  function schedule(): void {
    clearTimeout(timer);
    const wait = delay;
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
  }

  const ready = connect();

  return {
    kind: 'postgres',
    async publish(users, event) {
      if (users.length === 0) return;
      await ctx.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${encodeNote({ users, event })})`);
    },
    async publishMany(notes) {
      const payloads = notes.filter((n) => n.users.length > 0).map((n) => encodeNote(n));
      // The chunk's payloads as one JSON parameter: a placeholder each would cost the event loop more than the notes.
      for (let i = 0; i < payloads.length; i += NOTES_PER_STATEMENT) {
        const chunk = JSON.stringify(payloads.slice(i, i + NOTES_PER_STATEMENT));
        await ctx.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, n) from jsonb_array_elements_text(${chunk}::jsonb) as n`);
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isConnected: () => connected,
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready;
      const c = client;
      client = undefined;
      connected = false;
      listeners.clear();
      await c?.end().catch(() => {});
    },
  };
}

/**
 * PostgreSQL when the app's database is a pg pool (DATABASE_URL, or the PostgreSQL test databases), else
 * in memory. The pool is the drizzle client's own, so the listener uses exactly its connection settings.
 */
export function createEventBus(ctx: AppContext): EventBus {
  const client = (ctx.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? createPostgresBus(ctx, client) : createMemoryBus();
}
