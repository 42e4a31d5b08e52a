// Network-level trouble with the provider (refused, DNS, timeout, provider 5xx): the user may retry later.

export function isUnreachable(error: unknown): boolean {
  const e = error as { name?: string; message?: string; code?: string; cause?: unknown; status?: number };
  if (!e) return false;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  if (e.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || e.code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    const status = (e.cause as { status?: number } | undefined)?.status;
    return status === undefined || status >= 500;
  }
  return e.cause !== undefined && e.cause !== error && isUnreachable(e.cause);
}
