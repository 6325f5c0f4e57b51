// OpenTelemetry traces for the gateway, configured by the standard OTEL_* variables alone. Loaded by
// main.ts before anything else: the SDK is imported only when an endpoint is set, so a gateway without
// one loads and pays nothing. The platform's twin is platform/src/observability/tracing.ts (with the
// http, undici, pg and Fastify instrumentations).
import { ROOT_CONTEXT, type ContextManager } from '@opentelemetry/api';
import { spanInstanceOf, tracingWanted } from '@meridian/schema/replica';

export const DEFAULT_SERVICE_NAME = 'meridian-gateway';

/** The running SDK, flushed when the gateway stops. */
export interface Tracing {
  /** Exports the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
}

/**
 * The SDK's context manager: one that carries nothing (trace-context.ts says why). `context.active()`
 * is always the root, so a span's parent is only ever the one it is given.
 */
const explicitContextOnly: ContextManager = {
  active: () => ROOT_CONTEXT,
  with: (_context, fn, thisArg, ...args) => fn.call(thisArg, ...args),
  bind: (_context, target) => target,
  enable() {
    return this;
  },
  disable() {
    return this;
  },
};

let running = false;

/** Whether the SDK was started: the gateway's own spans (the GraphQL operation) are made only then. */
export function tracingOn(): boolean {
  return running;
}

/**
 * Starts the SDK when the variables ask for it; a no-op otherwise. Only traces are exported: the
 * gateway's metrics are its /metrics, its logs are its stdout.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  const [
    { NodeSDK },
    { resourceFromAttributes, defaultResource, envDetector, hostDetector, processDetector },
    { ATTR_SERVICE_NAME, ATTR_SERVICE_INSTANCE_ID },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
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
    // No instrumentation: the gateway's spans are its own (trace-context.ts), and a request that is not
    // sampled gets none; instrumentations wrap every request and call, sampled or not.
    instrumentations: [],
    // Spans travel with the request (trace-context.ts), not in AsyncLocalStorage.
    contextManager: explicitContextOnly,
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  running = true;
  return { shutdown: () => sdk.shutdown() };
}
