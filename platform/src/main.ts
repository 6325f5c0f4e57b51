// Runs the platform: `node dist/main.js [--seed-scale]` (npm start). Tracing starts first, from the
// OTEL_* variables alone: ESM evaluates every static import before the importer's body, so the rest
// (pg, Fastify, http) is imported only once the instrumentations are in place.
import { startTracing } from './observability/tracing.js';

const tracing = await startTracing();
const { runPlatform } = await import('./run.js');
await runPlatform(async () => {
  await tracing?.shutdown();
});
