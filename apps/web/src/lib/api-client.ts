// The one HTTP client: bearer token, one error type, and the spec's 401/403 rule in one place.
// Only types and the zod-free constants entry of @olden/contracts here: its zod schemas would weigh on every
// page's first load.
import type { ErrorBody } from '@olden/contracts';
import { type ErrorCode, isAuthFailure, NEXT_CURSOR_HEADER } from '@olden/contracts/constants';

export const TOKEN_KEY = 'access-token';

export class ApiError extends Error {
  readonly status: number;
  readonly details: { path: string; message: string }[];
  /** The server's code: a domain rule (ALREADY_REQUESTED) or a generic kind (NOT_FOUND). Branch on this, not on the status. */
  readonly code: ErrorCode | string | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    message: string,
    options: { details?: { path: string; message: string }[]; code?: string; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.details = options.details ?? [];
    this.code = options.code;
    this.retryAfter = options.retryAfter;
  }

  /** Status 0: the request never got an answer (offline, server down). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server refused the call by the rule that `code` names. */
export function hasCode(error: unknown, code: ErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}

/** A message people can act on, for toasts and inline alerts. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return 'Could not reach Olden Goods. Check your connection and try again.';
    // The new-account limit says what lifts it (the account's age, verifying the email), and the offers' limit is
    // per request, where waiting changes nothing: their own words, not a wait.
    if (error.code === 'NEW_ACCOUNT_LIMIT' || error.code === 'OFFER_LIMIT') return error.message;
    if (error.status === 429) {
      return error.retryAfter
        ? `Too many attempts. Please wait ${error.retryAfter} seconds and try again.`
        : 'Too many attempts. Please wait a moment and try again.';
    }
    if (error.status >= 500) return 'Something went wrong on our side. Please try again.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}

type AuthFailureListener = (error: ApiError) => void;
const authFailureListeners = new Set<AuthFailureListener>();

/** The auth provider (log out) and the router (go to /login) subscribe here. */
export function onAuthFailure(listener: AuthFailureListener): () => void {
  authFailureListeners.add(listener);
  return () => authFailureListeners.delete(listener);
}

/** For calls made outside `request` (XHR uploads that report progress): the same 401/403 rule. */
export function reportAuthFailure(error: ApiError): void {
  if (isAuthFailure(error.status, error.code)) for (const listener of authFailureListeners) listener(error);
}

function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The headers every API call sends: JSON answers, and the bearer token when there is one. */
export function apiHeaders(): Record<string, string> {
  const token = getStoredToken();
  return token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Credential checks (login) answer 401 for a wrong password: that is a form error,
   * not an expired session, so it must not log out and redirect.
   */
  skipAuthFailure?: boolean;
  /**
   * No bearer token: for a call that reads only the session cookie (GET /auth/session), so its request is the plain
   * one the timeline's HTML preloads and the browser hands over that preloaded answer.
   */
  withoutToken?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ErrorBody).message === 'string';
}

/**
 * The one reading of an error answer, for fetch and for the XHR upload: the server's message, details and
 * code when the body is ours, else `fallback` (a proxy error page, an empty body).
 */
export function errorFromBody(status: number, body: unknown, headers: { get(name: string): string | null }, fallback: string): ApiError {
  const retryAfter = Number(headers.get('Retry-After')) || undefined;
  if (isErrorBody(body)) return new ApiError(status, body.message, { details: body.details, code: body.code, retryAfter });
  return new ApiError(status, fallback, { retryAfter });
}

/** Parses a body that should be JSON; null when it is not. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function readError(response: Response): Promise<ApiError> {
  const body = parseJson(await response.text().catch(() => ''));
  return errorFromBody(response.status, body, response.headers, response.statusText || `Request failed (${response.status})`);
}

/** 403s that ask the signed-in person for something (sign in again, turn on two-step sign-in): no sign-out. */
const KEEPS_SESSION = new Set(['REAUTH_REQUIRED', 'TWO_FACTOR_REQUIRED']);

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers(options.withoutToken ? { Accept: 'application/json' } : apiHeaders());

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error', { cause });
  }

  if (!response.ok) {
    const error = await readError(response);
    if (isAuthFailure(response.status, error.code) && !options.skipAuthFailure && !KEEPS_SESSION.has(String(error.code))) {
      reportAuthFailure(error);
    }
    throw error;
  }

  let data: unknown = null;
  if (response.status !== 204) {
    const type = response.headers.get('Content-Type') ?? '';
    data = type.includes('application/json') ? await response.json() : await response.text();
  }
  return { data: data as T, headers: response.headers, status: response.status };
}

export const api = {
  get: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'GET' })).data,
  post: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'PUT', body })).data,
  patch: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'PATCH', body })).data,
  delete: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, { ...options, method: 'DELETE' })).data,
  /** A list endpoint: the array plus the cursor of the next page, if any. */
  page: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => {
    const response = await request<T[]>(path, { ...options, method: 'GET' });
    return { items: response.data, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
  },
};

export interface Page<T> {
  items: T[];
  nextCursor: string | undefined;
}
