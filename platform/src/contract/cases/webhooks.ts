import type { ContractCase } from './case.js';

const LONG_ID = 'x'.repeat(65);
/** Nothing listens there, and no sender runs in the contract test: only the test event calls it. */
const CREATE = { url: 'http://127.0.0.1:9/meridian', events: ['user.create'] };

/** The first endpoint of Acme Health, created by the first case. */
async function acmeWebhookId({ platform }: Parameters<ContractCase['request']>[0]): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>(
    `SELECT id FROM webhooks WHERE organization_id = 'acme' ORDER BY created_at, id LIMIT 1`,
  );
  return rows[0]!.id;
}

type Request = Awaited<ReturnType<ContractCase['request']>>;
const onAcme = (
  operation: string,
  status: number,
  why: string,
  request: (id: string, context: Parameters<ContractCase['request']>[0]) => Request,
): ContractCase => ({
  operation,
  status,
  why,
  request: async (context) => request(await acmeWebhookId(context), context),
});

/** An organization's webhooks: listed, created, changed, paused, resumed, rotated, tested, logged, deleted. */
export const webhookCases: ContractCase[] = [
  {
    operation: 'createWebhook',
    status: 201,
    why: 'an Org Admin adds an endpoint',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/webhooks',
      headers: as.acmeAdmin,
      payload: CREATE,
    }),
  },
  {
    operation: 'createWebhook',
    status: 400,
    why: 'a URL that is not http(s)',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/webhooks',
      headers: as.admin,
      payload: { url: 'ftp://siem.example.com' },
    }),
  },
  {
    operation: 'createWebhook',
    status: 403,
    why: 'another organization’s admin',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/webhooks',
      headers: as.globexAdmin,
      payload: CREATE,
    }),
  },
  {
    operation: 'createWebhook',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/nowhere/webhooks',
      headers: as.admin,
      payload: CREATE,
    }),
  },
  {
    operation: 'createWebhook',
    status: 409,
    why: 'Globex already has ten endpoints',
    request: async ({ as, platform }) => {
      await platform.db.query(
        `INSERT INTO webhooks (id, organization_id, url, secret_sealed, created_by)
         SELECT 'wh_contract_' || n, 'globex', 'http://127.0.0.1:9/' || n, 'sealed', 'contract'
           FROM generate_series(1, 10) n ON CONFLICT DO NOTHING`,
      );
      return { method: 'POST', url: '/organization/globex/webhooks', headers: as.globexAdmin, payload: CREATE };
    },
  },
  {
    operation: 'webhooks',
    status: 200,
    why: 'an operator lists Acme Health’s endpoints',
    request: ({ as }) => ({ url: '/organization/acme/webhooks', headers: as.admin }),
  },
  {
    operation: 'webhooks',
    status: 200,
    why: 'a viewer reads them (organization:read), read-only',
    request: ({ as }) => ({ url: '/organization/acme/webhooks', headers: as.viewer }),
  },
  {
    operation: 'webhooks',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${LONG_ID}/webhooks`, headers: as.admin }),
  },
  {
    operation: 'webhooks',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({ url: '/organization/acme/webhooks', headers: as.acmeUser }),
  },
  {
    operation: 'webhooks',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: '/organization/nowhere/webhooks', headers: as.admin }),
  },
  onAcme('updateWebhook', 200, 'an Org Admin sends every event', (id, { as }) => ({
    method: 'PATCH',
    url: `/organization/acme/webhooks/${id}`,
    headers: as.acmeAdmin,
    payload: { events: null },
  })),
  onAcme('updateWebhook', 400, 'an empty list of events', (id, { as }) => ({
    method: 'PATCH',
    url: `/organization/acme/webhooks/${id}`,
    headers: as.acmeAdmin,
    payload: { events: [] },
  })),
  onAcme('updateWebhook', 403, 'an Org User', (id, { as }) => ({
    method: 'PATCH',
    url: `/organization/acme/webhooks/${id}`,
    headers: as.acmeUser,
    payload: { events: null },
  })),
  onAcme('updateWebhook', 404, 'Globex has no such endpoint (it is Acme Health’s)', (id, { as }) => ({
    method: 'PATCH',
    url: `/organization/globex/webhooks/${id}`,
    headers: as.globexAdmin,
    payload: { events: null },
  })),
  ...(['pauseWebhook', 'resumeWebhook', 'rotateWebhookSecret', 'testWebhook'] as const).flatMap((operation) => {
    const path = {
      pauseWebhook: 'pause',
      resumeWebhook: 'resume',
      rotateWebhookSecret: 'rotate-secret',
      testWebhook: 'test',
    }[operation];
    return [
      onAcme(operation, 200, 'an operator', (id, { as }) => ({
        method: 'POST',
        url: `/organization/acme/webhooks/${id}/${path}`,
        headers: as.admin,
      })),
      {
        operation,
        status: 400,
        why: 'an endpoint id over 64 characters',
        request: ({ as }) => ({
          method: 'POST',
          url: `/organization/acme/webhooks/${LONG_ID}/${path}`,
          headers: as.admin,
        }),
      },
      onAcme(operation, 403, 'a viewer (no organization:update, no users:create)', (id, { as }) => ({
        method: 'POST',
        url: `/organization/acme/webhooks/${id}/${path}`,
        headers: as.viewer,
      })),
      {
        operation,
        status: 404,
        why: 'no such endpoint',
        request: ({ as }) => ({
          method: 'POST',
          url: `/organization/acme/webhooks/wh_nothing/${path}`,
          headers: as.admin,
        }),
      },
    ] satisfies ContractCase[];
  }),
  onAcme('webhookDeliveries', 200, 'an Org Admin reads the delivery log', (id, { as }) => ({
    url: `/organization/acme/webhooks/${id}/deliveries?first=5`,
    headers: as.acmeAdmin,
  })),
  onAcme('webhookDeliveries', 200, 'a viewer reads the delivery log (organization:read)', (id, { as }) => ({
    url: `/organization/acme/webhooks/${id}/deliveries?first=5`,
    headers: as.viewer,
  })),
  onAcme('webhookDeliveries', 400, 'first over 100', (id, { as }) => ({
    url: `/organization/acme/webhooks/${id}/deliveries?first=101`,
    headers: as.acmeAdmin,
  })),
  onAcme('webhookDeliveries', 403, 'an Org User', (id, { as }) => ({
    url: `/organization/acme/webhooks/${id}/deliveries`,
    headers: as.acmeUser,
  })),
  {
    operation: 'webhookDeliveries',
    status: 404,
    why: 'no such endpoint',
    request: ({ as }) => ({ url: '/organization/acme/webhooks/wh_nothing/deliveries', headers: as.admin }),
  },
  {
    operation: 'deleteWebhook',
    status: 200,
    why: 'an operator deletes an endpoint',
    // Another endpoint than the first: the shared cases (401…) still use that one afterwards.
    request: async ({ as, platform }) => {
      await platform.db.query(
        `INSERT INTO webhooks (id, organization_id, url, secret_sealed, created_by)
         VALUES ('wh_contract_delete', 'acme', 'http://127.0.0.1:9/delete', 'sealed', 'contract')`,
      );
      return { method: 'DELETE', url: '/organization/acme/webhooks/wh_contract_delete', headers: as.admin };
    },
  },
  {
    operation: 'deleteWebhook',
    status: 400,
    why: 'an endpoint id over 64 characters',
    request: ({ as }) => ({ method: 'DELETE', url: `/organization/acme/webhooks/${LONG_ID}`, headers: as.admin }),
  },
  {
    operation: 'deleteWebhook',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({ method: 'DELETE', url: '/organization/acme/webhooks/wh_nothing', headers: as.acmeUser }),
  },
  {
    operation: 'deleteWebhook',
    status: 404,
    why: 'no such endpoint',
    request: ({ as }) => ({ method: 'DELETE', url: '/organization/acme/webhooks/wh_nothing', headers: as.admin }),
  },
];
