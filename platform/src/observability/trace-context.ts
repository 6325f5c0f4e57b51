// The active span, for log lines, audit events and the spans the platform makes itself (PGlite). Without
// a started SDK (tracing.ts) the API answers "no span" at once: these cost nothing when tracing is off.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';

/** The trace id of the request being served (the one an audit event records), or null outside any span. */
export function activeTraceId(): string | null {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : null;
}

/** pino's mixin: trace_id and span_id on every log line written inside a span. */
export function traceLogFields(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}

const tracer = trace.getTracer('meridian-platform-pglite');

/** The statement's first word, upper-cased (SELECT, INSERT, WITH…): the span's name, as instrumentation-pg names its own. */
export function operationNameOf(sql: string): string {
  const match = /^\s*([A-Za-z]+)/.exec(sql);
  return match ? match[1]!.toUpperCase() : 'QUERY';
}

/**
 * A span per PGlite query in the database client conventions instrumentation-pg follows for `pg` (no
 * library instruments PGlite). Only inside a request or job's span: an idle process makes none.
 */
export function tracedQuery<T>(sql: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return run();
  const operation = operationNameOf(sql);
  return tracer.startActiveSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
        [ATTR_DB_OPERATION_NAME]: operation,
        [ATTR_DB_QUERY_TEXT]: sql,
      },
    },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
