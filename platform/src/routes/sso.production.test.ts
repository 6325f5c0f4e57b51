import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/ports.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

// In production a connection's addresses must not reach into the private network (issue 39): the
// discovery document, keys and token endpoint of an OIDC provider and a SAML metadata URL are fetched
// through the same address guard as webhooks, and the words do not tell an open port from a closed one.

let platform: TestPlatform;
/** Something listening on loopback, as an internal service would: production must not reach it. */
let internal: Server;
let openPort: number;
let reached = 0;
beforeAll(async () => {
  platform = await startTestPlatform({ appEnv: 'production' });
  internal = createServer((_req, res) => {
    reached += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  openPort = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  internal?.close();
  await platform?.close();
});

async function post(url: string, payload: object) {
  const response = await platform.rest.inject({
    method: url.endsWith('/test') ? 'POST' : 'PUT',
    url,
    headers: await platform.auth('admin@meridian.test'),
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('single sign-on in production', () => {
  it('tests no OIDC issuer on a loopback or private address, open port or closed, in the same words', async () => {
    const closedPort = await freePort();
    const answers = [];
    for (const issuer of [
      `https://localhost:${openPort}`,
      `https://localhost:${closedPort}`,
      `https://127.0.0.1:${openPort}`,
      `https://[::ffff:127.0.0.1]:${closedPort}`,
    ]) {
      const { status, body } = await post('/organization/acme/sso/test', {
        protocol: 'oidc',
        issuer,
        clientId: 'meridian',
        clientSecret: 'secret',
      });
      expect(status).toBe(200);
      expect(body.ok).toBe(false);
      answers.push(String(body.message).replace(issuer, 'ISSUER'));
    }
    for (const message of answers)
      expect(message).toMatch(
        /^No identity provider answered at the issuer ISSUER \(its address (127\.0\.0\.1|::1|::ffff:7f00:1) is private, and Meridian does not reach private addresses\)\.$/,
      );
    // Nothing reached the internal service.
    expect(reached).toBe(0);
  });

  it('reads no SAML metadata from a private address, and says so on the field', async () => {
    const { status, body } = await post('/organization/acme/sso', {
      protocol: 'saml',
      metadataUrl: `https://localhost:${openPort}/metadata`,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      details: [
        {
          param: 'metadataUrl',
          msg: expect.stringMatching(
            /^The metadata URL resolves to a private address \((127\.0\.0\.1|::1)\), which Meridian does not reach\.$/,
          ),
        },
      ],
    });
    expect(reached).toBe(0);
  });
});
