// The active span, for log lines, and the gateway's own span: the GraphQL operation. Without a started
// SDK (tracing.ts) nothing here makes a span, and the log mixin finds none at once.
import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';
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

/**
 * Runs a GraphQL request inside its operation's span, the parent of its platform calls (undici's spans,
 * which carry the trace to the platform). The span is named once the operation is known (describeOperation).
 */
export function withOperationSpan<T>(work: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return work();
  return tracer.startActiveSpan('graphql', async (span) => {
    operationSpans.add(span);
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
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
