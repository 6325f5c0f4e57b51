// Traces end to end (issue 32): the platform and the gateway started from their own entry points, as
// `npm start` and the images run them, told only the standard OTEL_* variables. One GraphQL request
// sent with a W3C traceparent is one trace: the gateway's spans, the platform's route and its database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@meridian/platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.js';
import { repoRoot } from './support/paths.js';

const PLATFORM_FROM_SOURCES = ['--conditions=source', '--import', 'tsx', 'platform/src/main.ts'];
/** Spans leave in batches; a short delay keeps the test quick. */
const OTEL_ENV = { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' };

let receiver: OtlpReceiver;
let workDir: string;
let platform: ChildProcess;
let platformLog = '';
let traced: GatewayProcess;
let untraced: GatewayProcess;
let token: string;

async function untilHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (platform.exitCode !== null) throw new Error(`The platform exited (${platform.exitCode}): ${platformLog}`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The platform did not answer ${url} within 90 s: ${platformLog.slice(-2000)}`);
}

/** A W3C traceparent of a new, sampled trace, and its trace id. */
function newTraceparent(): { traceparent: string; traceId: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`, traceId };
}

async function graphql(
  gateway: GatewayProcess,
  query: string,
  variables: Record<string, unknown>,
  traceparent: string,
): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  const response = await fetch(`${gateway.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, traceparent },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

/** The trace's spans once `done` holds of them (exports arrive a batch at a time). */
async function spansOf(traceId: string, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  await expect.poll(() => done(receiver.trace(traceId)), { timeout: 15_000 }).toBe(true);
  return receiver.trace(traceId);
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-tracing-'));
  const [restPort, oidcPort, gatewayPort, untracedPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const audience = `http://localhost:${gatewayPort}/graphql`;
  platform = spawn(process.execPath, PLATFORM_FROM_SOURCES, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...OTEL_ENV,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      APP_ENV: 'testing',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(workDir, 'data'),
      PLATFORM_HOST: '127.0.0.1',
      PLATFORM_PORT: String(restPort),
      OIDC_PORT: String(oidcPort),
      GATEWAY_AUDIENCE: audience,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  platform.stdout!.on('data', (chunk: Buffer) => (platformLog += chunk.toString()));
  platform.stderr!.on('data', (chunk: Buffer) => (platformLog += chunk.toString()));
  await untilHealthy(`http://127.0.0.1:${restPort}/healthz`);
  const issuer = `http://localhost:${oidcPort}`;
  const gatewayEnv = {
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    PLATFORM_API_URL: `http://127.0.0.1:${restPort}`,
    OIDC_ISSUER: issuer,
    GATEWAY_AUDIENCE: audience,
    RATE_LIMIT_PER_MINUTE: '0',
  };
  [traced, untraced] = await Promise.all([
    startGatewayProcess(gatewayPort, {
      ...gatewayEnv,
      ...OTEL_ENV,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      LOG_LEVEL: 'info',
    }),
    // No OTEL variable at all (the parent's are dropped): nothing may be exported.
    startGatewayProcess(untracedPort, { ...gatewayEnv, OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SDK_DISABLED: '' }),
  ]);
  token = await clientCredentialsToken(issuer, { id: 'meridian-cli', secret: 'meridian-cli-local-secret' });
}, 180_000);

