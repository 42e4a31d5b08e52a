// A small reverse proxy on loopback for the multi-process test and `npm run load -- --processes 2`: each new
// request goes to the next API process in turn, streamed both ways (Server-Sent Events pass through), and the
// proxy owns X-Forwarded-For as a real balancer does: it replaces whatever the client wrote with the client's
// address (or `clientIp()`, so a test can play clients on other addresses). The API processes run with
// TRUST_PROXY=1, as behind any single balancer (docs/deploy.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  base: string;
  port: number;
  /** Requests sent to each target so far, in target order. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  targets: string[],
  options: { clientIp?: (request: http.IncomingMessage) => string } = {},
): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new Error('startRoundRobinProxy needs at least one target');
  const counts = targets.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % targets.length;
    counts[index]! += 1;
    const target = new URL(request.url ?? '/', targets[index]);
    const headers = { ...request.headers };
    headers['x-forwarded-for'] = options.clientIp?.(request) ?? request.socket.remoteAddress ?? '127.0.0.1';
    headers.host = target.host;
    const upstream = http.request(target, { method: request.method, headers, agent }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: 'The API process did not answer' }));
    });
    // A client that goes away (a closed EventSource) closes the upstream request too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    counts,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
