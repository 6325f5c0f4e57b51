import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server.js';
import { startSignInPlatform } from '../test-support/sign-in.js';
import { REPLICA_HEADER } from '@meridian/schema';
import { buildProviderApp } from './provider-app.js';

// The provider's port as a Fastify app (provider-app.ts): what it answers before the provider is
// bound, and that the provider's own endpoints still get their bodies unread.

describe('before the provider is bound', () => {
  it('answers every request 503, naming the replica', async () => {
    const { app } = await buildProviderApp({
      config: { replicaName: 'replica-a', logLevel: 'silent' },
      trustProxy: false,
      logger: false,
    });
    try {
      for (const [method, url] of [
        ['GET', '/.well-known/openid-configuration'],
        ['POST', '/token'],
        ['GET', '/interaction/abc'],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode).toBe(503);
        expect(response.headers[REPLICA_HEADER]).toBe('replica-a');
      }
    } finally {
      await app.close();
    }
  });
});

describe('the provider bound', () => {
  let platform: RunningPlatform;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ platform, close } = await startSignInPlatform('provider-app'));
  });
  afterAll(() => close?.());

  it('leaves the token endpoint its body: a client-credentials grant is issued', async () => {
    const { cliClientId, cliClientSecret } = platform.config;
    const response = await fetch(`${platform.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${cliClientId}:${cliClientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api_access' }).toString(),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { access_token?: string }).access_token).toBeTruthy();
  });

  it('answers a page path asked with another method 405, saying which it takes', async () => {
    const cases = [
      ['POST', '/interaction/abc', 'GET'],
      ['GET', '/interaction/abc/login', 'POST'],
      ['DELETE', '/interaction/abc/mfa', 'GET, POST'],
      ['PUT', '/account/security', 'GET'],
      ['GET', '/account/security/remove', 'POST'],
      ['POST', '/sso/oidc/callback', 'GET'],
      ['GET', '/sso/saml/acme/acs', 'POST'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const response = await fetch(`${platform.issuer}${path}`, { method });
      expect({ path, method, status: response.status, allow: response.headers.get('allow') }).toEqual({
        path,
        method,
        status: 405,
        allow,
      });
    }
  });

  const post = (path: string, type: string, body: string) =>
    fetch(`${platform.issuer}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
  const FORM = 'application/x-www-form-urlencoded';

  it("refuses a page's form past 16 kB and JSON past 64 kB with 413, before any page reads it", async () => {
    const form = await post('/interaction/abc/login', FORM, `email=${'a'.repeat(17 * 1024)}`);
    expect(form.status).toBe(413);
    const json = await post(
      '/interaction/abc/mfa/passkey/verify',
      'application/json',
      `{"a":"${'a'.repeat(65 * 1024)}"}`,
    );
    expect(json.status).toBe(413);
    // Within the limit, the page answers (this interaction is no one's).
    expect((await post('/interaction/abc/login', FORM, 'email=a%40b.test')).status).toBe(400);
  });

  it('takes a SAML response larger than a form at the ACS', async () => {
    const answer = await post('/sso/saml/acme/acs', FORM, `SAMLResponse=${'a'.repeat(100 * 1024)}&RelayState=none`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('does not belong to a sign-in in progress');
  });
});
