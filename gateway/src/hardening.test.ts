// Client mistakes are client errors (issue: hardening): text no field may hold, subscriptions and
// overlong ids are answered 4xx / BAD_USER_INPUT in a few words, never INTERNAL_SERVER_ERROR, never
// an echo of what was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@meridian/schema';
import { MALFORMED_TEXT_MESSAGE, SUBSCRIPTIONS_MESSAGE } from './errors/input-text.js';
import { REQUEST_TOO_LONG_MESSAGE } from './platform/client.js';
import { startTestGateway, type TestGateway } from './test-support/gateway.js';

let gateway: TestGateway;
let tool: string;
beforeAll(async () => {
  gateway = await startTestGateway();
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
});
afterAll(() => gateway.close());

describe('text no field may hold', () => {
  it('is refused in a variable, anonymously too, before the platform is asked', async () => {
    const { status, body } = await gateway.request(
      'mutation($email: Email!) { requestPasswordReset(email: $email) { ok } }',
      { email: 'a\u0000@b.c' },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { message: `$email: ${CONTROL_CHARACTERS_MESSAGE}`, extensions: { code: 'BAD_USER_INPUT', field: '$email' } },
    ]);
  });

  it('is refused in an argument written in the document, naming it', async () => {
    const { status, body } = await gateway.request('{ organization(id: "ac\\u0000me") { id } }', undefined, tool);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
  });

  it('a lone surrogate in an ID is malformed text, not an internal error', async () => {
    const { status, body } = await gateway.request(
      'query($id: ID!) { organization(id: $id) { id } }',
      { id: '\uD800' },
      tool,
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { message: `$id: ${MALFORMED_TEXT_MESSAGE}`, extensions: { code: 'BAD_USER_INPUT', field: '$id' } },
    ]);
  });
});

describe('what the contract does not offer', () => {
  it('a subscription is a bad request in words', async () => {
    const { status, body } = await gateway.request('subscription { __typename }', undefined, tool);
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ message: SUBSCRIPTIONS_MESSAGE, extensions: { code: 'BAD_REQUEST' } }]);
  });
});

describe('an overlong id', () => {
  it('is the caller’s mistake, said briefly, without echoing the path', async () => {
    const long = 'a'.repeat(10_000);
    const { status, body } = await gateway.request(
      'query($id: ID!) { organization(id: $id) { id } }',
      { id: long },
      tool,
    );
    expect(status).toBe(200);
    expect(body.errors?.[0]).toMatchObject({
      message: REQUEST_TOO_LONG_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(JSON.stringify(body)).not.toContain('a'.repeat(200));
  });
});
