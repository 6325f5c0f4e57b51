import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
// Workspace packages resolve to their TypeScript sources in tests, never to a stale build.
const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };
// One graphql for all: Node resolves 'graphql' to its CommonJS build (it has no exports map), which
// Apollo and graphql-tools load; Vite alone would hand our sources the .mjs build, a second copy whose
// classes fail the first copy's instanceof checks. Tests run what production runs.
const graphqlCommonJs = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  ...sourceConditions,
  resolve: { ...sourceConditions.resolve, alias: [{ find: /^graphql$/, replacement: graphqlCommonJs }] },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
