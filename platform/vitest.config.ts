import { defineConfig } from 'vitest/config';
// Workspace packages resolve to their TypeScript sources in tests, never to a stale build.
const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (several replicas on one database): they belong to the
    // PostgreSQL pass only (TEST_DATABASE_URL set), and are not even collected in the PGlite one.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'])],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
