import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.test.ts'],
    // One PGlite per test file (~2 s, ~500 MB); two files at a time fit the CI machine.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
