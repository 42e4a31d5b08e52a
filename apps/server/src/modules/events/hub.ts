// This process's live streams (GET /api/events): who is connected, what each is sent, and when a stream
// ends. Events come from the bus (every process's publishes); a summary is counted here, once per user and
// burst, for the users that have a stream in this process.
import type { EventName, MessageEvent, OfferEvent, ReportEvent, RequestEvent, ReviewEvent, Summary } from '@olden/contracts';
import type { AppContext } from '../../lib/context.ts';
import type { BusNote, EventBus } from './bus.ts';

/** Streams one user may hold in one process; a new one past it closes that user's oldest. */
export const MAX_STREAMS_PER_USER = 5;
/** How long a client waits before reconnecting (the stream's `retry:` hint), in ms. */
export const EVENTS_RETRY_MS = 3000;
/** Summaries asked for within this window are counted once. */
const SUMMARY_COALESCE_MS = 25;
/** A client that reads nothing while this much waits for it is cut off (it reconnects and gets a fresh summary). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Where a stream's text goes (the HTTP response). */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
  /** Bytes written but not yet taken by the client. */
  readonly buffered: number;
  /** The connection is gone (the client hung up, perhaps before the stream was even opened). */
  readonly isGone: boolean;
}

interface LiveStream {
  userId: string;
  sink: StreamSink;
  /** Whether the session that opened the stream is still live (checked before each heartbeat). */
  isLive: () => Promise<boolean>;
  heartbeat: NodeJS.Timeout;
  closed: boolean;
}

export const sseEvent = (name: EventName, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export function createLiveHub(
  ctx: AppContext,
  deps: {
    bus: EventBus;
    summaryOf: (userId: string) => Promise<Summary>;
    loadMessage: (id: string) => Promise<MessageEvent['message'] | undefined>;
    heartbeatMs: number;
  },
) {
  const byUser = new Map<string, LiveStream[]>();
  const pendingSummaries = new Set<string>();
  let summaryTimer: NodeJS.Timeout | undefined;

  function send(stream: LiveStream, chunk: string): void {
    if (stream.closed) return;
    if (stream.sink.isGone || stream.sink.buffered > MAX_BUFFERED_BYTES) {
      close(stream);
      return;
    }
    stream.sink.write(chunk);
  }

  function close(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.heartbeat);
    const list = byUser.get(stream.userId);
    if (list) {
      const rest = list.filter((s) => s !== stream);
      if (rest.length > 0) byUser.set(stream.userId, rest);
      else byUser.delete(stream.userId);
    }
    try {
      stream.sink.end();
    } catch {
      // The connection is already gone.
    }
  }

  function toUsers(users: string[], chunk: string): void {
    for (const userId of users) for (const stream of byUser.get(userId) ?? []) send(stream, chunk);
  }

  async function sendSummary(userId: string): Promise<void> {
    if (!byUser.has(userId)) return;
    try {
      const chunk = sseEvent('summary', await deps.summaryOf(userId));
      toUsers([userId], chunk);
    } catch (error) {
      ctx.log.warn({ err: error }, 'live events: summary not counted');
    }
  }

  function summaryFor(users: string[]): void {
    for (const u of users) if (byUser.has(u)) pendingSummaries.add(u);
    if (pendingSummaries.size === 0 || summaryTimer) return;
    summaryTimer = setTimeout(() => {
      summaryTimer = undefined;
      const batch = [...pendingSummaries];
      pendingSummaries.clear();
      for (const u of batch) void sendSummary(u);
    }, SUMMARY_COALESCE_MS);
  }

  async function onNote(note: BusNote): Promise<void> {
    const local = note.users.filter((u) => byUser.has(u));
    if (local.length === 0) return;
    const { event } = note;
    if (event.name === 'summary') return summaryFor(local);
    if (event.name === 'request') return toUsers(local, sseEvent('request', event.data satisfies RequestEvent));
    if (event.name === 'favourite' || event.name === 'savedSearch') return toUsers(local, sseEvent(event.name, event.data));
    if (event.name === 'report') return toUsers(local, sseEvent('report', event.data satisfies ReportEvent));
    if (event.name === 'review') return toUsers(local, sseEvent('review', event.data satisfies ReviewEvent));
    if (event.name === 'offer') return toUsers(local, sseEvent('offer', event.data satisfies OfferEvent));
    if ('data' in event) return toUsers(local, sseEvent('message', event.data satisfies MessageEvent));
    const message = await deps.loadMessage(event.messageId);
    if (message) toUsers(local, sseEvent('message', { requestId: message.requestId, message } satisfies MessageEvent));
  }

  const stopListening = deps.bus.listen({
    note: (note) => {
      onNote(note).catch((error: unknown) => ctx.log.warn({ err: error }, 'live events: event not delivered'));
    },
    // Events sent while the listener was away are lost: everyone here gets a fresh summary.
    resync: () => summaryFor([...byUser.keys()]),
  });

  return {
    /**
     * Opens a stream for a signed-in user: the reconnect hint and a first summary, then the user's events
     * and a heartbeat comment every heartbeatMs, before which the session is checked (a signed-out or
     * banned user's stream ends). Returns the stream's close (for the connection's end).
     */
    open(userId: string, sink: StreamSink, isLive: () => Promise<boolean>): () => void {
      const stream: LiveStream = { userId, sink, isLive, closed: false, heartbeat: undefined as unknown as NodeJS.Timeout };
      stream.heartbeat = setInterval(() => {
        if (stream.sink.isGone) return close(stream);
        stream
          .isLive()
          .catch(() => true) // A database hiccup is not a sign-out: the next beat asks again.
          .then((live) => (live ? send(stream, ': heartbeat\n\n') : close(stream)))
          .catch(() => close(stream));
      }, deps.heartbeatMs);
      const list = [...(byUser.get(userId) ?? []), stream];
      byUser.set(userId, list);
      // One user cannot hold more than the cap: the oldest goes (its browser tab reconnects if still open).
      while (list.length > MAX_STREAMS_PER_USER) close(list.shift()!);
      send(stream, `retry: ${EVENTS_RETRY_MS}\n\n`);
      if (stream.closed) return () => {};
      deps
        .summaryOf(userId)
        .then((summary) => send(stream, sseEvent('summary', summary)))
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'live events: first summary not counted'));
      return () => close(stream);
    },

    /** Open streams in this process (the no-leak tests read it). */
    count(): number {
      let n = 0;
      for (const list of byUser.values()) n += list.length;
      return n;
    },

    /** Ends every stream (the app is closing: clients reconnect to another process). */
    closeAll(): void {
      for (const list of [...byUser.values()]) for (const s of [...list]) close(s);
      clearTimeout(summaryTimer);
      summaryTimer = undefined;
      pendingSummaries.clear();
    },

    async close(): Promise<void> {
      this.closeAll();
      stopListening();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
