// How a gateway or platform process tells which replica it is, and whether it sends traces: the same
// variables read the same way by both (node only: not exported from the package's index, which the
// browser imports).
import { hostname } from 'node:os';

/**
 * The replica's name, for the X-Meridian-Replica header and the logs: REPLICA_NAME (the cluster's
 * gateway-N, platform-N), else the host's name (compose names each replica's host after its service).
 */
export function replicaNameOf(env: NodeJS.ProcessEnv = process.env): string {
  return env.REPLICA_NAME?.trim() || hostname();
}

/**
 * Which replica sent a span (service.instance.id): REPLICA_NAME, else host:pid, so two processes on one
 * host (npm start) are told apart.
 */
export function spanInstanceOf(env: NodeJS.ProcessEnv = process.env): string {
  return env.REPLICA_NAME?.trim() || `${hostname()}:${process.pid}`;
}

/** Whether the variables ask for traces: an OTLP endpoint is set and OTEL_SDK_DISABLED is not true. */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
