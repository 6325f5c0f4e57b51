import { defineConfig } from 'vitest/config';
// Workspace packages resolve to their TypeScript sources in tests, never to a stale build.
const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

export default defineConfig({
  ...sourceConditions,
  // The benchmarks (bench/) are not tests: `pnpm bench` runs them and reports, never asserts.
  test: { include: ['compose/**/*.test.ts', 'architecture/**/*.test.ts'] },
});
