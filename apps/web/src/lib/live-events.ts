// The live events client: one EventSource on GET /api/events (the session cookie authenticates it), its events
// parsed and handed on, and reconnects with a growing pause while the server is unreachable or refuses.
import { EVENT_NAMES, type EventName } from '@olden/contracts/constants';

export const EVENTS_URL = '/api/events';
/** The first pause after an error, doubled after each failed attempt up to the maximum, reset once a stream opens. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

export interface LiveEventsOptions {
  onEvent: (name: EventName, data: unknown) => void;
  /** A stream opened again after a break: events may have been missed, so what they would have updated is stale. */
  onReconnect?: () => void;
  /** For tests: how to open a stream. */
  createSource?: (url: string) => EventSource;
  /** For tests: 0..1, spreads the reconnects of many tabs after a server restart. */
  random?: () => number;
}

/** The pause before reconnect attempt `attempt` (0-based): doubling from the minimum, capped, with up to 25 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.75 + 0.25 * random()));
}

/**
 * Opens the stream and keeps it open until the returned function is called (sign-out, unmount). The browser's own
 * EventSource retry is not used: after any error the source is closed and reopened here after a pause, so a
 * server that answers 401 or 503 is not asked again every few seconds.
 */
export function connectLiveEvents({ onEvent, onReconnect, createSource = (url) => new EventSource(url), random }: LiveEventsOptions): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let hasOpened = false;
  let isStopped = false;

  const handle = (name: EventName) => (event: Event) => {
    const raw = (event as MessageEvent<unknown>).data;
    if (typeof raw !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    onEvent(name, data);
  };
  const handlers = EVENT_NAMES.map((name) => [name, handle(name)] as const);

  const open = () => {
    if (isStopped) return;
    const current = createSource(EVENTS_URL);
    source = current;
    for (const [name, handler] of handlers) current.addEventListener(name, handler);
    current.onopen = () => {
      attempt = 0;
      if (hasOpened) onReconnect?.();
      hasOpened = true;
    };
    current.onerror = () => {
      current.close();
      if (source !== current || isStopped) return;
      source = null;
      timer = setTimeout(open, reconnectDelay(attempt++, random));
    };
  };

  open();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}
