// The gateway's own spans: the GraphQL request with its operation, and each platform call. The request's
// span travels with the request (RequestTrace.otel, CallerOptions.otel), not in an ambient context: the
// SDK runs with no context manager (tracing.ts), since the one it would install, on AsyncLocalStorage,
// makes Node 20 run promise hooks on every promise of every request, sampled or not (BENCHMARKS.md,
// tracing). Without a started SDK nothing here makes a span.
import type { IncomingHttpHeaders } from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, propagation, trace, type Context } from '@opentelemetry/api';
import type { OperationDefinitionNode } from 'graphql';
import { tracingOn } from './tracing.js';
import { pathForLog } from '../platform/log-path.js';

const tracer = trace.getTracer('meridian-gateway');

/** What the request span reads of the request (Fastify's). */
interface GraphQLRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

/**
 * Starts a GraphQL request's span, when tracing is on: the server span of the request, continuing the
 * caller's W3C `traceparent`, and the parent of its platform calls. It is named after the operation once
 * known (describeOperation) and ended with the answer (endRequestSpan).
 */
export function startRequestSpan(request: GraphQLRequest): Context | undefined {
  if (!tracingOn()) return undefined;
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const span = tracer.startSpan(`${request.method} /graphql`, { kind: SpanKind.SERVER }, parent);
  // Attributes only on a span that records: an unsampled request's would be built, cleaned and dropped.
  if (span.isRecording()) {
    span.setAttributes({ 'http.request.method': request.method, 'http.route': '/graphql', 'url.path': '/graphql' });
  }
  return trace.setSpan(parent, span);
}

/**
 * What a request's log lines carry: its id and, once tracing made its span (sampled or not), the trace_id
 * and span_id the platform was told, as the platform's own lines carry them.
 */
export function requestLogBindings(requestId: string, otel: Context | undefined): Record<string, string> {
  const span = otel && trace.getSpan(otel);
  if (!span) return { requestId };
  const { traceId, spanId } = span.spanContext();
  return { requestId, trace_id: traceId, span_id: spanId };
}

/**
 * Ends a request's span with its answer's status (none for a request its client gave up), an error's
 * status and the exception when it failed. Once: a span already ended is left as it is.
 */
export function endRequestSpan(otel: Context | undefined, statusCode: number | undefined, error?: unknown): void {
  const span = otel && trace.getSpan(otel);
  if (!span?.isRecording()) return;
  if (error !== undefined) span.recordException(error as Error);
  if (error !== undefined || (statusCode ?? 0) >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
  span.end();
}

/**
 * Names the request's span after its operation, in the GraphQL semantic conventions
 * (`query Organizations`), with the document's SHA-256 hash: the one the trusted documents list it under.
 */
export function describeOperation(
  otel: Context | undefined,
  operation: OperationDefinitionNode,
  documentHash: string,
): void {
  const span = otel && trace.getSpan(otel);
  if (!span?.isRecording()) return;
  const name = operation.name?.value;
  span.setAttributes({
    'graphql.operation.type': operation.operation,
    'graphql.document.hash': documentHash,
    ...(name ? { 'graphql.operation.name': name } : {}),
  });
  span.updateName(name ? `${operation.operation} ${name}` : operation.operation);
}

/**
 * A call to the platform: its client span under the request's (`otel`), whose `traceparent` (added to
 * `headers`) the platform's request continues. In a request that is not sampled no span is made: only
 * the parent's traceparent goes on, so the platform keeps the gateway's decision. Made here rather than
 * by the undici instrumentation, which builds a span and its attributes for every call, sampled or not.
 */
export function withPlatformCallSpan<T extends { statusCode: number }>(
  otel: Context | undefined,
  method: string,
  path: string,
  headers: Record<string, string>,
  call: () => Promise<T>,
): Promise<T> {
  if (!otel) return call();
  if (!trace.getSpan(otel)?.isRecording()) {
    propagation.inject(otel, headers);
    return call();
  }
  return inPlatformCallSpan(otel, method, path, headers, call);
}

async function inPlatformCallSpan<T extends { statusCode: number }>(
  otel: Context,
  method: string,
  path: string,
  headers: Record<string, string>,
  call: () => Promise<T>,
): Promise<T> {
  const span = tracer.startSpan(
    method,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': method, 'url.path': pathForLog(path.split('?')[0]!) },
    },
    otel,
  );
  propagation.inject(trace.setSpan(otel, span), headers);
  try {
    const answer = await call();
    span.setAttribute('http.response.status_code', answer.statusCode);
    if (answer.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return answer;
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}
