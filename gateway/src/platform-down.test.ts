// The platform stopped under a running gateway: callers are told what the console says, in words,
// never the transport's ("Connection reset", "Connection refused") nor an internal address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { startTestGateway, type TestGateway } from './test-support/gateway.js';

let gateway: TestGateway;
let tool: string;
let admin: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
  admin = await gateway.tokens.user('admin@meridian.test');
});
afterAll(async () => {
  await gateway?.close();
});

describe('the platform stopped', () => {
  it('answers PLATFORM_UNAVAILABLE in the console’s words, to tools and people alike', async () => {
    // While it runs: the keys are fetched, the caller's record cached, the pool's connections open.
    expect((await gateway.request('{ catalogVersion }', undefined, tool)).body.errors).toBeUndefined();
    expect(
      (await gateway.request('{ organization(id: "acme") { id } }', undefined, admin)).body.errors,
    ).toBeUndefined();

    await gateway.platform.close();

    for (const [query, token] of [
      ['{ catalogVersion }', tool],
      ['{ organization(id: "acme") { id } }', admin],
    ] as const) {
      const answer = await gateway.request(query, undefined, token);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ message: MESSAGES.serviceUnavailable, extensions: { code: 'PLATFORM_UNAVAILABLE' } }),
      ]);
      expect(JSON.stringify(answer.body)).not.toMatch(/Connection|127\.0\.0\.1|ECONN/);
    }
  });
});
