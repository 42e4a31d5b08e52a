export const reportKeys = {
  all: ['reports'] as const,
  mine: () => ['reports', 'mine'] as const,
  queue: (status: 'open' | 'resolved') => ['reports', 'queue', status] as const,
  openCount: () => ['reports', 'open-count'] as const,
  audit: (filter: { actor?: string; action?: string; target?: string }) => ['reports', 'audit', filter] as const,
  stats: () => ['reports', 'stats'] as const,
};
