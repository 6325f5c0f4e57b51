// The gateway's HTTP side against the real platform: hardening (rate limits, CSRF, CORS, body size,
// Armor's limits, suggestions, introspection), operability (request ids, logs, health, readiness,
// metrics, landing page), errors as spec section 8 resolves them, and cancellation on disconnect.
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import request from 'supertest';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, MESSAGES, npiCheckDigit } from '@meridian/schema';
import { loadConfig, type GatewayConfig } from './config.js';
import { ARMOR_LIMITS, MAX_TOKENS } from './http/apollo.js';
import { closeServer, listen } from './http/server.js';
import { listenGateway, startTestGateway, type ListeningGateway, type TestGateway } from './test-support/gateway.js';

/** Log lines of a gateway, parsed. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: pino({ level: 'debug' }, stream),
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const CONSOLE_ORIGIN = 'http://console.test';
const RATE_LIMIT = 3;

let gateway: TestGateway;
const logs = logCapture();
let adminToken: string;
let orgAdminToken: string;

/** A stand-in network hop in front of the real platform that holds each call for `delayMs` and records what it saw. */
let relay: Server;
let relayUrl: string;
let relayDelayMs = 0;
const relayed: { path: string; requestId: string | undefined; authorization: boolean }[] = [];

const extra: ListeningGateway[] = [];
async function anotherGateway(overrides: Partial<GatewayConfig>, logger?: pino.Logger) {
  const listening = await listenGateway({ ...gateway.config, logLevel: 'silent', ...overrides }, logger);
  extra.push(listening);
  return listening;
}

