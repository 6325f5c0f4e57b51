import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS_EMPTY,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_URL_INVALID,
  WEBHOOKS_PER_ORGANIZATION,
  webhookEventUnknown,
} from '@meridian/schema';
import { loadConfig } from '../config.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { SECRET_UNREADABLE } from '../domain/webhooks/endpoints.js';
import { startWebhookSender } from '../domain/webhooks/sender.js';
import { sealAsLegacyV1 } from '../test-support/legacy-v1.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { startWebhookReceiver, until, verified } from '../test-support/webhook-receiver.js';

// Webhooks end to end on one platform: the REST routes, the sender delivering the outbox to a real
// HTTP receiver that verifies every signature with the standardwebhooks package.

let platform: TestPlatform;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stopSender: () => Promise<void>;
const RETRY_DELAYS = [40, 40];

beforeAll(async () => {
  platform = await startTestPlatform({ webhookRetryDelaysMs: RETRY_DELAYS, webhookPollMs: 20 });
  receiver = await startWebhookReceiver();
  stopSender = startWebhookSender(platform.db, platform.config);
});
afterAll(async () => {
  await stopSender();
  await receiver.close();
  await platform.close();
});

const ADMIN = 'admin@meridian.test';
const ACME_ADMIN = 'orgadmin@acme.test';

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as = ACME_ADMIN, payload?: object) {
  return platform.rest.inject({ method, url, headers: await platform.auth(as), ...(payload ? { payload } : {}) });
}

interface Created {
  webhook: { id: string; url: string; status: string; pendingCount: number };
  secret: string;
}

const created: string[] = [];
async function create(path: string, events: string[] | null = null, org = 'acme'): Promise<Created> {
  const response = await call('POST', `/organization/${org}/webhooks`, ADMIN, { url: receiver.url(path), events });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<Created>();
  created.push(`/organization/${org}/webhooks/${body.webhook.id}`);
  return body;
}
// Each test's endpoints go, so the next starts under the limit and with no one else's failures.
afterEach(async () => {
  for (const url of created.splice(0)) await call('DELETE', url, ADMIN);
  receiver.answer(() => ({ status: 204 }));
});

/** A write in acme that records `webhook.update`: the event every test makes its endpoint receive. */
const touch = (id: string, events: string[] | null) =>
  call('PATCH', `/organization/acme/webhooks/${id}`, ADMIN, { events });

const types = (path: string, secret: string) => receiver.on(path).map((entry) => verified(entry, secret).type);