afterAll(async () => {
  await Promise.all([traced?.close(), untraced?.close()]);
  if (platform && platform.exitCode === null) {
    platform.kill('SIGTERM');
    await new Promise((resolve) => platform.once('exit', resolve));
  }
  await receiver?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('traces (OpenTelemetry)', () => {
  it('follows one request from the caller’s traceparent through the gateway to the platform’s route and database', async () => {
    const { traceparent, traceId } = newTraceparent();
    const answer = await graphql(traced, 'query Organizations { organizations { rows { id } } }', {}, traceparent);
    expect(answer.errors).toBeUndefined();

    // The gateway's request span ends last, after its answer: wait for it too.
    const spans = await spansOf(
      traceId,
      (found) =>
        found.some((span) => span.service === 'meridian-platform' && span.attributes['db.system.name']) &&
        found.some((span) => span.service === 'meridian-gateway' && span.kind === 2),
    );
    const gateway = spans.filter((span) => span.service === 'meridian-gateway');
    const platformSpans = spans.filter((span) => span.service === 'meridian-platform');
    // The gateway: its incoming request, the operation (named, with its document's hash), the calls out.
    expect(gateway.find((span) => span.kind === 2)?.attributes['http.request.method']).toBe('POST');
    const operation = gateway.find((span) => span.attributes['graphql.operation.name'] === 'Organizations');
    expect(operation).toMatchObject({ name: 'query Organizations', attributes: { 'graphql.operation.type': 'query' } });
    expect(operation!.attributes['graphql.document.hash']).toMatch(/^[0-9a-f]{64}$/);
    // Its platform calls (undici) are the operation's children (the provider's keys may be fetched before it).
    const calls = gateway.filter((span) => span.kind === 3 && span.parentSpanId === operation!.spanId);
    expect(calls.length).toBeGreaterThan(0);
    // The platform: the route (@fastify/otel) under the gateway's call, and the database's queries.
    const route = platformSpans.find((span) => span.attributes['fastify.root'] === '@fastify/otel');
    expect(route?.attributes['url.path']).toMatch(/^\/organization/);
    // The platform's request span continues one of those calls (the provider's spans continue others).
    const callIds = calls.map((call) => call.spanId);
    expect(platformSpans.some((span) => span.kind === 2 && callIds.includes(span.parentSpanId!))).toBe(true);
    const queries = platformSpans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(queries[0]!.attributes['db.query.text']).toEqual(expect.any(String));
    expect(queries.some((query) => query.name === 'SELECT')).toBe(true);
    // Every part names its replica.
    expect(spans.every((span) => typeof span.instance === 'string' && span.instance.length > 0)).toBe(true);
    expect(receiver.refused).toEqual([]);
  });

  it('traces a request refused before it runs (a bad token) with its status, and one sampled out not at all', async () => {
    const refused = newTraceparent();
    const answer = await fetch(`${traced.origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer not.a.token',
        traceparent: refused.traceparent,
      },
      body: JSON.stringify({ query: '{ catalogVersion }' }),
    });
    expect(answer.status).toBe(401);
    const [span] = await spansOf(refused.traceId, (found) => found.length > 0);
    expect(span).toMatchObject({ service: 'meridian-gateway', kind: 2, name: 'POST /graphql' });
    expect(span!.attributes['http.response.status_code']).toBe(401);

    // The caller's decision holds: a traceparent that is not sampled (flags 00) exports nothing, here or
    // at the platform, while the request still answers.
    const traceId = randomBytes(16).toString('hex');
    const unsampled = await graphql(
      traced,
      'query Quiet { organizations { rows { id } } }',
      {},
      `00-${traceId}-${randomBytes(8).toString('hex')}-00`,
    );
    expect(unsampled.errors).toBeUndefined();
    const later = newTraceparent();
    await graphql(traced, 'query Later { organizations { rows { id } } }', {}, later.traceparent);
    // Each side exports in order: the later request's spans from both show the quiet one's would be in.
    await spansOf(
      later.traceId,
      (found) =>
        found.some((span) => span.service === 'meridian-gateway' && span.kind === 2) &&
        found.some((span) => span.service === 'meridian-platform' && span.kind === 2),
    );
    expect(receiver.trace(traceId)).toEqual([]);
  });

  it('records the trace id in the audit event of a write, and in the log lines of its request', async () => {
    const { traceparent, traceId } = newTraceparent();
    const id = `traced-${randomBytes(3).toString('hex')}`;
    const created = await graphql(
      traced,
      'mutation New($input: CreateOrganizationInput!) { createOrganization(input: $input) { organization { id } } }',
      {
        input: {
          id,
          name: 'Traced Health',
          domain: [`${id}.test`],
          primaryContact: { name: 'Tra Ced', email: `admin@${id}.test` },
          customerSegment: 'provider-group',
          medicareLicensed: false,
        },
      },
      traceparent,
    );
    expect(created.errors).toBeUndefined();
    const read = await graphql(
      traced,
      'query Trail($id: String!) { auditEvents(filter: { targetId: $id }) { nodes { action traceId } } }',
      { id },
      newTraceparent().traceparent,
    );
    const nodes = (read.data?.auditEvents as { nodes: { action: string; traceId: string | null }[] }).nodes;
    expect(nodes.find((event) => event.action === 'organization.create')?.traceId).toBe(traceId);
    // The platform's request line of the write carries the trace, and so does the gateway's.
    await expect.poll(() => platformLog.includes(`"trace_id":"${traceId}"`)).toBe(true);
    const gatewayLine = () =>
      traced
        .log()
        .split('\n')
        .find((line) => line.includes(`"trace_id":"${traceId}"`));
    await expect.poll(gatewayLine).toContain('"msg":"GraphQL request"');
  });

  it('exports nothing from a gateway started without OTEL variables', async () => {
    const { traceparent, traceId } = newTraceparent();
    const answer = await graphql(untraced, 'query Few { organizations { rows { id } } }', {}, traceparent);
    expect(answer.errors).toBeUndefined();
    // The traced side's spans of a later request arriving shows the exports have caught up.
    const later = newTraceparent();
    await graphql(traced, 'query Later { organizations { rows { id } } }', {}, later.traceparent);
    await spansOf(later.traceId, (found) => found.some((span) => span.service === 'meridian-gateway'));
    // Neither the untraced gateway's spans nor its traceparent (it propagates none) reach the receiver.
    expect(receiver.trace(traceId)).toEqual([]);
    expect(receiver.spans.some((span) => span.attributes['graphql.operation.name'] === 'Few')).toBe(false);
  });
});
