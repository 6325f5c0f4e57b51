import { defineConfig } from 'vitest/config';
// Workspace packages resolve to their TypeScript sources in tests, never to a stale build.
const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
