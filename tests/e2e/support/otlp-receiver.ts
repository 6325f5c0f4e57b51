import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as a test reads it: its resource's service and replica, its ids, name and attributes. */
export interface ReceivedSpan {
  service: string | undefined;
  instance: string | undefined;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
}

/** A small OTLP/HTTP receiver (http/json only) collecting every span sent to POST /v1/traces. */
export interface OtlpReceiver {
  /** The base URL for OTEL_EXPORTER_OTLP_ENDPOINT (the exporters add /v1/traces). */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Requests that were not http/json traces (a protobuf body, another path): none expected. */
  refused: string[];
  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[];
  /** Spans received so far (counted even when not kept). */
  received(): number;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface OtlpTraces {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    attributes[key] = value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
  }
  return attributes;
}

/** The spans of an http/json export (ids are hex there, as the specification's JSON mapping says). */
function spansOf(body: OtlpTraces): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap(({ resource, scopeSpans }) => {
    const resourceAttributes = attributesOf(resource?.attributes);
    return (scopeSpans ?? []).flatMap(({ spans }) =>
      (spans ?? []).map((span) => ({
        service: resourceAttributes['service.name'] as string | undefined,
        instance: resourceAttributes['service.instance.id'] as string | undefined,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

/** Listens on 127.0.0.1 on a free port; `keep: false` only counts the spans (the bench's long loads). */
export async function startOtlpReceiver({ keep = true }: { keep?: boolean } = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let received = 0;
  const refused: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.startsWith('application/json')) {
        refused.push(`${request.method} ${request.url} ${type}`);
        response.writeHead(415).end();
        return;
      }
      const batch = spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces);
      received += batch.length;
      if (keep) spans.push(...batch);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    refused,
    trace: (traceId) => spans.filter((span) => span.traceId === traceId),
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
