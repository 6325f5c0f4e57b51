import { defineConfig } from 'vitest/config';

// Each package keeps its own vitest.config.ts; `pnpm exec vitest run` runs them all as projects.
export default defineConfig({
  test: {
    projects: ['schema', 'platform', 'gateway', 'web', 'tests'],
    // One PGlite per test file (~2 s, ~500 MB): two files at a time fit the 2-core CI machine.
    maxWorkers: 2,
  },
});
