// A minimal Server-Sent Events client for tests: reads a real HTTP stream and parses its frames
// (event, data, comments), so a test can wait for the next event of a name.
export interface SseEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  /** Status and headers of the answer. */
  status: number;
  headers: Headers;
  /** Resolves with the first not-yet-taken event named `name` (matching `where`), waiting up to `timeoutMs`. */
  next(name: string, timeoutMs: number, where?: (data: never) => boolean): Promise<SseEvent>;
  /** Comment lines (heartbeats) seen so far. */
  comments(): number;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  let commentCount = 0;
  let wake: (() => void) | undefined;
  let ended = false;

  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
          let name = 'message';
          const data: string[] = [];
          for (const line of frame.split(/\r?\n/)) {
            if (line.startsWith(':')) commentCount += 1;
            else if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) {
            const text = data.join('\n');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // plain text data
            }
            events.push({ event: name, data: parsed });
          }
          wake?.();
        }
      }
    } catch {
      // aborted or dropped
    } finally {
      ended = true;
      wake?.();
    }
  })();

  return {
    status: res.status,
    headers: res.headers,
    comments: () => commentCount,
    async next(name, timeoutMs, where = () => true) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e) => e.event === name && where(e.data as never));
        if (index >= 0) return events.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0 || ended) {
          throw new Error(`no "${name}" event within ${timeoutMs} ms (stream ${ended ? 'ended' : 'open'}; seen: ${events.map((e) => e.event).join(', ') || 'none'})`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => controller.abort(),
  };
}
