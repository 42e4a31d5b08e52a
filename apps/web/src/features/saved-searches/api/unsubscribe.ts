import { api } from '@/lib/api-client';

/** POST /savedSearches/unsubscribe?token=: the mailed link's one click, no sign-in. */
export const unsubscribe = (token: string) => api.post<{ label: string; alert: 'off' }>('/savedSearches/unsubscribe', undefined, { query: { token } });
