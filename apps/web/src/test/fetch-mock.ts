import { vi } from 'vitest';

type Handler = (init: RequestInit & { url: string }) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Stubs global fetch with "METHOD /api/path" handlers (query string ignored unless the key has one).
 * Returns the mock so tests can inspect calls.
 */
export function mockApi(routes: Record<string, Handler | Response | unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (handler === undefined) return json({ statusCode: 404, error: 'Not Found', message: `No mock for ${method} ${url}` }, 404);
    if (typeof handler === 'function') return (handler as Handler)({ ...init, url });
    if (handler instanceof Response) return handler.clone();
    return json(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