beforeAll(async () => {
  gateway = await startTestGateway({
    config: { corsOrigins: [CONSOLE_ORIGIN], logLevel: 'debug' },
    logger: logs.logger,
  });
  adminToken = await gateway.tokens.user('admin@meridian.test');
  orgAdminToken = await gateway.tokens.user('orgadmin@acme.test');
  relay = createServer((req, res) => {
    relayed.push({
      path: req.url ?? '',
      requestId: req.headers['x-request-id'] as string | undefined,
      authorization: Boolean(req.headers.authorization),
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        if (res.destroyed) return;
        const headers = { ...req.headers } as Record<string, string>;
        delete headers.host;
        fetch(`${gateway.platform.restUrl}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        })
          .then(async (answer) => {
            res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
            res.end(await answer.text());
          })
          .catch(() => res.destroy());
      }, relayDelayMs);
    });
  });
  relayUrl = `http://127.0.0.1:${await listen(relay, '127.0.0.1', 0)}`;
});

afterAll(async () => {
  for (const listening of extra) await listening.close();
  if (relay) {
    relay.closeAllConnections();
    await closeServer(relay);
  }
  await gateway?.close();
});

const post = (url: string, body: unknown, token?: string) => {
  let call = request(url).post('/graphql').set('content-type', 'application/json');
  if (token) call = call.set('authorization', `Bearer ${token}`);
  return call.send(body as object);
};

describe('request ids', () => {
  it("echoes an acceptable incoming x-request-id and forwards it to the platform with the caller's token", async () => {
    const relaying = await anotherGateway({ platformApiUrl: relayUrl });
    relayDelayMs = 0;
    const response = await request(relaying.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${orgAdminToken}`)
      .set('x-request-id', 'trace-abc.123')
      .send({ query: '{ viewer { email } }' });
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('trace-abc.123');
    const forwarded = relayed.filter((call) => call.requestId === 'trace-abc.123');
    expect(forwarded.length).toBeGreaterThan(0);
    expect(forwarded.every((call) => call.authorization)).toBe(true);
  });

  it('generates one when none or an unacceptable one is sent', async () => {
    const none = await request(gateway.url).get('/healthz');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const injected = await request(gateway.url).get('/healthz').set('x-request-id', 'evil id\twith spaces');
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('logs', () => {
  it('write one JSON line per GraphQL request with request id, operation name, duration and upstream calls, and never a token', async () => {
    // A token of a sign-in session, as the provider issues them, of a person no other test here signs in
    // as: their record is not cached, so the request fetches it (/user/email/{email}).
    const sessionToken = await gateway.tokens.user('user@acme.test', { sessionId: 'log-line-session' });
    const response = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${sessionToken}`)
      .set('x-request-id', 'log-line-test')
      .send({
        query: 'query LoggedOperation { viewer { role organization { id } } }',
        variables: { password: 'hunter2-secret' },
      });
    expect(response.status).toBe(200);
    const line = logs.entries().find((entry) => entry.requestId === 'log-line-test' && entry.msg === 'GraphQL request');
    expect(line).toMatchObject({
      operationName: 'LoggedOperation',
      outcome: 'ok',
      status: 200,
      // Issue 39 §6: the person's sign-in session, not their email.
      caller: { kind: 'user', session: 'log-line-session' },
    });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(line!.upstreamCalls).toBeGreaterThanOrEqual(1);
    const everything = logs.lines.join('\n');
    expect(everything).not.toContain(sessionToken);
    expect(everything).not.toContain(sessionToken.split('.')[2]!);
    expect(everything).not.toContain('hunter2-secret');
    // Not in any line of the request at any level (debug included: the platform calls' lines).
    const ofRequest = logs.entries().filter((entry) => entry.requestId === 'log-line-test');
    expect(ofRequest.some((entry) => entry.msg === 'Platform call' && entry.path === '/user/email/:email')).toBe(true);
    expect(JSON.stringify(ofRequest)).not.toMatch(/user(@|%40)acme\.test/);
  });

  it('name an internal tool by its client id', async () => {
    const tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
    const response = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${tool}`)
      .set('x-request-id', 'log-line-tool')
      .send({ query: '{ viewer { email } }' });
    expect(response.status).toBe(200);
    const line = logs.entries().find((entry) => entry.requestId === 'log-line-tool' && entry.msg === 'GraphQL request');
    expect(line?.caller).toEqual({ kind: 'client', subject: 'meridian-cli' });
  });
});

describe('rate limiting', () => {
  let limited: ListeningGateway;
  beforeAll(async () => {
    limited = await anotherGateway({ rateLimitPerMinute: RATE_LIMIT });
  });

  it('answers 429 with Retry-After once a subject has used its requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++)
      statuses.push((await post(limited.url, { query: '{ __typename }' }, orgAdminToken)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await post(limited.url, { query: '{ __typename }' }, orgAdminToken);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // Another subject has a bucket of its own.
    expect((await post(limited.url, { query: '{ __typename }' }, adminToken)).status).toBe(200);
  });

  it('limits requests without a valid token per client IP, bad tokens included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push((await post(limited.url, { query: '{ __typename }' })).status);
    statuses.push((await post(limited.url, { query: '{ __typename }' }, 'bad.token.here')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('CSRF prevention', () => {
  it('refuses a simple GET (no JSON content type, no preflight header) and serves it with the header', async () => {
    const simple = await request(gateway.url)
      .get('/graphql')
      .query({ query: '{ __typename }' })
      .set('authorization', `Bearer ${orgAdminToken}`);
    expect(simple.status).toBe(400);
    expect(simple.text).toMatch(/cross-site request forgery/i);
    const preflighted = await request(gateway.url)
      .get('/graphql')
      .query({ query: '{ __typename }' })
      .set('authorization', `Bearer ${orgAdminToken}`)
      .set('apollo-require-preflight', 'true');
    expect(preflighted.status).toBe(200);
    expect(preflighted.body).toEqual({ data: { __typename: 'Query' } });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a simple POST as %s',
    async (contentType) => {
      const response = await request(gateway.url)
        .post('/graphql')
        .set('authorization', `Bearer ${orgAdminToken}`)
        .set('content-type', contentType)
        .send(JSON.stringify({ query: 'mutation { requestPasswordReset(email: "a@b.test") { ok } }' }));
      expect(response.status).toBe(400);
      expect(response.text).toMatch(/cross-site request forgery/i);
    },
  );
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with that origin', async () => {
    const response = await request(gateway.url)
      .options('/graphql')
      .set('origin', CONSOLE_ORIGIN)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'authorization, content-type');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
    expect(response.headers['access-control-allow-headers']).toMatch(/authorization/);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('refuses a preflight from another origin and gives its requests no CORS headers', async () => {
    const preflight = await request(gateway.url)
      .options('/graphql')
      .set('origin', 'https://evil.example')
      .set('access-control-request-method', 'POST');
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const evil = await post(gateway.url, { query: '{ __typename }' }, orgAdminToken).set(
      'origin',
      'https://evil.example',
    );
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await post(gateway.url, { query: '{ __typename }' }, orgAdminToken).set('origin', CONSOLE_ORIGIN);
    expect(allowed.headers['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
    expect(allowed.headers['access-control-expose-headers']).toMatch(/x-request-id/);
  });
});

describe('request size', () => {
  it('refuses a body over MAX_BODY_BYTES with 413', async () => {
    const padding = 'x'.repeat(gateway.config.maxBodyBytes);
    const response = await post(gateway.url, { query: '{ __typename }', extensions: { padding } }, orgAdminToken);
    expect(response.status).toBe(413);
    expect(response.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses variables nested 20,000 levels deep in words naming the limit (a 500 before), POST and GET', async () => {
    const create = 'mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) { organization { id } } }';
    const deepObject = (levels: number) => `${'{"name":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
    const bodies = [
      `{"query":${JSON.stringify(create)},"variables":{"i":{"id":"deep","domain":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`,
      `{"query":${JSON.stringify(create)},"variables":{"i":{"id":"deep","primaryContact":${deepObject(20_000)}}}}`,
    ];
    for (const body of bodies) {
      const response = await post(gateway.url, body, adminToken);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [{ message: JSON_TOO_DEEP_MESSAGE, extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    const search = new URLSearchParams({
      query: 'query($s: String) { users(organizationId: "acme", search: $s) { rows { email } } }',
      variables: `{"s":${'['.repeat(2000)}${']'.repeat(2000)}}`,
    });
    const get = await request(gateway.url)
      .get(`/graphql?${search.toString()}`)
      .set('apollo-require-preflight', 'true')
      .set('authorization', `Bearer ${adminToken}`);
    expect(get.status).toBe(400);
    expect(get.body.errors[0].message).toBe(JSON_TOO_DEEP_MESSAGE);
    // At the limit the variables reach GraphQL, which judges them as usual.
    const within = await post(
      gateway.url,
      `{"query":${JSON.stringify(create)},"variables":{"i":{"id":"deep","primaryContact":${deepObject(MAX_JSON_DEPTH - 3)}}}}`,
      adminToken,
    );
    expect(within.status).toBe(400);
    expect(within.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('admits a 5,000-row provider-link upsert with the longest values', async () => {
    const links = Array.from({ length: 5000 }, (_, i) => {
      const body = String(300000000 + i);
      // 120 two-byte characters: the longest alias, in its widest JSON form.
      return { npi: body + npiCheckDigit(body), value: 'é'.repeat(120) };
    });
    const payload = {
      query:
        'mutation Bulk($links: [ProviderLinkInput!]!) { upsertProviderLinks(organizationId: "acme", kind: PROVIDER_ALIAS, links: $links) { created updated errors results { status } } }',
      variables: { links },
    };
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(gateway.config.maxBodyBytes);
    const response = await post(gateway.url, payload, orgAdminToken);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.upsertProviderLinks.results).toHaveLength(5000);
  }, 60000);
});

describe("GraphQL Armor's limits", () => {
  const refusedAtValidation = (response: request.Response) => {
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    // The limits are not named: a prober learns nothing about them.
    expect(JSON.stringify(response.body)).not.toMatch(/limit of|exceeded/i);
  };

  it('are the defaults, and the console-shaped heavy page query passes them', async () => {
    expect(ARMOR_LIMITS).toMatchObject({
      maxDepth: { n: 6 },
      maxAliases: { n: 15 },
      costLimit: { maxCost: 5000 },
      maxDirectives: { n: 50 },
    });
    expect(MAX_TOKENS).toBe(1000);
    const query = `query OrganizationPage($id: ID!) {
      viewer { ...Viewer_session __typename }
      organization(id: $id) {
        ...OrganizationHeader_organization
        licenses { userLimit activeUsers tableauUserLicenses { explorerCount viewerCount explorerUsed viewerUsed __typename } products { product enabled __typename } __typename }
        onboarding { ...LifecycleJob_job } deployment { ...LifecycleJob_job } offboarding { ...LifecycleJob_job }
        users(limit: 50) { rows { ...UserRow_user } pageInfo { total limit offset __typename } __typename }
        credentials { id enabled generatedAt daysToExpire createdBy __typename }
        features { key description entity stage requiresLicense isLicensed isAvailable __typename }
        __typename
      }
    }
    fragment Viewer_session on Viewer { email name role permissions organizationId isPasswordExpiring daysLeftForPasswordExpiry isClient
      dataAccessInfo { id active generatedAt daysToExpire __typename } __typename }
    fragment OrganizationHeader_organization on Organization { id name active status allowedActions domain callbackUrls
      primaryContact { name email __typename } customerSegment medicareLicensed biPortalUrl biPortal { defaultStates __typename } createdAt updatedAt }
    fragment LifecycleJob_job on LifecycleJob { status startedAt completedAt steps { name status __typename } __typename }
    fragment UserRow_user on User { email name role active directDataAccessEnabled tableauLicense tableauUser
      passwordResetMeta { expiresAt passwordChangedAt lastResetRequestedAt __typename } dataAccessInfo { id active daysToExpire __typename } __typename }`;
    const response = await post(gateway.url, { query, variables: { id: 'acme' } }, adminToken);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.organization.users.rows.length).toBeGreaterThan(0);
  });

  it('refuse a query deeper than 6', async () => {
    const deep = '{ viewer { organization { users { rows { organization { users { rows { email } } } } } } } }';
    refusedAtValidation(await post(gateway.url, { query: deep }, adminToken));
  });

  it('refuse more than 15 aliases', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: viewer { email }`).join(' ');
    refusedAtValidation(await post(gateway.url, { query: `{ ${aliases} }` }, adminToken));
  });

  it('refuse more than 1,000 tokens (at parsing)', async () => {
    const response = await post(gateway.url, { query: `{ viewer { ${'email '.repeat(1000)}} }` }, adminToken);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuse more than 50 directives', async () => {
    const directives = '@include(if: true) '.repeat(51);
    refusedAtValidation(await post(gateway.url, { query: `{ viewer { email ${directives} } }` }, adminToken));
  });

  it('hide field suggestions', async () => {
    const response = await post(gateway.url, { query: '{ viewr { emial } }' }, adminToken);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe('Cannot query field "viewr" on type "Query".');
    expect(JSON.stringify(response.body)).not.toMatch(/did you mean/i);
  });
});

/** A production environment with the secret the gateway needs there (its metrics token). */
const PRODUCTION_ENV = { APP_ENV: 'production', METRICS_TOKEN: 'metrics-token-of-this-test' };

describe('introspection', () => {
  it('is off with APP_ENV=production unless INTROSPECTION=true', () => {
    expect(loadConfig(PRODUCTION_ENV).introspection).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, INTROSPECTION: 'true' }).introspection).toBe(true);
    expect(loadConfig({ APP_ENV: 'local' }).introspection).toBe(true);
  });

  it('is refused by a production gateway, which still answers queries', async () => {
    const production = await anotherGateway({
      appEnv: 'production',
      introspection: loadConfig(PRODUCTION_ENV).introspection,
    });
    const schema = await post(production.url, { query: '{ __schema { types { name } } }' }, adminToken);
    expect(schema.status).toBe(400);
    expect(schema.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/introspection is not allowed/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const type = await post(production.url, { query: '{ __type(name: "User") { fields { name } } }' });
    expect(type.status).toBe(400);
    const query = await post(production.url, { query: '{ viewer { email } }' }, adminToken);
    expect(query.body).toEqual({ data: { viewer: { email: 'admin@meridian.test' } } });
  });
});

describe('errors', () => {
  it("a real 409 from the platform surfaces as the mutation's input errors", async () => {
    const response = await post(
      gateway.url,
      {
        query: `mutation { createOrganization(input: { id: "acme", name: "Acme Again", domain: ["again.test"],
          primaryContact: { name: "A", email: "a@again.test" }, customerSegment: "provider-group", medicareLicensed: false }) {
          organization { id } inputErrors { field message } } }`,
      },
      adminToken,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.createOrganization).toEqual({
      organization: null,
      inputErrors: [{ field: 'input.id', message: 'An organization with id acme already exists.' }],
    });
  });

  it("an unreachable platform is said in the console's words, not the failure's or its address, and readiness fails", async () => {
    const probe = createServer();
    const closedPort = await listen(probe, '127.0.0.1', 0);
    await closeServer(probe);
    const cut = await anotherGateway({ platformApiUrl: `http://127.0.0.1:${closedPort}` });
    const tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
    const response = await post(cut.url, { query: '{ catalogVersion }' }, tool);
    expect(response.body.errors[0]).toMatchObject({
      message: MESSAGES.serviceUnavailable,
      extensions: { code: 'PLATFORM_UNAVAILABLE' },
    });
    expect(JSON.stringify(response.body)).not.toContain(String(closedPort));
    const readiness = await request(cut.url).get('/readyz');
    expect(readiness.status).toBe(503);
    // Nor can the feed of ended sessions be read.
    expect(readiness.body).toEqual({
      status: 'not ready',
      checks: { platform: 'failing', jwks: 'ok', sessionRevocations: 'degraded' },
    });
    // And so says /metrics, for the alert (GatewayNotReady) that sees a replica up but useless.
    const metrics = (await request(cut.url).get('/metrics')).text;
    expect(metrics).toMatch(/^gateway_ready 0$/m);
    expect(metrics).toMatch(/^gateway_dependency_up\{dependency="platform"\} 0$/m);
    expect(metrics).toMatch(/^gateway_dependency_up\{dependency="jwks"\} 1$/m);
  });
});

describe('a proxy that cannot reach the platform', () => {
  it("is said in the console's words too, not as nginx's page or its status", async () => {
    const nginx = createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
    });
    const port = await listen(nginx, '127.0.0.1', 0);
    try {
      const behind = await anotherGateway({ platformApiUrl: `http://127.0.0.1:${port}` });
      const tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
      const response = await post(behind.url, { query: '{ catalogVersion }' }, tool);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ message: MESSAGES.serviceUnavailable, extensions: { code: 'PLATFORM_UNAVAILABLE' } }),
      ]);
    } finally {
      await closeServer(nginx);
    }
  });
});

describe('a hanging platform', () => {
  it('leaves readiness answering within a second, as not ready', async () => {
    // Accepts connections and never answers: what a stuck platform looks like from here.
    const held: Socket[] = [];
    const stuck = createNetServer((socket) => held.push(socket));
    const port = await new Promise<number>((resolve) =>
      stuck.listen(0, '127.0.0.1', () => resolve((stuck.address() as AddressInfo).port)),
    );
    try {
      const hanging = await anotherGateway({ platformApiUrl: `http://127.0.0.1:${port}` });
      const started = Date.now();
      const readiness = await request(hanging.url).get('/readyz');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(readiness.status).toBe(503);
      expect(readiness.body.checks).toEqual({ platform: 'failing', jwks: 'ok', sessionRevocations: 'degraded' });
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => stuck.close(resolve));
    }
  });
});

describe('operability', () => {
  it('/healthz answers while the process is up', async () => {
    const response = await request(gateway.url).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('/readyz checks the platform and the JWKS, and that the feed of ended sessions is read', async () => {
    const response = await request(gateway.url).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: { platform: 'ok', jwks: 'ok', sessionRevocations: 'ok' },
    });
    const metrics = (await request(gateway.url).get('/metrics')).text;
    expect(metrics).toMatch(/^gateway_ready 1$/m);
    expect(metrics).toMatch(/^gateway_dependency_up\{dependency="sessionRevocations"\} 1$/m);
  });

  it('/metrics counts requests by operation and outcome, their durations and upstream calls', async () => {
    await post(gateway.url, { query: 'query MetricsProbe { viewer { email } }' }, orgAdminToken);
    await post(gateway.url, { query: 'query MetricsProbe { viewer { email } }' }, 'bad.token.value');
    const response = await request(gateway.url).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.text).toMatch(/gateway_graphql_requests_total\{operation="MetricsProbe",outcome="ok"\} 1/);
    expect(response.text).toMatch(
      /gateway_graphql_requests_total\{operation="anonymous",outcome="unauthenticated"\} \d+/,
    );
    expect(response.text).toMatch(/gateway_graphql_request_duration_seconds_count\{operation="MetricsProbe"\} 1/);
    expect(response.text).toMatch(/gateway_upstream_calls_total\{method="GET",outcome="2xx"\} \d+/);
  });

  it('/metrics wants METRICS_TOKEN when one is set: 401 without it or with another, 200 with it', async () => {
    const guarded = await anotherGateway({ metricsToken: 'metrics-token-of-this-test' });
    for (const authorization of [undefined, 'Bearer not-the-token', 'Basic metrics-token-of-this-test']) {
      const scrape = request(guarded.url).get('/metrics');
      const refused = await (authorization ? scrape.set('authorization', authorization) : scrape);
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body.errors[0]).toMatchObject({
        message: expect.stringContaining('Authorization: Bearer <METRICS_TOKEN>'),
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(refused.text).not.toContain('gateway_');
    }
    const scraped = await request(guarded.url)
      .get('/metrics')
      .set('authorization', 'Bearer metrics-token-of-this-test');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toMatch(/^gateway_ready 1$/m);
  });

  it('names the replica on every answer, and sends HSTS only on answers that came over https', async () => {
    const hsts = 'max-age=63072000; includeSubDomains';
    const proxied = await anotherGateway({ replicaName: 'gateway-9', trustProxy: true });
    for (const path of ['/healthz', '/graphql', '/', '/no-such-path']) {
      const https = await request(proxied.url).get(path).set('x-forwarded-proto', 'https');
      expect(https.headers['x-meridian-replica'], path).toBe('gateway-9');
      expect(https.headers['strict-transport-security'], path).toBe(hsts);
      const plain = await request(proxied.url).get(path).set('x-forwarded-proto', 'http');
      expect(plain.headers['strict-transport-security'], path).toBeUndefined();
    }
    // Without a trusted proxy in front, a client's X-Forwarded-Proto says nothing.
    const direct = await anotherGateway({ replicaName: 'gateway-8', trustProxy: false });
    const claimed = await request(direct.url).get('/healthz').set('x-forwarded-proto', 'https');
    expect(claimed.headers['x-meridian-replica']).toBe('gateway-8');
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('GET / is a landing page leading to the console sandbox and Apollo Sandbox', async () => {
    const response = await request(gateway.url).get('/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.text).toContain(`href="${gateway.config.consoleUrl}/sandbox"`);
    expect(response.text).toContain(
      `https://studio.apollographql.com/sandbox/explorer?endpoint=${encodeURIComponent(gateway.config.audience)}`,
    );
    const browser = await request(gateway.url).get('/graphql').set('accept', 'text/html,application/xhtml+xml');
    expect(browser.status).toBe(200);
    expect(browser.text).toContain('/sandbox');
  });

  it('answers unknown paths with 404', async () => {
    expect((await request(gateway.url).get('/nothing-here')).status).toBe(404);
  });
});

describe('a client that disconnects', () => {
  it('cancels its platform call, which is logged, not raised', async () => {
    const capture = logCapture();
    const slow = await anotherGateway({ platformApiUrl: relayUrl, logLevel: 'debug' }, capture.logger);
    relayDelayMs = 1500;
    const abort = new AbortController();
    const answer = fetch(`${slow.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await gateway.tokens.user('user@globex.test')}`,
      },
      body: JSON.stringify({ query: 'query Abandoned { viewer { email } }' }),
      signal: abort.signal,
    });
    setTimeout(() => abort.abort(), 200);
    await expect(answer).rejects.toThrow();

    const cancelled = () => /gateway_upstream_calls_total\{method="GET",outcome="cancelled"\} 1/;
    let metrics = '';
    for (let i = 0; i < 40 && !cancelled().test(metrics); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      metrics = (await slow.gateway.metrics.render()).body;
    }
    relayDelayMs = 0;
    expect(metrics).toMatch(cancelled());
    const entries = capture.entries();
    expect(
      entries.some((entry) => entry.msg === 'Platform call cancelled: the client disconnected' && entry.level === 30),
    ).toBe(true);
    expect(entries.filter((entry) => (entry.level as number) >= 40)).toEqual([]);
  });
});
