import type { Location } from 'react-router';

/** Where login/register return to: the page the guard came from, or /. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> | string } | null)?.from;
  if (typeof from === 'string') return from.startsWith('/') && !from.startsWith('//') ? from : '/';
  if (from?.pathname && from.pathname !== '/login' && from.pathname !== '/register') {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return '/';
}
