import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Readiness } from '../http/health.js';

/** At most this many distinct operation names become label values; the rest count as "other". */
const MAX_OPERATION_LABELS = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The gateway's Prometheus metrics, in a registry of its own (several gateways may run in one process
 * in tests). Operation names come from clients, so their label values are bounded.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly operations = new Set<string>();
  /** What /readyz checks (reportReadiness), and the scrape's one reading of it, shared by its gauges. */
  private readiness: (() => Promise<Readiness>) | undefined;
  private reading: Promise<Readiness> | undefined;

  readonly requests = new Counter({
    name: 'gateway_graphql_requests_total',
    help: 'GraphQL requests by operation name and outcome (ok, error, unauthenticated, forbidden, rate_limited, too_large, bad_request)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly duration = new Histogram({
    name: 'gateway_graphql_request_duration_seconds',
    help: 'Time from receiving a GraphQL request to the end of its response, by operation name',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly preparedRequests = new Counter({
    name: 'gateway_graphql_prepared_requests_total',
    help: 'GraphQL requests answered on the prepared path (a document Apollo had parsed and validated before), by operation name',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  readonly upstreamCalls = new Counter({
    name: 'gateway_upstream_calls_total',
    help: 'Calls to the platform REST API by method and outcome (2xx, 4xx, 5xx, transport_error, cancelled)',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly upstreamDuration = new Histogram({
    name: 'gateway_upstream_call_duration_seconds',
    help: 'Duration of calls to the platform REST API',
    labelNames: ['method'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor() {
    // The event-loop delay is sampled every 100 ms, not every 10: the default woke the idle process 100
    // times a second (5 ms of CPU each second), and ten samples a second still show a blocked loop.
    collectDefaultMetrics({ register: this.registry, prefix: 'gateway_', eventLoopMonitoringPrecision: 100 });
  }

  /** A label value for a client-supplied operation name. */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (this.operations.has(name)) return name;
    if (this.operations.size >= MAX_OPERATION_LABELS) return 'other';
    this.operations.add(name);
    return name;
  }

  /**
   * gateway_ready and gateway_dependency_up, read at each scrape by `readiness` (what /readyz checks):
   * a gateway that is up but cannot reach the platform or the provider's keys shows as such.
   */
  reportReadiness(readiness: () => Promise<Readiness>): void {
    this.readiness = readiness;
    const read = () => this.reading ?? readiness();
    new Gauge({
      name: 'gateway_ready',
      help: '1 while every required dependency (platform, provider keys) answers within 800 ms, else 0',
      registers: [this.registry],
      async collect() {
        this.set((await read()).ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'gateway_dependency_up',
      help: '1 while a dependency answers (platform, jwks; redis, sessionRevocations when set up), else 0',
      labelNames: ['dependency'],
      registers: [this.registry],
      async collect() {
        for (const [dependency, state] of Object.entries((await read()).checks)) {
          this.set({ dependency }, state === 'ok' ? 1 : 0);
        }
      },
    });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    this.reading = this.readiness?.();
    try {
      return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    } finally {
      this.reading = undefined;
    }
  }
}
