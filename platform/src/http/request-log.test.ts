// The platform logs one line per request (issue 28: it wrote two info lines per request, health checks
// included): method, route, status, duration and request id; health checks at debug.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRestApi } from '../app.js';
import { localKeySet } from '../domain/signing-keys.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
let rest: FastifyInstance;
let lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  rest = await buildRestApi({
    config: platform.config,
    db: platform.db,
    verifier: { issuer: platform.config.issuer, audience: platform.config.audience, keys: localKeySet(platform.keys) },
    logger: { level: 'debug', stream },
  });
  await rest.ready();
});
afterAll(async () => {
  await rest.close();
  await platform.close();
});
beforeEach(() => {
  lines = [];
});

const INFO = 30;
const DEBUG = 20;

describe('the request log', () => {
  it('writes one info line per request: method, route, status, duration, request id', async () => {
    const response = await rest.inject({
      method: 'GET',
      url: '/user/email/user@acme.test',
      headers: { ...(await platform.auth('user@acme.test')), 'x-request-id': 'req-log-test-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: INFO,
      reqId: 'req-log-test-1',
      method: 'GET',
      route: '/user/email/:email',
      status: 200,
      msg: 'request',
    });
    expect(lines[0]!.durationMs).toEqual(expect.any(Number));
    // The route's pattern, not the path: the caller's email is not in the log.
    expect(JSON.stringify(lines)).not.toContain('user@acme.test');
  });

  it('writes the health check at debug', async () => {
    expect((await rest.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(lines).toEqual([expect.objectContaining({ level: DEBUG, route: '/healthz', status: 200 })]);
  });

  it('writes one line for a refusal and for a request the router turns away', async () => {
    expect((await rest.inject({ method: 'GET', url: '/organization/acme' })).statusCode).toBe(401);
    expect(lines).toEqual([expect.objectContaining({ level: INFO, route: '/organization/:id', status: 401 })]);
    lines = [];
    const long = await rest.inject({ method: 'GET', url: `/user/email/${'a'.repeat(5000)}@acme.test` });
    expect(long.statusCode).toBe(414);
    expect(lines).toEqual([expect.objectContaining({ level: INFO, method: 'GET', route: null, status: 414 })]);
  });
});

/**
 * Issue 39 §6: an error line carried the failed statement's whole SQL and its parameters (PGlite's
 * `query` and `params`, PostgreSQL's `detail`). It names the statement and keeps the SQLSTATE, never
 * the SQL or a value.
 */
describe('the error line of a failed statement', () => {
  const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

  it('names the statement and its SQLSTATE, and holds neither the SQL nor the parameters', async () => {
    // A rule the database holds and the route does not know: the UPDATE fails in the database.
    await platform.db.query(
      `ALTER TABLE organizations ADD CONSTRAINT no_live_keys CHECK (name NOT LIKE 'sk\\_live\\_%')`,
    );
    try {
      const response = await rest.inject({
        method: 'PUT',
        url: '/organization?organizationId=acme',
        headers: { ...(await platform.auth('admin@meridian.test')), 'x-request-id': 'failed-statement' },
        payload: { name: SECRET },
      });
      expect(response.statusCode).toBe(500);
      const failed = lines.find((line) => line.msg === 'request failed');
      expect(failed?.err).toMatchObject({
        type: 'QueryFailed',
        statement: 'UPDATE organizations',
        code: '23514',
        constraint: 'no_live_keys',
        table: 'organizations',
      });
      const written = JSON.stringify(lines);
      expect(written).not.toContain(SECRET);
      expect(written).not.toContain('sk_live_');
      expect(written).not.toMatch(/SET name = \$2|primary_contact|RETURNING/);
      expect(written).not.toMatch(/"(query|params|parameters|detail|where|queryOptions)"/);
    } finally {
      await platform.db.query('ALTER TABLE organizations DROP CONSTRAINT no_live_keys');
    }
  });
});
