// Who may call, and what they reach. Access tokens against the real provider's remote JWKS: every
// attack a present token can make is an HTTP 401 (never a 200), anonymous callers reach only public
// fields, keys rotate without a failed request, and a deactivated user is refused within the user
// cache's lifetime. Then the access directives' refusals, which never tell another tenant's records
// from missing ones, and the self-protection rules the platform enforces, surfacing as input errors.
// (The whole role × field matrix is permissions.test.ts.)
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import request from 'supertest';
import { LAST_ORG_ADMIN_MESSAGE, MESSAGES, OWN_ROLE_MESSAGE, SELF_DEACTIVATE_MESSAGE } from '@meridian/schema';
import { INVALID_TOKEN_MESSAGE, MISSING_SCOPE_MESSAGE } from './auth/errors.js';
import { UNAUTHENTICATED_MESSAGE } from './directives/refusals.js';
import { closeServer, listen } from './http/server.js';
import { listenGateway, startTestGateway, type TestGateway } from './test-support/gateway.js';

/** The cache lifetime of this file's gateway: short, so the deactivation test need not wait 30 s. */
const USER_CACHE_TTL_MS = 400;

let gateway: TestGateway;
let signingJwk: JWK;

beforeAll(async () => {
  gateway = await startTestGateway({ config: { userCacheTtlMs: USER_CACHE_TTL_MS } });
  signingJwk = gateway.platform.keys.privateJwks[0]!;
});

