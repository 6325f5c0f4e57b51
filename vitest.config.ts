import { defineConfig } from 'vitest/config';

// Each package keeps its own vitest.config.ts; `pnpm exec vitest run` runs them all as projects.
export default defineConfig({
  test: {
    projects: ['schema', 'platform', 'tests'],
  },
});
