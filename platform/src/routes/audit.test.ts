// GET /audit-events: filters, newest-first cursor paging, and who reads what (system roles all, an Org
// Admin their own organization, nobody else). Events are inserted with fixed times so that every
// filter has a known answer; one real write shows what a request records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { AUDIT_PAGE_MAX, type AuditQuery } from '../contract/audit.js';
import { INVALID_CURSOR_MESSAGE, decodeCursor, encodeCursor, eventsQuery } from '../stores/audit.js';

let platform: TestPlatform;

/** [occurred_at, actor, actor_kind, organization_id, action, target_type, target_id]; ids 1… in this order. */
const EVENTS: [string, string, string, string | null, string, string, string | null][] = [
  ['2025-01-01T00:00:00Z', 'admin@meridian.test', 'user', 'acme', 'organization.update', 'organization', 'acme'],
  ['2025-01-02T00:00:00Z', 'orgadmin@acme.test', 'user', 'acme', 'user.deactivate', 'user', 'user@acme.test'],
  ['2025-01-03T00:00:00Z', 'admin@meridian.test', 'user', 'globex', 'user.update', 'user', 'user@globex.test'],
  ['2025-01-04T00:00:00Z', 'nobody@nowhere.test', 'anonymous', null, 'sign-in.failed', 'user', 'nobody@nowhere.test'],
  // Seven at the same instant (ids 5 to 11): the id breaks the tie as a number, so paging neither skips
  // nor repeats one, and 10 sorts after 9.
  ...Array.from({ length: 7 }, (): (typeof EVENTS)[number] => [
    '2025-01-05T00:00:00.123456Z',
    'meridian-cli',
    'client',
    'acme',
    'provider-links.upsert',
    'provider-batch',
    null,
  ]),
];

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const [occurredAt, actor, kind, organizationId, action, targetType, targetId] of EVENTS) {
    await platform.db.query(
      `INSERT INTO audit_events (occurred_at, actor, actor_kind, actor_role, organization_id, action, target_type, target_id, changes, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        occurredAt,
        actor,
        kind,
        kind === 'anonymous' ? null : 'systemAdmin',
        organizationId,
        action,
        targetType,
        targetId,
        JSON.stringify(action === 'user.deactivate' ? [{ field: 'active', before: true, after: false }] : []),
        action === 'sign-in.failed' ? JSON.stringify({ reason: 'invalid-credentials' }) : null,
      ],
    );
  }
});
afterAll(() => platform.close());

interface Page {
  data: { id: string; organizationId: string | null; cursor: string }[];
  nextCursor: string | null;
  hasMore: boolean;
}

async function list(query: string, email = 'admin@meridian.test') {
  return platform.rest.inject({ method: 'GET', url: `/audit-events${query}`, headers: await platform.auth(email) });
}

async function ids(query: string, email?: string): Promise<string[]> {
  const response = await list(query, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>().data.map((event) => event.id);
}

describe('filters', () => {
  it('lists newest first, ties by id', async () => {
    expect(await ids('')).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  });

  it('answers each event whole', async () => {
    const event = (await list('?action=user.deactivate')).json().data[0];
    expect(event).toEqual({
      id: '2',
      occurredAt: '2025-01-02T00:00:00.000Z',
      actor: 'orgadmin@acme.test',
      actorName: null,
      actorKind: 'user',
      actorRole: 'systemAdmin',
      actorOrganizationId: null,
      action: 'user.deactivate',
      organizationId: 'acme',
      targetType: 'user',
      targetId: 'user@acme.test',
      changes: [{ field: 'active', before: true, after: false }],
      details: null,
      requestId: null,
      clientIp: null,
      // Written outside any request's trace.
      traceId: null,
      cursor: expect.any(String),
    });
  });

  it('filters by organization, actor, target, action and time range', async () => {
    expect(await ids('?organizationId=acme')).toEqual(['11', '10', '9', '8', '7', '6', '5', '2', '1']);
    expect(await ids('?actor=OrgAdmin@Acme.test')).toEqual(['2']);
    expect(await ids('?actor=meridian-cli&first=2')).toEqual(['11', '10']);
    expect(await ids('?targetType=user&targetId=user@acme.test')).toEqual(['2']);
    expect(await ids('?targetType=provider-batch')).toEqual(['11', '10', '9', '8', '7', '6', '5']);
    expect(await ids('?action=user.update')).toEqual(['3']);
    expect(await ids('?organizationId=acme&action=organization.update')).toEqual(['1']);
    // `from` inclusive, `to` exclusive.
    expect(await ids('?from=2025-01-02T00:00:00Z&to=2025-01-04T00:00:00Z')).toEqual(['3', '2']);
    expect(await ids('?organizationId=initech')).toEqual([]);
  });

  it('refuses what it cannot answer, naming the parameter', async () => {
    for (const query of [`?first=${AUDIT_PAGE_MAX + 1}`, '?first=0', '?action=user.explode', '?from=yesterday']) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
    const bad = await list('?after=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ param: 'after', msg: INVALID_CURSOR_MESSAGE }]);
  });
});

describe('cursor paging', () => {
  it('walks every page once, through the tie, ending with no cursor', async () => {
    const seen: string[][] = [];
    let after = '';
    for (;;) {
      const page = (await list(`?organizationId=acme&first=2${after}`)).json<Page>();
      seen.push(page.data.map((event) => event.id));
      if (!page.hasMore) {
        expect(page.nextCursor).toBeNull();
        break;
      }
      expect(page.nextCursor).toBe(page.data.at(-1)!.cursor);
      after = `&after=${page.nextCursor}`;
    }
    expect(seen).toEqual([['11', '10'], ['9', '8'], ['7', '6'], ['5', '2'], ['1']]);
  });

  it('keeps microseconds in the cursor, so equal milliseconds do not skip events', () => {
    const cursor = encodeCursor({ occurred_us: '1736035200123456', event_id: '7' });
    expect(decodeCursor(cursor)).toEqual({ occurredUs: '1736035200123456', id: '7' });
    expect(decodeCursor(Buffer.from('1.2; DROP TABLE x').toString('base64url'))).toBeNull();
  });

  it("is served by an index for every filter: the route's own SQL sorts nothing", async () => {
    const after = encodeCursor({ occurred_us: '1736035200123456', event_id: '7' });
    const filters: [Partial<AuditQuery>, string | undefined, string][] = [
      [{}, undefined, 'audit_events_newest_idx'],
      [{}, 'acme', 'audit_events_organization_idx'],
      [{ actor: 'meridian-cli' }, undefined, 'audit_events_actor_idx'],
      [{ targetType: 'user', targetId: 'user@acme.test' }, undefined, 'audit_events_target_idx'],
      [{ action: 'user.update' }, undefined, 'audit_events_action_idx'],
    ];
    for (const [filter, organizationId, index] of filters) {
      const { sql, params } = eventsQuery({ ...filter, after, first: 50 }, organizationId);
      const plan = await platform.db.transaction(async (tx) => {
        // With so few rows the planner would rather scan and sort; forbid both to see what the indexes allow.
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_sort = off');
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, index).toContain(index);
      expect(plan, index).not.toMatch(/Sort/);
    }
  });
});

describe('who reads what', () => {
  it('system roles read every organization', async () => {
    expect(await ids('', 'viewer@meridian.test')).toHaveLength(EVENTS.length);
    expect(await ids('?organizationId=globex', 'viewer@meridian.test')).toEqual(['3']);
  });

  it('an Org Admin reads only their own organization, asked for or not', async () => {
    const acme = ['11', '10', '9', '8', '7', '6', '5', '2', '1'];
    expect(await ids('', 'orgadmin@acme.test')).toEqual(acme);
    expect(await ids('?organizationId=acme&first=3', 'orgadmin@acme.test')).toEqual(acme.slice(0, 3));
    // Filters narrow within their organization only: the sign-in of an unknown email is not theirs.
    expect(await ids('?action=sign-in.failed', 'orgadmin@acme.test')).toEqual([]);
    expect(await ids('?actor=admin@meridian.test', 'orgadmin@acme.test')).toEqual(['1']);
  });

  it("refuses an Org Admin another organization's events, existing or not, alike", async () => {
    const other = await list('?organizationId=globex', 'orgadmin@acme.test');
    expect(other.statusCode).toBe(403);
    const missing = await list('?organizationId=no-such-org', 'orgadmin@acme.test');
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(other.json());
  });

  it('refuses an Org User, even for their own organization', async () => {
    expect((await list('', 'user@acme.test')).statusCode).toBe(403);
    expect((await list('?organizationId=acme', 'user@acme.test')).statusCode).toBe(403);
  });

  it("holds an internal tool to its client's role and organization", async () => {
    const token = await platform.tokens.client('acme-tool', 'orgAdmin', 'acme');
    const response = await platform.rest.inject({
      method: 'GET',
      url: '/audit-events?organizationId=globex',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a call without a token', async () => {
    expect((await platform.rest.inject({ method: 'GET', url: '/audit-events' })).statusCode).toBe(401);
  });
});

describe('a real write', () => {
  it('is the newest event, with the name of its actor and the request it came from', async () => {
    const response = await platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=globex',
      headers: {
        ...(await platform.auth('admin@meridian.test')),
        'x-request-id': 'gateway-request-1',
        'x-meridian-client-ip': '2001:db8::7',
      },
      payload: { name: 'Globex Renamed' },
    });
    expect(response.statusCode).toBe(200);
    const [event] = (await list('?first=1')).json().data;
    expect(event).toMatchObject({
      actor: 'admin@meridian.test',
      actorName: 'Ada Admin',
      actorKind: 'user',
      actorRole: 'systemAdmin',
      actorOrganizationId: 'meridian',
      action: 'organization.update',
      organizationId: 'globex',
      targetType: 'organization',
      targetId: 'globex',
      changes: [{ field: 'name', before: 'Globex Care', after: 'Globex Renamed' }],
      requestId: 'gateway-request-1',
      clientIp: '2001:db8::7',
    });
  });

  it('without the gateway headers records its own id and socket address; a header that is no address is ignored', async () => {
    await platform.rest.inject({
      method: 'PUT',
      url: '/organization?organizationId=globex',
      headers: { ...(await platform.auth('admin@meridian.test')), 'x-meridian-client-ip': 'evil\nvalue' },
      payload: { name: 'Globex Care' },
    });
    const [event] = (await list('?first=1')).json().data;
    expect(event.clientIp).toBe('127.0.0.1');
    expect(event.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
