import { defineConfig } from 'vitest/config';
// Workspace packages resolve to their TypeScript sources, never to a stale build.
const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

// Browser journeys (e2e/) and the cluster tests (cluster/): one product for the whole run (global
// setup, whose console build the cluster tests serve too), files one after another, since journeys
// share its accounts and some change them (passwords), and each cluster file starts its own cluster of
// seven processes. `npm test` runs them last; alone: `pnpm --filter @meridian/tests test:e2e`.
export default defineConfig({
  ...sourceConditions,
  environments: {
    __vitest__: { resolve: { conditions: ['source', 'node', 'import', 'default'], noExternal: [/^@meridian\//] } },
  },
  test: {
    include: ['e2e/**/*.test.ts', 'cluster/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits as long as a locator does (the context's 15 s): its 1 s default failed the
    // sandbox's query run on a busy CI machine.
    expect: { poll: { timeout: 15_000 } },
    // Building the console and seeding the platform happen once, before the first journey.
    teardownTimeout: 30_000,
  },
});
