// The audit trail through GraphQL: a change made through the gateway is found afterwards, in words,
// with its before and after values and the request it came from; who reads which organization's
// events (system roles all, an Org Admin their own, nobody else); cursor paging.
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { PlatformTransport } from '../../platform/client.js';
import {
  gatewayConfigFor,
  listenGateway,
  startTestGateway,
  type GraphQLAnswer,
  type TestGateway,
} from '../../test-support/gateway.js';
import { FIRST_RANGE_MESSAGE } from './resolvers.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  gateway = await startTestGateway();
  for (const email of ['admin@meridian.test', 'viewer@meridian.test', 'orgadmin@acme.test', 'user@acme.test'])
    tokens[email] = await gateway.tokens.user(email);
});

afterAll(async () => {
  await gateway?.close();
});

/** POST /graphql as `email`, with extra headers. */
async function graphql(
  email: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphQLAnswer> {
  const response = await request(gateway.url)
    .post('/graphql')
    .set({ 'content-type': 'application/json', authorization: `Bearer ${tokens[email]}`, ...headers })
    .send({ query, ...(variables ? { variables } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as GraphQLAnswer;
}

async function data(email: string, query: string, variables?: Record<string, unknown>): Promise<Json> {
  const body = await graphql(email, query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

const EVENT = `id occurredAt actor actorName actorKind actorRole actorOrganizationId action organizationId
  targetType targetId changes { field before after } details { name value } requestId clientIp summary`;

const EVENTS = `query($filter: AuditEventFilter, $after: String, $first: Int) {
  auditEvents(filter: $filter, after: $after, first: $first) {
    edges { cursor node { id } } nodes { ${EVENT} } pageInfo { endCursor hasNextPage } } }`;

describe('a change made through the gateway', () => {
  it('is found afterwards: attributed, in words, with before and after, tied to the request', async () => {
    const change = await graphql(
      'admin@meridian.test',
      'mutation { setUserActive(email: "user@globex.test", active: false) { user { active } } }',
      undefined,
      { 'x-request-id': 'console-request-42' },
    );
    expect(change.errors).toBeUndefined();
    const { auditEvents } = await data('admin@meridian.test', EVENTS, {
      filter: { targetType: 'USER', targetId: 'user@globex.test' },
      first: 1,
    });
    expect(auditEvents.nodes).toEqual([
      {
        id: expect.any(String),
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        actor: 'admin@meridian.test',
        actorName: 'Ada Admin',
        actorKind: 'USER',
        actorRole: 'SYSTEM_ADMIN',
        actorOrganizationId: 'meridian',
        action: 'user.deactivate',
        organizationId: 'globex',
        targetType: 'USER',
        targetId: 'user@globex.test',
        // Non-string values travel as JSON.
        changes: [{ field: 'active', before: 'true', after: 'false' }],
        details: [],
        // The gateway's request id reaches the platform, so the event ties back to the gateway's log.
        requestId: 'console-request-42',
        clientIp: expect.any(String),
        summary: 'Ada Admin deactivated user@globex.test',
      },
    ]);
  });

  it('a bulk call is one event with its counts', async () => {
    const npi = (await data('admin@meridian.test', '{ providers(limit: 1) { rows { npi } } }')).providers.rows[0].npi;
    await data(
      'orgadmin@acme.test',
      `mutation($npi: String!) { upsertProviderLinks(organizationId: "acme", kind: PROVIDER_ALIAS,
        links: [{ npi: $npi, value: "Dr. Audit" }]) { errors } }`,
      { npi },
    );
    const { auditEvents } = await data('orgadmin@acme.test', EVENTS, {
      filter: { action: 'provider-links.upsert' },
      first: 1,
    });
    const [event] = auditEvents.nodes;
    expect(event).toMatchObject({
      actorName: 'Olive Acme',
      targetType: 'PROVIDER',
      targetId: npi,
      changes: [{ field: npi, before: null, after: 'Dr. Audit' }],
      summary: 'Olive Acme saved 1 provider alias of acme',
    });
    expect(event.details).toEqual(
      expect.arrayContaining([
        { name: 'kind', value: 'provider_alias' },
        { name: 'created', value: '1' },
        { name: 'errors', value: '0' },
      ]),
    );
  });
});

describe('the client address', () => {
  it('is forwarded to the platform on every call and recorded with the event', async () => {
    const transport = new PlatformTransport({
      platformApiUrl: gateway.platform.restUrl,
      platformTimeoutMs: 5000,
      platformConnectTimeoutMs: 5000,
    });
    try {
      const platform = transport.forRequest({
        token: tokens['admin@meridian.test'],
        requestId: 'forwarded-request-1',
        clientIp: '198.51.100.23',
        log: pino({ level: 'silent' }),
      });
      await platform.call('updateOrganization', {
        query: { organizationId: 'initech' },
        body: { name: 'Initech Renamed' },
      });
    } finally {
      await transport.close();
    }
    const { auditEvents } = await data('admin@meridian.test', EVENTS, {
      filter: { organizationId: 'initech', action: 'organization.update' },
      first: 1,
    });
    expect(auditEvents.nodes[0]).toMatchObject({
      requestId: 'forwarded-request-1',
      clientIp: '198.51.100.23',
      changes: [{ field: 'name', before: 'Initech Clinics', after: 'Initech Renamed' }],
      summary: 'Ada Admin updated organization initech (name)',
    });
  });
});

describe('the client address, end to end', () => {
  it('is the browser’s, as the gateway behind a proxy sees it, not the gateway’s own', async () => {
    const behindProxy = await listenGateway(gatewayConfigFor(gateway.platform, { trustProxy: true }));
    try {
      const response = await request(behindProxy.url)
        .post('/graphql')
        .set({
          'content-type': 'application/json',
          authorization: `Bearer ${tokens['admin@meridian.test']}`,
          // nginx appends the address it saw; the entry before it is the client's own, forged.
          'x-forwarded-for': '198.51.100.66, 203.0.113.50',
          'x-request-id': 'through-the-proxy-1',
        })
        .send({
          query:
            'mutation { updateOrganization(id: "initech", input: { name: "Initech Proxied" }) { inputErrors { message } } }',
        });
      expect(response.status).toBe(200);
    } finally {
      await behindProxy.close();
    }
    const { auditEvents } = await data('admin@meridian.test', EVENTS, {
      filter: { organizationId: 'initech', action: 'organization.update' },
      first: 1,
    });
    expect(auditEvents.nodes[0]).toMatchObject({ requestId: 'through-the-proxy-1', clientIp: '203.0.113.50' });
  });
});

describe('who reads which events', () => {
  const organizationsOf = async (email: string, filter?: Record<string, unknown>) => {
    const { auditEvents } = await data(email, EVENTS, { filter, first: 1000 });
    return new Set(auditEvents.nodes.map((node: { organizationId: string | null }) => node.organizationId));
  };

  it('system roles read every organization', async () => {
    const seen = await organizationsOf('viewer@meridian.test');
    expect([...seen].sort()).toEqual(expect.arrayContaining(['acme', 'globex', 'initech']));
  });

  it('an Org Admin reads only their own organization, without asking for it', async () => {
    expect([...(await organizationsOf('orgadmin@acme.test'))]).toEqual(['acme']);
    expect([...(await organizationsOf('orgadmin@acme.test', { organizationId: 'acme' }))]).toEqual(['acme']);
  });

  it("refuses an Org Admin another organization's events before asking the platform", async () => {
    for (const organizationId of ['globex', 'no-such-org']) {
      const body = await graphql('orgadmin@acme.test', EVENTS, { filter: { organizationId } });
      expect(body.data).toBeNull();
      expect(body.errors).toEqual([
        expect.objectContaining({ message: MESSAGES.permissionDenied, extensions: { code: 'FORBIDDEN' } }),
      ]);
    }
  });

  it('refuses an Org User', async () => {
    const body = await graphql('user@acme.test', EVENTS, { filter: { organizationId: 'acme' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses an anonymous caller', async () => {
    const response = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ auditEvents { nodes { id } } }' });
    expect((response.body as GraphQLAnswer).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('paging', () => {
  it('continues after the end cursor with older events, until there are none', async () => {
    const first = (await data('admin@meridian.test', EVENTS, { first: 1 })).auditEvents;
    expect(first.pageInfo).toEqual({ endCursor: first.edges[0].cursor, hasNextPage: true });
    const second = (await data('admin@meridian.test', EVENTS, { first: 1, after: first.pageInfo.endCursor }))
      .auditEvents;
    expect(Number(second.nodes[0].id)).toBeLessThan(Number(first.nodes[0].id));
    const all = (await data('admin@meridian.test', EVENTS, { first: 1000 })).auditEvents;
    expect(all.pageInfo.hasNextPage).toBe(false);
    const last = (await data('admin@meridian.test', EVENTS, { after: all.pageInfo.endCursor })).auditEvents;
    expect(last).toEqual({ edges: [], nodes: [], pageInfo: { endCursor: null, hasNextPage: false } });
  });

  it('refuses a page size out of range, and a cursor it did not make, as input errors', async () => {
    const tooMany = await graphql('admin@meridian.test', EVENTS, { first: 1001 });
    expect(tooMany.errors?.[0]).toMatchObject({ message: FIRST_RANGE_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    const forged = await graphql('admin@meridian.test', EVENTS, { after: 'bm90LWEtY3Vyc29y' });
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
