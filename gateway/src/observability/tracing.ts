// OpenTelemetry traces for the gateway, configured by the standard OTEL_* variables alone. Loaded by
// main.ts before anything else: the SDK and its instrumentations are imported only when an endpoint is
// set, so a gateway without one loads and pays nothing. The platform's twin is
// platform/src/observability/tracing.ts (it adds pg and @fastify/otel).
import { createRequire, register } from 'node:module';
import { hostname } from 'node:os';
import { pathToFileURL } from 'node:url';

export const DEFAULT_SERVICE_NAME = 'meridian-gateway';

/**
 * Modules our ESM code imports that an instrumentation patches: only these go through the ESM hook
 * (undici reports its requests on diagnostics channels and needs none).
 */
const HOOKED_MODULES = ['http', 'node:http', 'https', 'node:https'];

/** Probes and scrapes, every few seconds from nginx, Docker and Prometheus: not requests worth a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The running SDK, flushed when the gateway stops. */
export interface Tracing {
  /** Exports the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
}

let running = false;

/** Whether the SDK was started: the gateway's own spans (the GraphQL operation) are made only then. */
export function tracingOn(): boolean {
  return running;
}

/** Whether the variables ask for traces: an OTLP endpoint is set and OTEL_SDK_DISABLED is not true. */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** Which replica sent a span: REPLICA_NAME (the cluster's and compose's gateway-N), else host:pid. */
export function replicaName(env: NodeJS.ProcessEnv = process.env): string {
  return env.REPLICA_NAME?.trim() || `${hostname()}:${process.pid}`;
}

/**
 * import-in-the-middle's loader, so that modules imported from our ESM code are patched too (require
 * hooks alone see only CommonJS requires). It comes with the SDK (@opentelemetry/instrumentation/hook.mjs).
 */
function registerEsmHook(): void {
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('@opentelemetry/sdk-node'));
  const hook = pathToFileURL(fromSdk.resolve('@opentelemetry/instrumentation/hook.mjs'));
  register(hook, import.meta.url, { data: { include: HOOKED_MODULES } });
}

/**
 * Starts the SDK when the variables ask for it; a no-op otherwise. Only traces are exported: the
 * gateway's metrics are its /metrics, its logs are its stdout.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  registerEsmHook();
  const [
    { NodeSDK },
    { resourceFromAttributes, defaultResource, envDetector, hostDetector, processDetector },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { ATTR_SERVICE_NAME, ATTR_SERVICE_INSTANCE_ID },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector, applied last) override these.
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME,
        [ATTR_SERVICE_INSTANCE_ID]: replicaName(env),
      }),
    ),
    // Not the random service-instance detector: the replica's name is the instance.
    resourceDetectors: [processDetector, hostDetector, envDetector],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(request.url ?? '') }),
      new UndiciInstrumentation(),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  running = true;
  return { shutdown: () => sdk.shutdown() };
}
