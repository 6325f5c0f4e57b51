// Hive Gateway's settings for the bench; the supergraph path comes on its command line. Named so that the
// gateway reads this instead of falling back to mesh.config.mjs, which only composes.
import { defineConfig } from '@graphql-hive/gateway';

export const gatewayConfig = defineConfig({
  // Warnings and errors only: no line per request, as our gateway runs with LOG_LEVEL=silent.
  logging: 'warn',
});
