// A real Server-Sent Events client for tests: an HTTP GET on a listening server, its stream parsed into
// events (name, parsed data) and comment lines, with waits that fail after a timeout.
import http from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
  at: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  retry?: number;
  /** Resolves with the first event named `name` (after `from` events already seen) matching `where`. */
  next(name: string, options?: { timeoutMs?: number; where?: (data: unknown) => boolean; from?: number }): Promise<SseEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended,
        next(name, options = {}) {
          const { timeoutMs = 5000, where = () => true, from = 0 } = options;
          return new Promise((ok, fail) => {
            const check = () => {
              const found = events.slice(from).find((e) => e.event === name && where(e.data));
              if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                ok(found);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no "${name}" event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) client.retry = Number(line.slice(7));
          }
          if (data.length > 0) {
            const text = data.join('\n');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // Not JSON: kept as text.
            }
            events.push({ event: name, data: parsed, at: Date.now() });
          }
          for (const w of [...waiters]) w();
        }
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      resolve(client);
    });
    req.on('error', reject);
  });
}