describe('endpoints', () => {
  it('creates one with a Standard Webhooks secret, answered once, and delivers its events signed', async () => {
    const { webhook, secret } = await create('/created');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ status: 'active', url: receiver.url('/created') });
    const listed = await call('GET', '/organization/acme/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(webhook.id);
    expect(listed.body).not.toContain(secret);
    const { rows } = await platform.db.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM webhooks WHERE id = $1',
      [webhook.id],
    );
    expect(rows[0]!.secret_sealed).not.toContain(secret.slice(6));

    // Its own creation is its first event: the audit trigger queued it in the same transaction.
    const [first] = await until(
      () => receiver.on('/created').length > 0 && receiver.on('/created'),
      'the first delivery',
    );
    const message = verified(first!, secret);
    expect(message.type).toBe('webhook.create');
    expect(message.data).toMatchObject({
      action: 'webhook.create',
      organizationId: 'acme',
      actor: ADMIN,
      details: { webhookId: webhook.id, url: receiver.url('/created') },
    });
    expect(message.timestamp).toBe(message.data.occurredAt);
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['user-agent']).toMatch(/^Meridian-Webhooks\//);
    expect(Math.abs(Number(first!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(() => verified(first!, 'whsec_' + Buffer.alloc(24).toString('base64'))).toThrow();

    const log = await until(async () => {
      const answer = (await call('GET', `/organization/acme/webhooks/${webhook.id}/deliveries?first=5`)).json<{
        data: { status: string; action: string; messageId: string; attempts: number; responseStatus: number }[];
      }>();
      return answer.data[0]?.status === 'delivered' && answer.data;
    }, 'the delivery log');
    expect(log[0]).toMatchObject({ action: 'webhook.create', attempts: 1, responseStatus: 204, test: false });
    expect(log[0]!.messageId).toBe(first!.headers['webhook-id']);
  });

  it('sends an endpoint only the actions it chose', async () => {
    const { webhook, secret } = await create('/filtered', ['webhook.pause']);
    await call('POST', `/organization/acme/webhooks/${webhook.id}/pause`);
    await call('POST', `/organization/acme/webhooks/${webhook.id}/resume`);
    // Delivered once resumed (before the next pause: a paused endpoint would keep it).
    await until(() => receiver.on('/filtered').length >= 1, 'the pause event');
    await touch(webhook.id, ['webhook.pause']);
    await call('POST', `/organization/acme/webhooks/${webhook.id}/pause`);
    // The second pause is delivered once the endpoint is resumed: events wait, in order, while paused.
    await call('POST', `/organization/acme/webhooks/${webhook.id}/resume`);
    await until(() => receiver.on('/filtered').length >= 2, 'the kept pause event');
    expect(types('/filtered', secret)).toEqual(['webhook.pause', 'webhook.pause']);
  });

  it('refuses a bad URL or events naming the field, and an eleventh endpoint', async () => {
    const bad = await call('POST', '/organization/acme/webhooks', ACME_ADMIN, {
      url: 'ftp://example.com/x',
      events: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: [
        { param: 'url', msg: WEBHOOK_URL_INVALID },
        { param: 'events', msg: WEBHOOK_EVENTS_EMPTY },
      ],
    });
    const unknown = await call('POST', '/organization/acme/webhooks', ACME_ADMIN, {
      url: receiver.url('/x'),
      events: ['user.frobnicate'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('events');

    for (let n = 0; n < WEBHOOKS_PER_ORGANIZATION; n += 1) await create(`/limit-${n}`, ['webhook.failing'], 'initech');
    const over = await call('POST', '/organization/initech/webhooks', ADMIN, { url: receiver.url('/over') });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ conflicts: [{ message: WEBHOOK_LIMIT_REACHED }] });
    expect(webhookEventUnknown('x')).toContain('x');
  });

  it('answers another organization’s endpoint as not found, and refuses an Org User', async () => {
    const { webhook } = await create('/private', ['webhook.failing']);
    const globex = 'orgadmin@globex.test';
    for (const [method, path] of [
      ['GET', `/organization/globex/webhooks/${webhook.id}/deliveries`],
      ['PATCH', `/organization/globex/webhooks/${webhook.id}`],
      ['POST', `/organization/globex/webhooks/${webhook.id}/rotate-secret`],
      ['DELETE', `/organization/globex/webhooks/${webhook.id}`],
    ] as const) {
      const response = await call(method, path, globex, method === 'PATCH' ? { events: null } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', '/organization/acme/webhooks', globex)).statusCode).toBe(403);
    expect((await call('GET', '/organization/acme/webhooks', 'user@acme.test')).statusCode).toBe(403);
    expect((await call('POST', `/organization/acme/webhooks/${webhook.id}/test`, 'user@acme.test')).statusCode).toBe(
      403,
    );
  });
});

describe('delivery', () => {
  it('sends the same webhook-id again after a 500, and keeps the order across the failure', async () => {
    receiver.answer((path, count) => ({ status: path === '/flaky' && count === 1 ? 500 : 204 }));
    const { webhook, secret } = await create('/flaky', ['webhook.update']);
    // Three changes, three webhook.update events (each names the events it set).
    await touch(webhook.id, null);
    await touch(webhook.id, ['webhook.update']);
    await touch(webhook.id, null);
    const arrivals = await until(
      () => receiver.on('/flaky').filter((e) => e.status === 204).length >= 3 && receiver.on('/flaky'),
      'three deliveries',
    );
    const ids = arrivals.map((entry) => entry.headers['webhook-id']);
    // The first event fails once and comes again with its id; the next ones wait for it.
    expect(arrivals.map((entry) => entry.status)).toEqual([204, 500, 204, 204]);
    expect(ids[1]).toBe(ids[2]);
    expect(new Set(ids).size).toBe(3);
    const sets = arrivals.filter((e) => e.status === 204).map((entry) => verified(entry, secret).data.details);
    expect(sets).toEqual([
      expect.objectContaining({ events: null }),
      expect.objectContaining({ events: ['webhook.update'] }),
      expect.objectContaining({ events: null }),
    ]);
  });
});

describe('failing endpoints', () => {
  it('pauses an endpoint whose schedule is spent, audits it, and delivers the kept events in order once resumed', async () => {
    receiver.answer((path) => ({ status: path === '/down' ? 503 : 204 }));
    const { webhook, secret } = await create('/down', ['webhook.update', 'webhook.failing']);
    await touch(webhook.id, null);
    // One attempt and one per delay, then the endpoint is paused, its event kept.
    const paused = await until(async () => {
      const answer = (await call('GET', '/organization/acme/webhooks')).json<{ data: Created['webhook'][] }>();
      const row = answer.data.find((entry) => entry.id === webhook.id);
      return row?.status === 'paused' && row;
    }, 'the endpoint paused');
    expect(paused).toMatchObject({ pausedReason: 'failing' });
    expect(receiver.on('/down')).toHaveLength(RETRY_DELAYS.length + 1);
    expect(new Set(receiver.on('/down').map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    const { rows } = await platform.db.query<{ actor: string; details: object }>(
      `SELECT actor, details FROM audit_events WHERE action = 'webhook.failing' AND details->>'webhookId' = $1`,
      [webhook.id],
    );
    expect(rows).toEqual([{ actor: 'platform', details: { webhookId: webhook.id, url: receiver.url('/down') } }]);
    const log = (await call('GET', `/organization/acme/webhooks/${webhook.id}/deliveries`)).json<{
      data: { status: string; attempts: number; error: string; responseStatus: number }[];
    }>();
    // Newest first: the webhook.failing event (kept), then the update that failed three times.
    expect(log.data.map((entry) => [entry.status, entry.attempts])).toEqual([
      ['pending', 0],
      ['pending', 3],
    ]);
    expect(log.data[1]).toMatchObject({ error: 'The endpoint answered 503', responseStatus: 503 });

    await touch(webhook.id, ['webhook.update', 'webhook.failing']); // kept while paused
    receiver.answer(() => ({ status: 204 }));
    expect((await call('POST', `/organization/acme/webhooks/${webhook.id}/resume`)).json()).toMatchObject({
      status: 'active',
      pausedReason: null,
    });
    const delivered = await until(
      () => receiver.on('/down').filter((e) => e.status === 204).length >= 3 && receiver.on('/down'),
      'the kept events',
    );
    const messages = delivered.filter((e) => e.status === 204).map((entry) => verified(entry, secret));
    expect(messages.map((message) => message.type)).toEqual(['webhook.update', 'webhook.failing', 'webhook.update']);
    const ids = messages.map((message) => Number(message.data.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('pauses an endpoint whose secret no longer opens, says why, and sends again once the secret is rotated', async () => {
    const { webhook } = await create('/unsealed', ['webhook.update']);
    // As if the MFA_ENCRYPTION_KEYS secret it was sealed with had been removed.
    const sealedElsewhere = await sealedSecrets(['a secret this platform does not have']).seal(
      'webhook-signing',
      sealedIn.webhook(webhook.id),
      'whsec_gone',
    );
    await platform.db.query('UPDATE webhooks SET secret_sealed = $2 WHERE id = $1', [webhook.id, sealedElsewhere]);
    await touch(webhook.id, null);
    await until(async () => {
      const answer = (await call('GET', '/organization/acme/webhooks')).json<{ data: Created['webhook'][] }>();
      return answer.data.find((entry) => entry.id === webhook.id)?.status === 'paused';
    }, 'the endpoint paused');
    const log = (await call('GET', `/organization/acme/webhooks/${webhook.id}/deliveries`)).json<{
      data: { action: string; status: string; attempts: number; error: string }[];
    }>();
    // Not retried: one attempt, nothing sent, the delivery kept (with the webhook.failing event after it).
    expect(log.data.find((entry) => entry.action === 'webhook.update')).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: SECRET_UNREADABLE,
    });
    expect(receiver.on('/unsealed')).toEqual([]);
    const test = await call('POST', `/organization/acme/webhooks/${webhook.id}/test`);
    expect(test.json()).toMatchObject({ status: 'failed', error: SECRET_UNREADABLE });

    const { secret } = (await call('POST', `/organization/acme/webhooks/${webhook.id}/rotate-secret`)).json<Created>();
    await call('POST', `/organization/acme/webhooks/${webhook.id}/resume`);
    const [kept] = await until(() => receiver.on('/unsealed').length > 0 && receiver.on('/unsealed'), 'the kept event');
    // Signed by the new secret alone: the old one, kept for a day after a rotation, does not open.
    expect(String(kept!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(kept!, secret).type).toBe('webhook.update');
  });

  it('does not follow a redirect: the attempt fails in words', async () => {
    receiver.answer((path) =>
      path === '/moved' ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 204 },
    );
    const { webhook } = await create('/moved', ['webhook.failing']);
    const test = await call('POST', `/organization/acme/webhooks/${webhook.id}/test`);
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({
      status: 'failed',
      responseStatus: 302,
      error: 'Redirects are not followed (the endpoint answered 302)',
    });
    expect(receiver.on('/elsewhere')).toEqual([]);
  });
});

describe('test events and secrets', () => {
  it('signs with a secret stored in the retired v1 format, and not with one copied from another endpoint', async () => {
    const { webhook } = await create('/legacy', ['webhook.failing']);
    const legacySecret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const legacy = sealAsLegacyV1(platform.config.mfaEncryptionKeys[0]!, legacySecret);
    await platform.db.query('UPDATE webhooks SET secret_sealed = $2 WHERE id = $1', [webhook.id, legacy]);
    const test = await call('POST', `/organization/acme/webhooks/${webhook.id}/test`);
    expect(test.json()).toMatchObject({ status: 'delivered' });
    expect(verified(receiver.on('/legacy')[0]!, legacySecret).type).toBe('webhook.test');

    const other = await create('/other', ['webhook.failing']);
    await platform.db.query(
      'UPDATE webhooks SET secret_sealed = (SELECT secret_sealed FROM webhooks WHERE id = $2) WHERE id = $1',
      [webhook.id, other.webhook.id],
    );
    const moved = await call('POST', `/organization/acme/webhooks/${webhook.id}/test`);
    expect(moved.json()).toMatchObject({ status: 'failed', error: SECRET_UNREADABLE });
    expect(receiver.on('/legacy')).toHaveLength(1);
  });

  it('sends a test event now, records it as a test, and records no audit event', async () => {
    const { webhook, secret } = await create('/tested', ['webhook.failing']);
    const { rows: before } = await platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events');
    const response = await call('POST', `/organization/acme/webhooks/${webhook.id}/test`);
    expect(response.statusCode).toBe(200);
    const delivery = response.json<{ messageId: string }>();
    expect(delivery).toMatchObject({ action: 'webhook.test', test: true, status: 'delivered', attempts: 1 });
    const [entry] = receiver.on('/tested');
    expect(verified(entry!, secret)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id } });
    expect(entry!.headers['webhook-id']).toBe(delivery.messageId);
    const { rows: after } = await platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('signs with the old and the new secret for a day after a rotation, then with the new one', async () => {
    const { webhook, secret: old } = await create('/rotated', ['webhook.update']);
    const rotated = await call('POST', `/organization/acme/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret, webhook: after } = rotated.json<Created>();
    expect(secret).not.toBe(old);
    expect(after.id).toBe(webhook.id);
    await touch(webhook.id, null);
    const [first] = await until(() => receiver.on('/rotated').length > 0 && receiver.on('/rotated'), 'a delivery');
    expect(String(first!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(first!, old).type).toBe('webhook.update');
    expect(verified(first!, secret).type).toBe('webhook.update');

    // A day later the old secret signs no more.
    await platform.db.query(`UPDATE webhooks SET previous_secret_until = now() - interval '1 second' WHERE id = $1`, [
      webhook.id,
    ]);
    await touch(webhook.id, ['webhook.update']);
    const [, second] = await until(
      () => receiver.on('/rotated').length > 1 && receiver.on('/rotated'),
      'a second delivery',
    );
    expect(verified(second!, secret).type).toBe('webhook.update');
    expect(() => verified(second!, old)).toThrow();
  });
});

describe('several senders', () => {
  it('sends each event once and in order while two replicas’ senders share the outbox', async () => {
    const stopSecond = startWebhookSender(platform.db, platform.config, { holder: 'second-replica' });
    try {
      receiver.answer(() => ({ status: 204, delayMs: 5 }));
      const { webhook, secret } = await create('/shared', ['webhook.update']);
      for (let n = 0; n < 8; n += 1) await touch(webhook.id, n % 2 === 0 ? null : ['webhook.update']);
      const arrivals = await until(() => receiver.on('/shared').length >= 8 && receiver.on('/shared'), 'eight events');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.on('/shared')).toHaveLength(8);
      const ids = arrivals.map((entry) => Number(verified(entry, secret).data.id));
      expect(new Set(ids).size).toBe(8);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    } finally {
      await stopSecond();
    }
  });
});

describe('WEBHOOK_RETRY_DELAYS', () => {
  it('reads durations, about a day by default, and names the variable of a malformed one', () => {
    const hour = 3_600_000;
    expect(loadConfig({}).webhookRetryDelaysMs).toEqual([
      5000,
      300_000,
      1_800_000,
      2 * hour,
      5 * hour,
      10 * hour,
      10 * hour,
    ]);
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS: '500ms, 1.5s,1d' }).webhookRetryDelaysMs).toEqual([500, 1500, 24 * hour]);
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS: '5s,soon' })).toThrow(
      'WEBHOOK_RETRY_DELAYS: "soon" is not a duration such as 500ms, 5s, 5m, 2h or 1d',
    );
  });
});
