import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_URL_HTTPS, WEBHOOK_URL_NOT_PUBLIC } from '@meridian/schema';
import { startWebhookSender } from '../domain/webhooks/sender.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { startWebhookReceiver, until } from '../test-support/webhook-receiver.js';

// In production a webhook must not reach into the private network: https only, an IP literal that is
// not public refused when the endpoint is saved, and any host checked after DNS at every delivery.

let platform: TestPlatform;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stopSender: () => Promise<void>;
beforeAll(async () => {
  platform = await startTestPlatform({ appEnv: 'production', webhookRetryDelaysMs: [20], webhookPollMs: 20 });
  receiver = await startWebhookReceiver();
  stopSender = startWebhookSender(platform.db, platform.config);
});
afterAll(async () => {
  await stopSender();
  await receiver.close();
  await platform.close();
});

async function create(url: string) {
  return platform.rest.inject({
    method: 'POST',
    url: '/organization/acme/webhooks',
    headers: await platform.auth('orgadmin@acme.test'),
    payload: { url, events: ['webhook.update'] },
  });
}

describe('production', () => {
  it.each([
    [`http://siem.example.com/in`, WEBHOOK_URL_HTTPS],
    ['https://127.0.0.1/in', WEBHOOK_URL_NOT_PUBLIC],
    ['https://10.0.0.5/in', WEBHOOK_URL_NOT_PUBLIC],
    ['https://[::1]/in', WEBHOOK_URL_NOT_PUBLIC],
    ['https://[::ffff:192.168.1.1]/in', WEBHOOK_URL_NOT_PUBLIC],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_URL_NOT_PUBLIC],
  ])('refuses %s when the endpoint is saved', async (url, message) => {
    const response = await create(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ param: 'url', msg: message }] });
  });

  it('refuses at delivery a host that resolves to loopback, after DNS', async () => {
    const response = await create(`https://localhost:${receiver.port}/in`);
    expect(response.statusCode).toBe(201);
    const { webhook } = response.json<{ webhook: { id: string } }>();
    const headers = await platform.auth('orgadmin@acme.test');
    const test = await platform.rest.inject({
      method: 'POST',
      url: `/organization/acme/webhooks/${webhook.id}/test`,
      headers,
    });
    expect(test.json()).toMatchObject({ status: 'failed', responseStatus: null });
    expect(test.json<{ error: string }>().error).toMatch(
      /^The endpoint resolves to a private address \((127\.0\.0\.1|::1)\), which Meridian does not reach$/,
    );
    // The sender's deliveries meet the same guard: an event sent to it is refused too.
    await platform.rest.inject({
      method: 'PATCH',
      url: `/organization/acme/webhooks/${webhook.id}`,
      headers,
      payload: { events: null },
    });
    const log = await until(async () => {
      const answer = await platform.rest.inject({
        url: `/organization/acme/webhooks/${webhook.id}/deliveries`,
        headers,
      });
      const entries = answer.json<{ data: { test: boolean; error: string | null; attempts: number }[] }>().data;
      return entries.find((entry) => !entry.test && entry.attempts > 0);
    }, 'a delivery attempt');
    expect(log.error).toMatch(/private address/);
    expect(receiver.received).toEqual([]);
  });
});
