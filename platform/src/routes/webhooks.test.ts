import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS_EMPTY,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_URL_INVALID,
  WEBHOOKS_PER_ORGANIZATION,
  webhookEventUnknown,
} from '@meridian/schema';
import { startWebhookSender } from '../domain/webhooks/sender.js';
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
    await touch(webhook.id, ['webhook.pause']);
    await call('POST', `/organization/acme/webhooks/${webhook.id}/pause`);
    await until(() => receiver.on('/filtered').length >= 1, 'the pause event');
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