afterAll(async () => {
  await gateway?.close();
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims the provider would put in a user's access token. */
function userClaims(email: string): JWTPayload {
  return {
    iss: gateway.platform.issuer,
    aud: gateway.platform.config.audience,
    sub: email,
    scope: 'openid email profile api_access',
    client_id: gateway.platform.config.consoleClientId,
    iat: nowSeconds(),
    exp: nowSeconds() + 300,
    jti: randomUUID(),
  };
}

/** Signs claims as given (nothing added), with the provider's key unless told otherwise. */
async function sign(claims: JWTPayload, jwk: JWK = signingJwk, alg = 'RS256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, kid: jwk.kid!, typ: 'at+jwt' }).sign(await importJWK(jwk, alg));
}

const graphql = (
  token: string | undefined,
  query = '{ viewer { email role } }',
  authorization = token && `Bearer ${token}`,
  variables?: Record<string, unknown>,
) => {
  let call = request(gateway.url).post('/graphql').set('content-type', 'application/json');
  if (authorization) call = call.set('authorization', authorization);
  return call.send({ query, ...(variables ? { variables } : {}) });
};

/** A present but bad token: HTTP 401, a JSON GraphQL error, a Bearer challenge; never a 200. */
async function expectRefused(response: Awaited<ReturnType<typeof graphql>>) {
  expect(response.status).toBe(401);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  expect(response.body).toEqual({
    errors: [{ message: INVALID_TOKEN_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }],
  });
}

describe('a valid token', () => {
  it("is accepted and resolves the user's role from their record", async () => {
    const response = await graphql(await sign(userClaims('orgadmin@acme.test')));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { viewer: { email: 'orgadmin@acme.test', role: 'ORG_ADMIN' } } });
  });

  it('of an internal tool acts as the role and organization configured for its client', async () => {
    const token = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
    const response = await graphql(token, '{ viewer { email role organizationId isClient } }');
    expect(response.body).toEqual({
      data: { viewer: { email: 'meridian-cli', role: 'SYSTEM_ADMIN', organizationId: 'meridian', isClient: true } },
    });
  });

  it('of a user the platform has no record of: role orgUser, and the viewer answers USER_MISSING', async () => {
    const response = await graphql(await sign(userClaims('ghost@nowhere.test')));
    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull();
    expect(response.body.errors).toMatchObject([
      { message: MESSAGES.userMissing, path: ['viewer'], extensions: { code: 'USER_MISSING' } },
    ]);
    // As an Org User it is refused what Org Users may not do, before the platform is asked.
    const organizations = await graphql(
      await sign(userClaims('ghost@nowhere.test')),
      '{ organizations { pageInfo { total } } }',
    );
    expect(organizations.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('without the api_access scope is refused with 403 insufficient_scope', async () => {
    const response = await graphql(await sign({ ...userClaims('orgadmin@acme.test'), scope: 'openid email' }));
    expect(response.status).toBe(403);
    expect(response.headers['www-authenticate']).toMatch(/insufficient_scope/);
    expect(response.body.errors[0]).toEqual({ message: MISSING_SCOPE_MESSAGE, extensions: { code: 'FORBIDDEN' } });
  });
});

describe('no token', () => {
  it('reaches the public fields', async () => {
    const response = await graphql(undefined, 'mutation { requestPasswordReset(email: "nobody@nowhere.test") { ok } }');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { requestPasswordReset: { ok: true } } });
  });

  it('reaches introspection outside production', async () => {
    const response = await graphql(undefined, '{ __schema { queryType { name } } }');
    expect(response.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('gets UNAUTHENTICATED on every other field (signed-in and permission fields alike)', async () => {
    const response = await graphql(undefined, '{ viewer { email } }');
    expect(response.status).toBe(200);
    expect(response.body.errors).toMatchObject([
      { message: UNAUTHENTICATED_MESSAGE, path: ['viewer'], extensions: { code: 'UNAUTHENTICATED' } },
    ]);
    const catalog = await graphql(undefined, '{ catalogVersion }');
    expect(catalog.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('a present but bad token is HTTP 401', () => {
  it('a malformed Authorization header', async () => {
    await expectRefused(await graphql(undefined, undefined, 'Basic YWRtaW46YWRtaW4='));
    await expectRefused(await graphql(undefined, undefined, 'Bearer not-a-jwt'));
    await expectRefused(await graphql(undefined, undefined, 'Bearer'));
  });

  it('the none algorithm', async () => {
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(userClaims('admin@meridian.test'))}.`;
    await expectRefused(await graphql(token));
  });

  it('HMAC signed with the public key', async () => {
    const publicKey = await importJWK({ kty: signingJwk.kty, n: signingJwk.n, e: signingJwk.e }, 'RS256');
    const secret = new TextEncoder().encode(await exportSPKI(publicKey as Parameters<typeof exportSPKI>[0]));
    const token = await new SignJWT(userClaims('admin@meridian.test'))
      .setProtectedHeader({ alg: 'HS256', kid: signingJwk.kid! })
      .sign(secret);
    await expectRefused(await graphql(token));
  });

  it('expired (beyond the clock tolerance)', async () => {
    await expectRefused(
      await graphql(
        await sign({ ...userClaims('orgadmin@acme.test'), iat: nowSeconds() - 600, exp: nowSeconds() - 60 }),
      ),
    );
  });

  it('issued in the future beyond the clock tolerance (iat an hour ahead)', async () => {
    await expectRefused(await graphql(await sign({ ...userClaims('orgadmin@acme.test'), iat: nowSeconds() + 3600 })));
    // Within the tolerance it is a clock difference, and accepted.
    const close = await graphql(await sign({ ...userClaims('orgadmin@acme.test'), iat: nowSeconds() + 2 }));
    expect(close.status).toBe(200);
  });

  it('not yet valid (nbf in the future)', async () => {
    await expectRefused(await graphql(await sign({ ...userClaims('orgadmin@acme.test'), nbf: nowSeconds() + 120 })));
  });

  it('a wrong issuer', async () => {
    await expectRefused(
      await graphql(await sign({ ...userClaims('orgadmin@acme.test'), iss: 'https://evil.example' })),
    );
  });

  it('a wrong audience', async () => {
    await expectRefused(
      await graphql(await sign({ ...userClaims('orgadmin@acme.test'), aud: 'https://another-api.example' })),
    );
  });

  it('an unknown key id', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const stranger = { ...(await exportJWK(privateKey)), kid: 'not-a-provider-key' };
    await expectRefused(await graphql(await sign(userClaims('admin@meridian.test'), stranger)));
  });

  it('a tampered payload', async () => {
    const [header, , signature] = (await sign(userClaims('user@acme.test'))).split('.');
    const forged = `${header}.${base64url(userClaims('admin@meridian.test'))}.${signature}`;
    await expectRefused(await graphql(forged));
  });
});

describe('an inactive user', () => {
  it('is refused with 401 and the inactive-user message', async () => {
    const response = await graphql(await sign(userClaims('inactive@acme.test')));
    expect(response.status).toBe(401);
    expect(response.body.errors[0]).toEqual({
      message: MESSAGES.inactiveUser,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('deactivated mid-session is refused within the user cache lifetime', async () => {
    const db = gateway.platform.db;
    await db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role, active)
       SELECT 'leaver@globex.test', 'globex', 'Lee Leaver', password_hash, 'orgUser', true FROM users WHERE email = 'user@globex.test'`,
    );
    const token = await sign(userClaims('leaver@globex.test'));
    expect((await graphql(token)).status).toBe(200);

    await db.query(`UPDATE users SET active = false WHERE email = 'leaver@globex.test'`);
    const deactivatedAt = Date.now();
    let response = await graphql(token, '{ __typename }');
    while (response.status === 200 && Date.now() - deactivatedAt < USER_CACHE_TTL_MS * 3) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await graphql(token, '{ __typename }');
    }
    expect(response.status).toBe(401);
    expect(Date.now() - deactivatedAt).toBeLessThanOrEqual(USER_CACHE_TTL_MS + 300);
    expect(response.body.errors[0].message).toBe(MESSAGES.inactiveUser);
  });
});

describe('key rotation', () => {
  /** A provider of its own: discovery and a JWKS whose keys the test changes. */
  let provider: Server;
  let issuer: string;
  let published: JWK[] = [];
  let jwksDownloads = 0;

  beforeAll(async () => {
    provider = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration')
        return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      if (req.url === '/jwks') {
        jwksDownloads += 1;
        return res.end(JSON.stringify({ keys: published }));
      }
      res.writeHead(404).end('{}');
    });
    issuer = `http://127.0.0.1:${await listen(provider, '127.0.0.1', 0)}`;
  });

  afterAll(async () => {
    if (provider) await closeServer(provider);
  });

  async function newKey(kid: string): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    return {
      privateJwk: { ...(await exportJWK(privateKey)), kid },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    };
  }

  const clientToken = (privateJwk: JWK) =>
    sign(
      {
        iss: issuer,
        aud: gateway.config.audience,
        sub: 'rotation-tool',
        client_id: 'rotation-tool',
        client_role: 'systemViewer',
        client_org: 'meridian',
        scope: 'api_access',
        iat: nowSeconds(),
        exp: nowSeconds() + 300,
      },
      privateJwk,
      'ES256',
    );

  it('accepts a token signed by a key the provider starts serving, without a failed request', async () => {
    const rotating = await listenGateway({ ...gateway.config, oidcIssuer: issuer });
    try {
      const first = await newKey('key-1');
      published = [first.publicJwk];
      const before = await request(rotating.url)
        .post('/graphql')
        .set('authorization', `Bearer ${await clientToken(first.privateJwk)}`)
        .send({ query: '{ __typename }' });
      expect(before.status).toBe(200);
      expect(jwksDownloads).toBe(1);

      // The provider rotates: a new key signs, the old one still verifies.
      const second = await newKey('key-2');
      published = [second.publicJwk, first.publicJwk];
      // jose downloads the set again for an unknown key id at most once per cooldown (JWKS_COOLDOWN_MS).
      await new Promise((resolve) => setTimeout(resolve, rotating.config.jwksCooldownMs + 100));
      const statuses: number[] = [];
      for (const privateJwk of [second.privateJwk, first.privateJwk, second.privateJwk]) {
        const response = await request(rotating.url)
          .post('/graphql')
          .set('authorization', `Bearer ${await clientToken(privateJwk)}`)
          .send({ query: '{ __typename }' });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200]);
      expect(jwksDownloads).toBe(2);
    } finally {
      await rotating.close();
    }
  });
});

describe('access directives', () => {
  const as = async (email: string, query: string, variables?: Record<string, unknown>) =>
    (await graphql(await gateway.tokens.user(email), query, undefined, variables)).body;

  it("refuse another tenant's organization exactly like one that does not exist", async () => {
    const query = 'query($id: ID!) { organization(id: $id) { id name } }';
    const other = await as('orgadmin@acme.test', query, { id: 'globex' });
    const missing = await as('orgadmin@acme.test', query, { id: 'no-such-organization' });
    expect(other).toEqual(missing);
    expect(other).toEqual({
      data: { organization: null },
      errors: [
        {
          message: MESSAGES.permissionDenied,
          locations: [{ line: 1, column: 19 }],
          path: ['organization'],
          extensions: { code: 'FORBIDDEN' },
        },
      ],
    });
  });

  it("refuse another tenant's user exactly like one that does not exist, for reads and changes", async () => {
    const read = 'query($email: Email!) { user(email: $email) { email } }';
    expect(await as('orgadmin@acme.test', read, { email: 'orgadmin@globex.test' })).toEqual(
      await as('orgadmin@acme.test', read, { email: 'nobody@globex.test' }),
    );
    const change = 'mutation($email: Email!) { setUserActive(email: $email, active: false) { user { active } } }';
    const other = await as('orgadmin@acme.test', change, { email: 'user@globex.test' });
    expect(other).toEqual(await as('orgadmin@acme.test', change, { email: 'nobody@globex.test' }));
    expect(other.errors[0].extensions.code).toBe('FORBIDDEN');
    // Nothing changed at Globex.
    const { rows } = await gateway.platform.db.query<{ active: boolean }>(
      `SELECT active FROM users WHERE email = 'user@globex.test'`,
    );
    expect(rows[0]!.active).toBe(true);
  });

  it('let anyone read their own user record, whatever their role', async () => {
    const body = await as('user@acme.test', 'query($email: Email!) { user(email: $email) { email role } }', {
      email: 'USER@acme.test',
    });
    expect(body).toEqual({ data: { user: { email: 'user@acme.test', role: 'ORG_USER' } } });
  });

  it('answer FEATURE_UNAVAILABLE where the license lacks the feature (checked by the gateway)', async () => {
    const body = await as(
      'orgadmin@globex.test',
      '{ providerLinks(organizationId: "globex", kind: PROVIDER_ALIAS) { pageInfo { total } } }',
    );
    expect(body.data).toBeNull();
    expect(body.errors).toMatchObject([
      { message: MESSAGES.featureUnavailable, path: ['providerLinks'], extensions: { code: 'FEATURE_UNAVAILABLE' } },
    ]);
  });

  it("answer FEATURE_UNAVAILABLE for an Org User, whose own token may not read the features (the platform's refusal)", async () => {
    const body = await as('user@globex.test', '{ providers(search: "a") { pageInfo { total } } }');
    expect(body.errors).toMatchObject([
      { message: MESSAGES.featureUnavailable, path: ['providers'], extensions: { code: 'FEATURE_UNAVAILABLE' } },
    ]);
    const licensed = await as('user@acme.test', '{ providers(search: "a") { pageInfo { total } } }');
    expect(licensed.errors).toBeUndefined();
  });

  it('refuse a search across every organization to organization roles', async () => {
    const body = await as('orgadmin@acme.test', '{ users(search: "a") { pageInfo { total } } }');
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    const operators = await as('viewer@meridian.test', '{ users(search: "acme") { pageInfo { total } } }');
    expect(operators.data.users.pageInfo.total).toBeGreaterThan(0);
  });
});

describe('self-protection (enforced by the platform, surfacing as input errors)', () => {
  const as = async (email: string, query: string, variables?: Record<string, unknown>) =>
    (await graphql(await gateway.tokens.user(email), query, undefined, variables)).body;

  it('nobody deactivates themselves', async () => {
    const body = await as(
      'orgadmin@acme.test',
      'mutation { setUserActive(email: "orgadmin@acme.test", active: false) { user { active } inputErrors { message } } }',
    );
    expect(body.data.setUserActive).toEqual({ user: null, inputErrors: [{ message: SELF_DEACTIVATE_MESSAGE }] });
  });

  it('nobody changes their own role', async () => {
    const body = await as(
      'orgadmin@acme.test',
      'mutation { updateUser(organizationId: "acme", email: "orgadmin@acme.test", input: { role: ORG_USER }) { user { role } inputErrors { message } } }',
    );
    expect(body.data.updateUser).toEqual({ user: null, inputErrors: [{ message: OWN_ROLE_MESSAGE }] });
  });

  it('the last active Org Admin of an organization stays', async () => {
    const demote = await as(
      'admin@meridian.test',
      'mutation { updateUser(organizationId: "globex", email: "orgadmin@globex.test", input: { role: ORG_USER }) { user { role } inputErrors { message } } }',
    );
    expect(demote.data.updateUser).toEqual({ user: null, inputErrors: [{ message: LAST_ORG_ADMIN_MESSAGE }] });
    const deactivate = await as(
      'admin@meridian.test',
      'mutation { setUserActive(email: "orgadmin@globex.test", active: false) { inputErrors { message } } }',
    );
    expect(deactivate.data.setUserActive.inputErrors).toEqual([{ message: LAST_ORG_ADMIN_MESSAGE }]);
  });
});
