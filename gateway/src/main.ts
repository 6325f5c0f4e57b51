// Runs the gateway: `node dist/main.js` (npm start, the cluster, the image). Tracing starts first, from
// the OTEL_* variables alone: ESM evaluates every static import before the importer's body, so the rest
// (http, undici, Fastify) is imported only once the instrumentations are in place.
import { startTracing } from './observability/tracing.js';

try {
  const tracing = await startTracing();
  const { runGateway } = await import('./run.js');
  await runGateway(async () => {
    await tracing?.shutdown();
  });
} catch (error) {
  // A refused configuration (production without its secrets) is said in its own words, without a stack.
  if (error instanceof Error && error.name === 'ProductionSecretsError') console.error(error.message);
  else console.error('The gateway failed to start', error);
  process.exit(1);
}
