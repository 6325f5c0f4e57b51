// The active span, for log lines, and the gateway's own span: the GraphQL request and its operation.
// Without a started SDK (tracing.ts) nothing here makes a span, and the log mixin finds none at once.
import type { IncomingHttpHeaders } from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import type { OperationDefinitionNode } from 'graphql';
import { tracingOn } from './tracing.js';

/** pino's mixin: trace_id and span_id on every log line written inside a span. */
export function traceLogFields(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}

const tracer = trace.getTracer('meridian-gateway');
/** The operation spans under way: describeOperation names only those, never a span of someone else's. */
const operationSpans = new WeakSet<Span>();

/** What the request span reads of the request and its reply (Fastify's). */
interface GraphQLRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

/**
 * Runs a GraphQL request inside its span: the server span of the request, continuing the caller's W3C
 * `traceparent`, and the parent of its platform calls (undici's spans, which carry the trace on). It is
 * named after the operation once known (describeOperation). One span made here, not the http
 * instrumentation's: that one wraps every socket and header of every request, sampled or not, and cost
 * the unsampled requests most of what tracing cost (BENCHMARKS.md, tracing).
 */
export function withOperationSpan<T>(
  request: GraphQLRequest,
  reply: { statusCode: number },
  work: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return work();
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const attributes = { 'http.request.method': request.method, 'http.route': '/graphql', 'url.path': '/graphql' };
  return tracer.startActiveSpan(
    `${request.method} /graphql`,
    { kind: SpanKind.SERVER, attributes },
    parent,
    async (span) => {
      operationSpans.add(span);
      try {
        return await work();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.setAttribute('http.response.status_code', reply.statusCode);
        span.end();
      }
    },
  );
}

/**
 * Names the request's operation span after its operation, in the GraphQL semantic conventions
 * (`query Organizations`), with the document's SHA-256 hash: the one the trusted documents list it under.
 */
export function describeOperation(operation: OperationDefinitionNode, documentHash: string): void {
  const span = trace.getActiveSpan();
  if (!span || !operationSpans.has(span)) return;
  const name = operation.name?.value;
  span.setAttributes({
    'graphql.operation.type': operation.operation,
    'graphql.document.hash': documentHash,
    ...(name ? { 'graphql.operation.name': name } : {}),
  });
  span.updateName(name ? `${operation.operation} ${name}` : operation.operation);
}

/**
 * A call to the platform: its client span, whose `traceparent` (added to `headers`) the platform's
 * request continues. In a request that is not sampled no span is made: only the parent's traceparent
 * goes on, so the platform keeps the gateway's decision. Made here rather than by the undici
 * instrumentation, which builds a span and its attributes for every call, sampled or not.
 */
export async function withPlatformCallSpan<T extends { statusCode: number }>(
  method: string,
  path: string,
  headers: Record<string, string>,
  call: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return call();
  const parent = context.active();
  if (!trace.getSpan(parent)?.isRecording()) {
    propagation.inject(parent, headers);
    return call();
  }
  const span = tracer.startSpan(
    method,
    { kind: SpanKind.CLIENT, attributes: { 'http.request.method': method, 'url.path': path.split('?')[0] } },
    parent,
  );
  propagation.inject(trace.setSpan(parent, span), headers);
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
