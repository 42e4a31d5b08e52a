import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { api, ApiError, errorFromBody, errorMessage, hasCode, onAuthFailure, TOKEN_KEY } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the stored token as a bearer header', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetchMock = mockApi({ 'GET /api/category': [] });
    await api.get('/category');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer abc');
  });

  it('withoutToken: no bearer header even with a stored token (the plain request the HTML preloads)', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetchMock = mockApi({ 'GET /api/auth/session': { user: null } });
    await api.get('/auth/session', { withoutToken: true });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockApi({ 'GET /api/category': [] });
    await api.get('/category');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.has('Authorization')).toBe(false);
  });

  it('turns an error body into one ApiError with its details', async () => {
    mockApi({
      'POST /api/products': json(
        { statusCode: 400, error: 'Bad Request', message: 'Invalid body', details: [{ path: 'name', message: 'This Name field is required' }] },
        400,
      ),
    });
    const error = await api.post('/products', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid body', details: [{ path: 'name', message: 'This Name field is required' }] });
  });

  it.each([401, 403])('reports a %i to the auth-failure listeners and still rejects', async (status) => {
    const listener = vi.fn();
    const unsubscribe = onAuthFailure(listener);
    mockApi({ 'GET /api/buyerProduct': json({ statusCode: status, error: 'x', message: 'Denied' }, status) });
    await expect(api.get('/buyerProduct', { query: { email: 'a@b.co' } })).rejects.toMatchObject({ status });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('leaves a wrong-password 401 to the form when asked to', async () => {
    const listener = vi.fn();
    const unsubscribe = onAuthFailure(listener);
    mockApi({ 'POST /api/auth/login': json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }, 401) });
    await expect(api.post('/auth/login', {}, { skipAuthFailure: true })).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/category').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(errorMessage(error)).toMatch(/Could not reach/);
  });

  it('reads the next-page cursor from X-Next-Cursor', async () => {
    mockApi({ 'GET /api/products': json([{ _id: '1' }], 200, { 'X-Next-Cursor': 'c2' }) });
    await expect(api.page('/products')).resolves.toEqual({ items: [{ _id: '1' }], nextCursor: 'c2' });
  });

  it('says how long to wait on 429', () => {
    expect(errorMessage(new ApiError(429, 'Too Many Requests', { retryAfter: 30 }))).toMatch(/30 seconds/);
  });

  it("keeps the offers' limit in its own words: waiting does not lift it", () => {
    const error = new ApiError(429, 'You have made 5 offers on this request, the most it takes', { code: 'OFFER_LIMIT' });
    expect(errorMessage(error)).toBe('You have made 5 offers on this request, the most it takes');
  });

  it('carries the server error code, so callers branch on the rule and not on the status', async () => {
    mockApi({
      'POST /api/buyerProduct': json({ statusCode: 409, error: 'Conflict', code: 'ALREADY_REQUESTED', message: 'Already requested' }, 409),
    });
    const error = await api.post('/buyerProduct', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'ALREADY_REQUESTED' });
    expect(hasCode(error, 'ALREADY_REQUESTED')).toBe(true);
    expect(hasCode(error, 'EMAIL_TAKEN')).toBe(false);
    expect(hasCode(new Error('x'), 'ALREADY_REQUESTED')).toBe(false);
  });

  it('reads an error body the same way for fetch and XHR, with a fallback for bodies that are not ours', () => {
    const headers = new Headers({ 'Retry-After': '5' });
    expect(errorFromBody(413, { statusCode: 413, error: 'x', message: 'Too big', code: 'PAYLOAD_TOO_LARGE' }, headers, 'fallback')).toMatchObject({
      status: 413,
      message: 'Too big',
      code: 'PAYLOAD_TOO_LARGE',
      retryAfter: 5,
    });
    expect(errorFromBody(502, null, new Headers(), 'Bad Gateway')).toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined });
  });
});
