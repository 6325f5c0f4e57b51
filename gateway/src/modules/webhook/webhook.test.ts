// An organization's webhooks through GraphQL (issue 32), against the real platform and a local receiver:
// operators and the organization's Org Admins add, list, change, pause, resume, rotate, test and delete
// endpoints; the signing secret is answered once and never logged; refusals come back as input errors on
// input.url and input.events; another organization's Org Admin is refused by the gateway itself.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, verified } from '@meridian/platform/test-support';
import {
  MESSAGES,
  WEBHOOK_EVENTS_EMPTY,
  WEBHOOK_TEST_ACTION,
  WEBHOOK_URL_CREDENTIALS,
  WEBHOOK_URL_INVALID,
} from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

/** Every line the gateway logs, at debug. */
const logLines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  }),
);

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let receiverUrl = '';

let gateway: TestGateway;
let operator: string;
let orgAdmin: string;
let globexAdmin: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiverUrl = receiver.url('/hooks');
  gateway = await startTestGateway({ config: { logLevel: 'debug' }, logger });
  operator = await gateway.tokens.user('admin@meridian.test');
  orgAdmin = await gateway.tokens.user('orgadmin@acme.test');
  globexAdmin = await gateway.tokens.user('orgadmin@globex.test');
});
afterAll(async () => {
  await gateway?.close();
  await receiver?.close();
});

