// OpenTelemetry traces for the platform, configured by the standard OTEL_* variables alone. Loaded by
// main.ts before anything else: the SDK and its instrumentations are imported only when an endpoint is
// set, so a platform without one loads and pays nothing. The gateway's twin is gateway/src/observability/tracing.ts.
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginCallback } from 'fastify';
import { spanInstanceOf, tracingWanted } from '@meridian/schema/replica';

export const DEFAULT_SERVICE_NAME = 'meridian-platform';

/** Modules imported from ESM that an instrumentation patches: only these go through the ESM hook. */
const HOOKED_MODULES = ['pg', 'pg-pool'];

/** Probes and scrapes, every few seconds from nginx, Docker and Prometheus: not requests worth a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/metrics']);

/** The running SDK: what the server registers (Fastify's plugin) and what it flushes when it stops. */
export interface Tracing {
  /** @fastify/otel's plugin, registered on the REST API before its routes (the route's span). */
  fastifyPlugin: FastifyPluginCallback;
  /** Exports the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
}

let running: Tracing | undefined;

/** The SDK when tracing is on (undefined otherwise): app.ts registers its Fastify plugin from it. */
export function activeTracing(): Tracing | undefined {
  return running;
}

/**
 * import-in-the-middle's loader, so that `pg` imported from our ESM code is patched too (require hooks
 * alone see only CommonJS requires). It comes with the SDK (@opentelemetry/instrumentation/hook.mjs).
 */
function registerEsmHook(): void {
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('@opentelemetry/sdk-node'));
  const hook = pathToFileURL(fromSdk.resolve('@opentelemetry/instrumentation/hook.mjs'));
  register(hook, import.meta.url, { data: { include: HOOKED_MODULES } });
}

/**
 * Starts the SDK when the variables ask for it; a no-op otherwise. Only traces are exported: the
 * platform's metrics are its /metrics, its logs are its stdout.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  registerEsmHook();
  const [{ NodeSDK }, { resourceFromAttributes, defaultResource, envDetector, hostDetector, processDetector }] =
    await Promise.all([import('@opentelemetry/sdk-node'), import('@opentelemetry/resources')]);
  const [{ HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const { ATTR_SERVICE_NAME, ATTR_SERVICE_INSTANCE_ID } = await import('@opentelemetry/semantic-conventions');
  const fastify = new FastifyOtelInstrumentation({ ignorePaths: (route) => UNTRACED_PATHS.has(route.url) });
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector, applied last) override these.
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME,
        [ATTR_SERVICE_INSTANCE_ID]: spanInstanceOf(env),
      }),
    ),
    // Not the random service-instance detector: the replica's name is the instance.
    resourceDetectors: [processDetector, hostDetector, envDetector],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(request.url ?? '') }),
      new UndiciInstrumentation(),
      // As PGlite's spans: only inside a request's span. The sweepers and the webhook sender poll the
      // database several times a second; each poll as a trace of its own would bury the requests.
      new PgInstrumentation({ requireParentSpan: true }),
      fastify,
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  running = { fastifyPlugin: fastify.plugin(), shutdown: () => sdk.shutdown() };
  return running;
}
