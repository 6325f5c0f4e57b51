// Runs the platform: `node dist/main.js [--seed-scale]` (npm start). Tracing starts first, from the
// OTEL_* variables alone: ESM evaluates every static import before the importer's body, so the rest
// (pg, Fastify, http) is imported only once the instrumentations are in place.
import { logFailure } from './observability/error-log.js';
import { startTracing } from './observability/tracing.js';

try {
  const tracing = await startTracing();
  const { runPlatform } = await import('./run.js');
  await runPlatform(async () => {
    await tracing?.shutdown();
  });
} catch (error) {
  // A refused configuration (production without its secrets) is said in its own words, without a stack.
  if (error instanceof Error && error.name === 'ProductionSecretsError') console.error(error.message);
  else logFailure('The platform failed to start', error);
  process.exit(1);
}