async function answer(query: string, variables: Record<string, unknown>, token: string, requestId?: string) {
  let call = request(gateway.url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('authorization', `Bearer ${token}`);
  if (requestId) call = call.set('x-request-id', requestId);
  const response = await call.send({ query, variables });
  return { status: response.status, body: response.body as { data?: Json; errors?: Json[] } };
}

async function data(query: string, variables: Record<string, unknown>, token: string): Promise<Json> {
  const { status, body } = await answer(query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data;
}

const WEBHOOK_FIELDS = 'id organizationId url events status pausedReason pausedAt createdBy createdAt pendingCount';
const DELIVERY_FIELDS =
  'id messageId action test status attempts createdAt lastAttemptAt nextAttemptAt responseStatus error latencyMs';
const LIST = `query($id: ID!) { organization(id: $id) { id webhooks { ${WEBHOOK_FIELDS} } } }`;
const LOG = `query($id: ID!) { organization(id: $id) { webhooks { id deliveries(first: 5) { ${DELIVERY_FIELDS} } } } }`;
const SECRET_FIELDS = `webhook { ${WEBHOOK_FIELDS} } secret inputErrors { field message }`;
const PAYLOAD_FIELDS = `webhook { ${WEBHOOK_FIELDS} } inputErrors { field message }`;
const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${SECRET_FIELDS} } }`;
const UPDATE = `mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) { ${PAYLOAD_FIELDS} } }`;
const move = (field: string, fields = PAYLOAD_FIELDS) =>
  `mutation($organizationId: ID!, $webhookId: ID!) { ${field}(organizationId: $organizationId, webhookId: $webhookId) { ${fields} } }`;
const TEST = move('testWebhook', `delivery { ${DELIVERY_FIELDS} } inputErrors { field message }`);

/** Adds an endpoint as `token`'s holder and answers the payload. */
async function create(organizationId: string, url = receiverUrl, events: string[] | null = null, token = operator) {
  const { createWebhook } = await data(CREATE, { input: { organizationId, url, events } }, token);
  expect(createWebhook.inputErrors).toEqual([]);
  return createWebhook as { webhook: Json; secret: string };
}

describe('adding and listing', () => {
  it('answers the secret once, lists the endpoint without it, and never logs it', async () => {
    const created = await create('acme', ` ${receiverUrl} `, ['user.create', 'user.deactivate']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    expect(created.webhook).toEqual({
      id: expect.any(String),
      organizationId: 'acme',
      url: receiverUrl,
      events: ['user.create', 'user.deactivate'],
      status: 'ACTIVE',
      pausedReason: null,
      pausedAt: null,
      createdBy: 'admin@meridian.test',
      createdAt: expect.any(String),
      pendingCount: 0,
    });
    const { organization } = await data(LIST, { id: 'acme' }, orgAdmin);
    expect(organization.webhooks).toEqual([created.webhook]);
    expect(JSON.stringify(organization)).not.toContain(created.secret);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(created.secret);
    await data(move('deleteWebhook'), { organizationId: 'acme', webhookId: created.webhook.id }, operator);
  });

  it('lets the Org Admin add one for every event (events left out), recorded as theirs', async () => {
    const { createWebhook } = await data(CREATE, { input: { organizationId: 'acme', url: receiverUrl } }, orgAdmin);
    expect(createWebhook.inputErrors).toEqual([]);
    expect(createWebhook.webhook).toMatchObject({ events: null, createdBy: 'orgadmin@acme.test' });
    await data(move('deleteWebhook'), { organizationId: 'acme', webhookId: createWebhook.webhook.id }, orgAdmin);
  });

  it('names input.url and input.events when they are wrong, and adds nothing', async () => {
    const refused = async (url: string, events: string[] | null) =>
      (await data(CREATE, { input: { organizationId: 'globex', url, events } }, operator)).createWebhook;
    expect(await refused('siem.example.com', null)).toEqual({
      webhook: null,
      secret: null,
      inputErrors: [{ field: 'input.url', message: WEBHOOK_URL_INVALID }],
    });
    expect(await refused('https://user:pw@siem.example.com/in', null)).toEqual({
      webhook: null,
      secret: null,
      inputErrors: [{ field: 'input.url', message: WEBHOOK_URL_CREDENTIALS }],
    });
    expect((await refused(receiverUrl, [])).inputErrors).toEqual([
      { field: 'input.events', message: WEBHOOK_EVENTS_EMPTY },
    ]);
    // Not an audit action: the contract refuses the body, still on the events.
    const unknown = await refused(receiverUrl, ['user.explode']);
    expect(unknown.webhook).toBeNull();
    expect(unknown.inputErrors).toEqual([
      { field: expect.stringMatching(/^input\.events/), message: expect.any(String) },
    ]);
    expect((await data(LIST, { id: 'globex' }, operator)).organization.webhooks).toEqual([]);
  });
});

describe('changing an endpoint', () => {
  it('changes the events (null: every event), pauses, resumes, rotates the secret and deletes', async () => {
    const { webhook, secret } = await create('globex', receiverUrl, ['user.create'], globexAdmin);
    const ids = { organizationId: 'globex', webhookId: webhook.id };

    const every = await data(UPDATE, { input: { ...ids, events: null } }, globexAdmin);
    expect(every.updateWebhook).toMatchObject({ webhook: { url: receiverUrl, events: null }, inputErrors: [] });
    // A field left out stays as it is.
    const moved = await data(UPDATE, { input: { ...ids, url: `${receiverUrl}/v2` } }, globexAdmin);
    expect(moved.updateWebhook.webhook).toMatchObject({ url: `${receiverUrl}/v2`, events: null });
    const bad = await data(UPDATE, { input: { ...ids, url: 'ftp://siem.example.com' } }, globexAdmin);
    expect(bad.updateWebhook).toEqual({
      webhook: null,
      inputErrors: [{ field: 'input.url', message: WEBHOOK_URL_INVALID }],
    });

    const paused = (await data(move('pauseWebhook'), ids, globexAdmin)).pauseWebhook;
    expect(paused.webhook).toMatchObject({ status: 'PAUSED', pausedReason: 'MANUAL', pausedAt: expect.any(String) });
    const resumed = (await data(move('resumeWebhook'), ids, globexAdmin)).resumeWebhook;
    expect(resumed.webhook).toMatchObject({ status: 'ACTIVE', pausedReason: null, pausedAt: null });

    const rotated = (await data(move('rotateWebhookSecret', SECRET_FIELDS), ids, globexAdmin)).rotateWebhookSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.webhook.id).toBe(webhook.id);
    expect(logLines.join('\n')).not.toContain(rotated.secret);

    const deleted = (await data(move('deleteWebhook'), ids, globexAdmin)).deleteWebhook;
    expect(deleted).toMatchObject({ webhook: { id: webhook.id }, inputErrors: [] });
    expect((await data(LIST, { id: 'globex' }, globexAdmin)).organization.webhooks).toEqual([]);
    const gone = await answer(move('pauseWebhook'), ids, globexAdmin);
    expect(gone.body.errors?.[0]).toMatchObject({ path: ['pauseWebhook'], extensions: { code: 'NOT_FOUND' } });
  });
});

describe('test events and the delivery log', () => {
  it('sends a signed test event now and answers how it went, then logs it; a refusal shows its status', async () => {
    const { webhook, secret } = await create('acme');
    const ids = { organizationId: 'acme', webhookId: webhook.id };
    const before = receiver.received.length;
    const { testWebhook } = await data(TEST, ids, orgAdmin);
    expect(testWebhook.inputErrors).toEqual([]);
    expect(testWebhook.delivery).toMatchObject({
      action: WEBHOOK_TEST_ACTION,
      test: true,
      status: 'DELIVERED',
      attempts: 1,
      responseStatus: 204,
      error: null,
      latencyMs: expect.any(Number),
    });
    // The endpoint also gets acme's events from the outbox meanwhile (its own webhook.create first).
    const sent = receiver.received
      .slice(before)
      .filter((entry) => verified(entry, secret).type === WEBHOOK_TEST_ACTION);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['webhook-id']).toBe(testWebhook.delivery.messageId);
    expect(verified(sent[0]!, secret).type).toBe(WEBHOOK_TEST_ACTION);

    receiver.answer(() => ({ status: 500 }));
    const failed = (await data(TEST, ids, orgAdmin)).testWebhook.delivery;
    receiver.answer(() => ({ status: 204 }));
    expect(failed).toMatchObject({ status: 'FAILED', responseStatus: 500, error: expect.any(String) });

    const log = (await data(LOG, { id: 'acme' }, orgAdmin)).organization.webhooks;
    const deliveries = log.find((each: Json) => each.id === webhook.id).deliveries;
    expect(deliveries.slice(0, 2).map((each: Json) => each.id)).toEqual([failed.id, testWebhook.delivery.id]);
    await data(move('deleteWebhook'), ids, orgAdmin);
  });
});

describe('who may', () => {
  const FORBIDDEN = { message: MESSAGES.permissionDenied, extensions: { code: 'FORBIDDEN' } };

  it('refuses another organization’s Org Admin in the gateway: no platform call is made', async () => {
    const { webhook } = await create('acme');
    const calls = (requestId: string) =>
      logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.requestId === requestId && entry.msg === 'Platform call');
    const attempts = [
      [CREATE, { input: { organizationId: 'acme', url: receiverUrl } }],
      [UPDATE, { input: { organizationId: 'acme', webhookId: webhook.id, events: null } }],
      [move('pauseWebhook'), { organizationId: 'acme', webhookId: webhook.id }],
      [move('deleteWebhook'), { organizationId: 'acme', webhookId: webhook.id }],
      [TEST, { organizationId: 'acme', webhookId: webhook.id }],
    ] as const;
    for (const [index, [query, variables]] of attempts.entries()) {
      const requestId = `webhook-outsider-${index}`;
      const { body } = await answer(query, variables, globexAdmin, requestId);
      expect(body.errors?.[0], query).toMatchObject(FORBIDDEN);
      // The gateway decided: the platform was never asked (it would refuse too).
      expect(calls(requestId).filter((call) => String(call.path).includes('/webhooks'))).toEqual([]);
    }
    // Globex's admin may still act on globex: the refusal above was about the organization.
    const own = await answer(CREATE, { input: { organizationId: 'globex', url: 'nope' } }, globexAdmin, 'own-org');
    expect(own.body.data.createWebhook.inputErrors).toEqual([{ field: 'input.url', message: WEBHOOK_URL_INVALID }]);
    expect(calls('own-org').map((call) => call.path)).toContain('/organization/globex/webhooks');

    // A Meridian Viewer reads the endpoints and their log (read-only, issue 39), and changes nothing.
    const viewer = await gateway.tokens.user('viewer@meridian.test');
    const read = await answer(LOG, { id: 'acme' }, viewer);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.organization.webhooks.map((each: Json) => each.id)).toEqual([webhook.id]);
    for (const [index, [query, variables]] of attempts.entries()) {
      const { body } = await answer(query, variables, viewer, `webhook-viewer-${index}`);
      expect(body.errors?.[0], query).toMatchObject(FORBIDDEN);
    }
    // pendingCount aside: the sender may be delivering this file's earlier events meanwhile.
    const listed = (await data(LIST, { id: 'acme' }, operator)).organization.webhooks as Json[];
    const withoutCount = ({ pendingCount: _count, ...rest }: Json) => rest;
    expect(listed.map(withoutCount)).toEqual([withoutCount(webhook)]);
  });
});
