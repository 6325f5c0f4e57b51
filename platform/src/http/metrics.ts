import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queryable } from '../db/database.js';
import { readBacklog, type BacklogSnapshot } from '../domain/backlog.js';
import { METRICS_CHALLENGE, METRICS_TOKEN_REQUIRED_MESSAGE } from '@meridian/schema';
import { bearerMatches } from '@meridian/schema/http-server';
import { unauthorized } from './errors.js';

/** Routes that are not the API's work: probes every few seconds would drown its figures. */
const UNCOUNTED_ROUTES = new Set(['/metrics', '/healthz']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/**
 * The platform's Prometheus metrics, in a registry of its own (several platforms run in one process in
 * tests): the twin of the gateway's GatewayMetrics. Routes are labelled by their pattern
 * (`/organization/:id`), never by the URL, so label values are bounded by the routes that exist.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  /** The scrape's one database reading, shared by its gauges (prom-client collects them in parallel). */
  private reading: Promise<BacklogSnapshot> | undefined;

  readonly requests = new Counter({
    name: 'platform_http_requests_total',
    help: 'REST API requests by route pattern, method and status class (2xx, 3xx, 4xx, 5xx)',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [this.registry],
  });

  readonly duration = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'Time from receiving a REST API request to the end of its response, by route pattern',
    labelNames: ['route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(private readonly db: Queryable) {
    const read = () => this.reading ?? readBacklog(db);
    const gauge = (name: string, help: string, value: (snapshot: BacklogSnapshot) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          this.set(value(await read()));
        },
      });
    gauge('platform_ready', '1 while the database answers within 2 s, else 0', (s) => (s.ready ? 1 : 0));
    gauge(
      'platform_lifecycle_jobs_overdue',
      'Lifecycle jobs still running after their last step was due (the sweeper should have finished them)',
      (s) => s.jobs.count,
    );
    gauge(
      'platform_lifecycle_job_overdue_seconds',
      'How long past its due time the most overdue running lifecycle job is (0 when none)',
      (s) => s.jobs.seconds,
    );
    gauge(
      'platform_webhook_deliveries_pending',
      'Webhook deliveries not yet delivered, on endpoints that are not paused',
      (s) => s.webhooks.pending,
    );
    gauge(
      'platform_webhook_deliveries_pending_paused',
      'Webhook deliveries kept for paused endpoints (a customer matter: sent once the endpoint is resumed)',
      (s) => s.webhooks.pendingPaused,
    );
    gauge(
      'platform_webhook_oldest_due_delivery_seconds',
      'Seconds the longest-waiting due delivery (head of an endpoint not paused) has waited past its attempt time',
      (s) => s.webhooks.oldestDueSeconds,
    );
    gauge(
      'platform_webhooks_paused_failing',
      'Webhook endpoints paused because their deliveries failed for a day',
      (s) => s.webhooks.pausedFailing,
    );
    // As the gateway: the event-loop delay sampled every 100 ms, not every 10, for an idle process's sake.
    collectDefaultMetrics({ register: this.registry, prefix: 'platform_', eventLoopMonitoringPrecision: 100 });
  }

  /** Counts an answered request under its route's pattern (unmatched URLs under one label). */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    if (UNCOUNTED_ROUTES.has(route)) return;
    const method = METHODS.has(request.method) ? request.method : 'other';
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    this.requests.inc({ route, method, status_class: statusClass });
    this.duration.observe({ route }, reply.elapsedTime / 1000);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    this.reading = readBacklog(this.db);
    try {
      return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    } finally {
      this.reading = undefined;
    }
  }
}

/**
 * Counts every request of the REST API and serves GET /metrics, as the gateway does: on the API's own
 * port, which is private (nginx publishes only /scim/v2 of it, and answers 404 for /metrics). With a
 * `token` (METRICS_TOKEN, required in production) only a scrape bearing it is answered. Call before the
 * routes are registered. Not in /openapi.json, like /healthz.
 */
export function registerMetrics(app: FastifyInstance, db: Queryable, token: string | undefined): PlatformMetrics {
  const metrics = new PlatformMetrics(db);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', METRICS_CHALLENGE);
      throw unauthorized(METRICS_TOKEN_REQUIRED_MESSAGE);
    }
    const { contentType, body } = await metrics.render();
    return reply.code(200).headers({ 'content-type': contentType, 'cache-control': 'no-store' }).send(body);
  });
  return metrics;
}
