// Bad input never reaches the database or the runtime as a server error (issue: hardening): control
// characters, out-of-range numbers, wrong JSON types and non-web URLs are refused with a 400 that names
// the field, and a bulk call refuses such a row alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_URL_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  JSON_TOO_DEEP_MESSAGE,
  MAX_JSON_DEPTH,
  WEB_ADDRESS_MESSAGE,
} from '@meridian/schema';
import { schemaErrorWords } from './errors.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

let platform: TestPlatform;
let admin: Record<string, string>;
beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.auth('admin@meridian.test');
});
afterAll(() => platform.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  platform.rest.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('control characters', () => {
  it('are refused in public bodies, naming the field', async () => {
    for (const [url, body] of [
      ['/login', { email: 'a\u0000@b.c', password: 'x' }],
      ['/password/forgot', { email: 'a\u0000@b.c' }],
    ] as const) {
      const response = await call('POST', url, body, {});
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toEqual([{ param: 'email', msg: CONTROL_CHARACTERS_MESSAGE }]);
    }
  });

  it('are refused in query strings, path parameters and nested fields', async () => {
    const search = await call('GET', '/user?organizationId=acme&search=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().details).toEqual([{ param: 'querystring.search', msg: CONTROL_CHARACTERS_MESSAGE }]);
    const id = await call('GET', '/organization/ac%00me');
    expect(id.statusCode).toBe(400);
    expect(id.json().details).toEqual([{ param: 'params.id', msg: CONTROL_CHARACTERS_MESSAGE }]);
    const nested = await call('PUT', '/organization?organizationId=acme', {
      primaryContact: { name: 'Ada\u0000', email: 'ada@acme.test' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().details).toEqual([{ param: 'primaryContact.name', msg: CONTROL_CHARACTERS_MESSAGE }]);
    const created = await call('POST', '/organization', {
      id: 'nul-org',
      name: 'Nul\u0000 Org',
      domain: ['nul.test'],
      primaryContact: { name: 'N', email: 'n@nul.test' },
      customer_segment: 'payer',
      medicare_licensed: false,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toContainEqual({ param: 'name', msg: CONTROL_CHARACTERS_MESSAGE });
  });

  it('keep tabs and line breaks where text may hold them', async () => {
    const response = await call('PUT', '/organization?organizationId=acme', {
      primaryContact: { name: 'Acme\tContact', email: 'contact@acme.test' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('in one bulk row refuse that row alone', async () => {
    const response = await call('PUT', '/organization/acme/provider-links', {
      kind: 'provider_alias',
      links: [
        { npi: '1234567893', value: 'Fine alias' },
        { npi: '9876543213', value: 'Bad\u0000alias' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json().results as { npi: string; status: string; message?: string }[];
    expect(rows.find((row) => row.npi === '9876543213')).toMatchObject({ status: 'error' });
    expect(rows.find((row) => row.npi === '9876543213')?.message).toContain('control characters');
  });
});

describe('numbers out of range', () => {
  it('are a 400, never a 500', async () => {
    for (const url of [
      '/organization?limit=1e309',
      '/organization?offset=1e309',
      '/organization?offset=-1',
      '/user?organizationId=acme&limit=99999999999999999999',
      `/audit-events?after=${Buffer.from('99999999999999999999.1').toString('base64url')}`,
      `/audit-events?after=${Buffer.from('-9999999999999999999.1').toString('base64url')}`,
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('bodies are typed strictly', () => {
  it('refuse a string for a boolean, a number for a string and a string for a number', async () => {
    const active = await call('PUT', '/user', { email: 'user@acme.test', active: 'false' });
    expect(active.statusCode).toBe(400);
    expect(active.json().details).toEqual([{ param: 'active', msg: 'Must be true or false' }]);
    const { rows } = await platform.db.query<{ active: boolean }>(
      `SELECT active FROM users WHERE email = 'user@acme.test'`,
    );
    expect(rows[0]!.active).toBe(true);

    const name = await call('PUT', '/organization?organizationId=acme', { name: 123 });
    expect(name.statusCode).toBe(400);
    expect(name.json().details).toEqual([{ param: 'name', msg: 'Must be text' }]);

    const limit = await call('PUT', '/licenses?organizationId=acme', { licenses: { user_limit: '100' } });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().details).toEqual([{ param: 'licenses.user_limit', msg: 'Must be a whole number' }]);
  });

  it('still read numbers and booleans from query strings', async () => {
    const response = await call('GET', '/organization?limit=2&offset=1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ limit: 2, offset: 1 });
  });
});

describe('web addresses', () => {
  const portal = (portal_url: unknown) => ({ onboarding: { bi: { portal_url } } });
  const storedPortal = async () => {
    const { rows } = await platform.db.query<{ onboarding: { bi?: { portal_url?: string } } }>(
      `SELECT onboarding FROM organizations WHERE id = 'acme'`,
    );
    return rows[0]!.onboarding.bi?.portal_url;
  };

  it('are https only (http on localhost): javascript: and data: are never stored', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'http://bi.acme.test/', 'ftp://bi.acme.test/']) {
      const response = await call('PUT', '/organization?organizationId=acme', portal(url));
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toEqual([{ param: 'onboarding.bi.portal_url', msg: WEB_ADDRESS_MESSAGE }]);
    }
    const callback = await call('PUT', '/organization?organizationId=acme', { callbackUrls: ['javascript:alert(1)'] });
    expect(callback.json().details).toEqual([{ param: 'callbackUrls', msg: CALLBACK_URL_MESSAGE }]);
    expect(await storedPortal()).not.toMatch(/^javascript:/);
    const local = await call('PUT', '/organization?organizationId=acme', portal('http://localhost:8080/bi'));
    expect(local.statusCode).toBe(200);
  });

  it('can be removed again, with null or an empty value', async () => {
    await call('PUT', '/organization?organizationId=acme', portal('https://bi.acme.test/portal'));
    expect(await storedPortal()).toBe('https://bi.acme.test/portal');
    expect((await call('PUT', '/organization?organizationId=acme', portal(null))).statusCode).toBe(200);
    expect(await storedPortal()).toBeUndefined();
    await call('PUT', '/organization?organizationId=acme', portal('https://bi.acme.test/portal'));
    expect((await call('PUT', '/organization?organizationId=acme', portal(''))).statusCode).toBe(200);
    expect(await storedPortal()).toBeUndefined();
  });
});

describe('schema refusals', () => {
  it('are words, never the validator’s own sentences', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['type', { type: 'boolean' }, 'Must be true or false'],
      ['type', { type: 'string,null' }, 'Must be text or empty'],
      ['minLength', { limit: 1 }, 'Must not be empty'],
      ['maxLength', { limit: 200 }, 'Must be at most 200 characters'],
      ['minimum', { limit: 0 }, 'Must be 0 or more'],
      ['maximum', { limit: 100000 }, 'Must be 100000 or less'],
      ['minItems', { limit: 1 }, 'Must have at least 1 entry'],
      ['maxItems', { limit: 5000 }, 'Must have at most 5000 entries'],
      ['enum', { allowedValues: ['a', 'b'] }, 'Must be one of: a, b'],
      ['minProperties', { limit: 1 }, 'Must name at least one field to change'],
      ['format', { format: 'uri' }, 'Is not in the expected format'],
      ['somethingElse', {}, 'Is not valid'],
    ];
    for (const [keyword, params, words] of cases) expect(schemaErrorWords(keyword, params)).toBe(words);
  });

  it('an empty change names what is missing in words', async () => {
    const response = await call('PUT', '/organization?organizationId=acme', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ param: 'body', msg: 'Must name at least one field to change' }]);
  });
});

describe("the framework's refusals", () => {
  /** A refusal in our body: a message in our words, nothing of Fastify's (its code, its sentence, its keys). */
  function expectOurs(
    response: { statusCode: number; json: () => unknown; body: string },
    status: number,
    message: string,
  ) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(response.body).not.toMatch(/FST_|content-type|statusCode/);
  }

  it('name a path parameter too long for the router in our words', async () => {
    const response = await call('GET', `/user/email/${'a'.repeat(5000)}@acme.test`);
    expectOurs(response, 414, 'A value in the address is longer than 1024 characters.');
    // An email of legal length reaches the route (Fastify's default refused past 100 characters)…
    const legal = await call('GET', `/user/email/${'a'.repeat(200)}@acme.test`);
    expect(legal.statusCode).toBe(404);
    expect(legal.json()).toEqual({ message: 'User not found.' });
    // …and one past the email's limit is named by the route's schema.
    const over = await call('GET', `/user/email/${'a'.repeat(300)}@acme.test`);
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual([{ param: 'params.email', msg: 'Must be at most 254 characters' }]);
  });

  it('refuse a badly encoded path in our words', async () => {
    expectOurs(
      await call('GET', '/user/email/a%E0%A4%A@acme.test'),
      400,
      'The address is not valid: part of it is not correctly percent-encoded.',
    );
  });

  it('refuse a body that is not JSON, an empty one, and one in another type, in our words', async () => {
    const send = (payload: string, contentType: string) =>
      platform.rest.inject({
        method: 'POST',
        url: '/password/forgot',
        headers: { 'content-type': contentType },
        payload,
      });
    expectOurs(await send('{"email": "a@b.test"', 'application/json'), 400, 'The body is not valid JSON.');
    expectOurs(await send('', 'application/json'), 400, 'The body is empty. Send a JSON object.');
    expectOurs(
      await send('<email>a@b.test</email>', 'application/xml'),
      415,
      'Send the body as JSON (Content-Type: application/json).',
    );
    expectOurs(
      await send(JSON.stringify({ email: 'x'.repeat(6 * 1024 * 1024) }), 'application/json'),
      413,
      'The body is larger than 5 MB.',
    );
  });

  it('refuse JSON nested 20,000 levels deep in words naming the limit (a 500 before), public or not', async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const send = (url: string, method: Method, payload: string, headers: Record<string, string>) =>
      platform.rest.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });
    for (const [url, method, headers] of [
      ['/password/forgot', 'POST', {}],
      ['/organization?organizationId=acme', 'PUT', admin],
    ] as const) {
      expectOurs(await send(url, method, `{"primaryContact":${deep(20_000)}}`, headers), 400, JSON_TOO_DEEP_MESSAGE);
      expectOurs(
        await send(url, method, `{"email":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, headers),
        400,
        JSON_TOO_DEEP_MESSAGE,
      );
    }
    // At the limit the body is read, and its fields are judged as usual.
    const within = await send('/password/forgot', 'POST', `{"email":${deep(MAX_JSON_DEPTH - 1)}}`, {});
    expect(within.statusCode).toBe(400);
    expect(within.json().details).toEqual([{ param: 'email', msg: 'Must be text' }]);
  });

  it('answer an unknown route in our words', async () => {
    expectOurs(
      await call('GET', '/no-such-route'),
      404,
      'There is no such route. The routes are listed at /openapi.json.',
    );
  });
});
