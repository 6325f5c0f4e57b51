// /metrics of the REST API: requests counted by route pattern (never the raw URL), readiness, and the
// sweepers' backlog read from real rows at scrape time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { PlatformMetrics } from './metrics.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const scrape = async () => {
  const response = await platform.rest.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
};

/** The value of one series in the exposition text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers without a token and stays out of /openapi.json, like /healthz', async () => {
    await scrape();
    const openapi = (await platform.rest.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(openapi.paths)).not.toContain('/metrics');
    expect(Object.keys(openapi.paths)).toContain('/organization/{id}');
  });

  it('counts requests by route pattern, method and status class, with their durations', async () => {
    const headers = await platform.auth('admin@meridian.test');
    for (const id of ['acme', 'globex'])
      expect((await platform.rest.inject({ method: 'GET', url: `/organization/${id}`, headers })).statusCode).toBe(200);
    expect((await platform.rest.inject({ method: 'GET', url: '/organization/acme' })).statusCode).toBe(401);
    expect((await platform.rest.inject({ method: 'GET', url: '/no/such/route', headers })).statusCode).toBe(404);

    const text = await scrape();
    const route = 'route="/organization/:id"';
    expect(sample(text, `platform_http_requests_total{${route},method="GET",status_class="2xx"}`)).toBe(2);
    expect(sample(text, `platform_http_requests_total{${route},method="GET",status_class="4xx"}`)).toBe(1);
    expect(sample(text, `platform_http_request_duration_seconds_count{${route}}`)).toBe(3);
    expect(sample(text, 'platform_http_requests_total{route="unmatched",method="GET",status_class="4xx"}')).toBe(1);
    // The URL itself never becomes a label: its values would be unbounded.
    expect(text).not.toContain('acme');
    expect(text).not.toContain('/no/such/route');
    // Probes and scrapes are not the API's traffic.
    expect(text).not.toContain('route="/metrics"');
    // The process's own figures, under the platform's prefix as the gateway's under its own.
    expect(text).toContain('platform_process_resident_memory_bytes');
    expect(text).toContain('platform_nodejs_eventloop_lag_p99_seconds');
  });

  it('reports the database as ready and the backlog as empty on a fresh database', async () => {
    const text = await scrape();
    expect(sample(text, 'platform_ready')).toBe(1);
    expect(sample(text, 'platform_lifecycle_jobs_overdue')).toBe(0);
    expect(sample(text, 'platform_webhook_deliveries_pending')).toBe(0);
    expect(sample(text, 'platform_webhook_oldest_due_delivery_seconds')).toBe(0);
  });

  it('reports overdue jobs and due deliveries from real rows, paused endpoints apart', async () => {
    const { db } = platform;
    // A job whose single 1 s step was due an hour ago and still runs: no sweeper runs in this test.
    await db.query(
      `INSERT INTO organization_jobs (organization_id, kind, status, started_at, steps, step_ms)
       VALUES ('initech', 'onboarding', 'in_progress', now() - interval '1 hour',
               '[{"name":"Create tenant workspace","status":"in_progress"}]', 1000)`,
    );
    await db.query(
      `INSERT INTO webhooks (id, organization_id, url, secret_sealed, created_by, paused_at, paused_reason)
       VALUES ('wh_active', 'acme', 'https://hooks.acme.test/a', 'sealed', 'admin@meridian.test', NULL, NULL),
              ('wh_failing', 'acme', 'https://hooks.acme.test/b', 'sealed', 'admin@meridian.test', now(), 'failing'),
              ('wh_manual', 'globex', 'https://hooks.globex.test/', 'sealed', 'admin@meridian.test', now(), 'manual')`,
    );
    // The active endpoint's head was due 90 s ago; the row behind it waits for the head, not the sender.
    await db.query(
      `INSERT INTO webhook_deliveries (webhook_id, test, status, next_attempt_at) VALUES
         ('wh_active', true, 'delivered', now() - interval '1 day'),
         ('wh_active', true, 'pending', now() - interval '90 seconds'),
         ('wh_active', true, 'pending', now() - interval '1 hour'),
         ('wh_failing', true, 'pending', now() - interval '2 days'),
         ('wh_manual', true, 'pending', now() - interval '3 days')`,
    );

    const text = await scrape();
    expect(sample(text, 'platform_ready')).toBe(1);
    expect(sample(text, 'platform_lifecycle_jobs_overdue')).toBe(1);
    expect(sample(text, 'platform_lifecycle_job_overdue_seconds')).toBeGreaterThan(3590);
    expect(sample(text, 'platform_webhook_deliveries_pending')).toBe(2);
    expect(sample(text, 'platform_webhook_deliveries_pending_paused')).toBe(2);
    const waited = sample(text, 'platform_webhook_oldest_due_delivery_seconds')!;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(120);
    expect(sample(text, 'platform_webhooks_paused_failing')).toBe(1);
  });

  it('reports the platform not ready when the database does not answer', async () => {
    const closed = await openPglite();
    await closed.close();
    const text = (await new PlatformMetrics(closed).render()).body;
    expect(sample(text, 'platform_ready')).toBe(0);
  });
});
