import { defineConfig } from 'vitest/config';

// One config, three projects. The API suite runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
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
      'apps/web/vitest.config.ts',
    ],
  },
});
