import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One config, four projects. The API suite runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Files run side by side: vitest's default is one worker less than the cores, a single worker on CI's two. `npm test`
    // (scripts/test.mjs) sets its own per pass; this is for a plain `npx vitest run` (decision 029).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Real server processes (docs/decisions/008, docs/decisions/011) behind a proxy on one PostgreSQL, Redis and S3
        // store (runs once, in the first pass; it skips with a printed reason when PostgreSQL or Redis does not
        // answer).
        test: {
          name: 'cluster',
          include: ['apps/server/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
