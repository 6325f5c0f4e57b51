// An organization's SCIM tokens through GraphQL (issue 31), against the real platform: operators and the
// organization's Org Admins list, create, rotate and revoke them; the token is answered once and never
// again, nor logged; the platform's refusals come back as input errors on the argument, or in words.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SCIM_TOKEN_LABEL_REQUIRED, SCIM_TOKEN_LABEL_TOO_LONG } from '@meridian/schema';
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

let gateway: TestGateway;
let operator: string;
let orgAdmin: string;
/** Globex's Org Admin: outside acme, inside globex. */
let globexAdmin: string;

beforeAll(async () => {
  gateway = await startTestGateway({ config: { logLevel: 'debug' }, logger });
  operator = await gateway.tokens.user('admin@meridian.test');
  orgAdmin = await gateway.tokens.user('orgadmin@acme.test');
  globexAdmin = await gateway.tokens.user('orgadmin@globex.test');
});
afterAll(async () => {
  await gateway?.close();
});

async function answer(query: string, variables: Record<string, unknown>, token: string) {
  const { status, body } = await gateway.request(query, variables, token);
  return { status, body, text: JSON.stringify(body) };
}

async function data<T = Json>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { status, body } = await answer(query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

/** The first error's message and code (the field resolves to null with it). */
async function refusal(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await answer(query, variables, token);
  const error = body.errors?.[0];
  return { message: error?.message, code: error?.extensions?.code, path: error?.path };
}

const TOKEN_FIELDS = 'id label hint createdAt createdBy lastUsedAt revokedAt';
const LIST = `query($id: ID!) { organization(id: $id) { id scimBaseUrl scimTokens { ${TOKEN_FIELDS} } } }`;
const SECRET_FIELDS = `secret { token baseUrl scimToken { ${TOKEN_FIELDS} } } inputErrors { field message }`;
const CREATE = `mutation($organizationId: ID!, $label: String!) {
  createScimToken(organizationId: $organizationId, label: $label) { ${SECRET_FIELDS} } }`;
const ROTATE = `mutation($organizationId: ID!, $tokenId: ID!) {
  rotateScimToken(organizationId: $organizationId, tokenId: $tokenId) { ${SECRET_FIELDS} } }`;
const REVOKE = `mutation($organizationId: ID!, $tokenId: ID!) {
  revokeScimToken(organizationId: $organizationId, tokenId: $tokenId) { scimToken { ${TOKEN_FIELDS} } inputErrors { field message } } }`;

const FORBIDDEN = { message: MESSAGES.permissionDenied, code: 'FORBIDDEN' };

/** Creates a token as `token`'s holder and answers the payload's secret. */
async function create(organizationId: string, label: string, token = operator) {
  const { createScimToken } = await data(CREATE, { organizationId, label }, token);
  expect(createScimToken.inputErrors).toEqual([]);
  return createScimToken.secret;
}

describe('creating a token', () => {
  it('answers the token once, with the base URL, and lists it afterwards by its last four characters only', async () => {
    const secret = await create('acme', '  Entra ID provisioning ');
    expect(secret.token).toMatch(/^mscim_[A-Za-z0-9_-]{40,}$/);
    expect(secret.baseUrl).toBe(gateway.platform.config.scimBaseUrl);
    expect(secret.scimToken).toEqual({
      id: expect.any(String),
      label: 'Entra ID provisioning',
      hint: secret.token.slice(-4),
      createdAt: expect.any(String),
      createdBy: 'admin@meridian.test',
      lastUsedAt: null,
      revokedAt: null,
    });

    const { organization } = await data(LIST, { id: 'acme' }, operator);
    expect(organization.scimBaseUrl).toBe(secret.baseUrl);
    expect(organization.scimTokens).toEqual([secret.scimToken]);
    // Read back, nothing holds the token: only its hash is kept.
    const listed = await answer(LIST, { id: 'acme' }, operator);
    expect(listed.text).not.toContain(secret.token);
    const stored = await gateway.platform.db.query<Record<string, unknown>>('SELECT * FROM scim_tokens');
    expect(JSON.stringify(stored.rows)).not.toContain(secret.token);
    // Nor does any log line, at debug.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(secret.token);
  });

  it('lets the organization’s Org Admin create one, recorded as created by them, newest first', async () => {
    const secret = await create('acme', 'Okta provisioning', orgAdmin);
    expect(secret.scimToken.createdBy).toBe('orgadmin@acme.test');
    const { organization } = await data(LIST, { id: 'acme' }, orgAdmin);
    expect(organization.scimTokens.map((t: Json) => t.label)).toEqual(['Okta provisioning', 'Entra ID provisioning']);
  });

  it('names the label when it is empty or too long, and creates nothing', async () => {
    const before = (await data(LIST, { id: 'globex' }, operator)).organization.scimTokens;
    const blank = await data(CREATE, { organizationId: 'globex', label: '   ' }, operator);
    expect(blank.createScimToken).toEqual({
      secret: null,
      inputErrors: [{ field: 'label', message: SCIM_TOKEN_LABEL_REQUIRED }],
    });
    const long = await data(CREATE, { organizationId: 'globex', label: 'x'.repeat(101) }, operator);
    expect(long.createScimToken).toEqual({
      secret: null,
      inputErrors: [{ field: 'label', message: SCIM_TOKEN_LABEL_TOO_LONG }],
    });
    // Beyond the contract's own limit the platform refuses the body, still on the label.
    const huge = await data(CREATE, { organizationId: 'globex', label: 'x'.repeat(201) }, operator);
    expect(huge.createScimToken.secret).toBeNull();
    expect(huge.createScimToken.inputErrors).toEqual([{ field: 'label', message: expect.any(String) }]);
    expect((await data(LIST, { id: 'globex' }, operator)).organization.scimTokens).toEqual(before);
  });
});

describe('rotating and revoking', () => {
  it('rotates a token: a new one under the same label, the old one revoked', async () => {
    const old = await create('globex', 'Entra ID');
    const { rotateScimToken } = await data(ROTATE, { organizationId: 'globex', tokenId: old.scimToken.id }, operator);
    expect(rotateScimToken.inputErrors).toEqual([]);
    const rotated = rotateScimToken.secret;
    expect(rotated.token).toMatch(/^mscim_/);
    expect(rotated.token).not.toBe(old.token);
    expect(rotated.baseUrl).toBe(old.baseUrl);
    expect(rotated.scimToken).toMatchObject({ label: 'Entra ID', hint: rotated.token.slice(-4), revokedAt: null });
    expect(rotated.scimToken.id).not.toBe(old.scimToken.id);

    const tokens: Json[] = (await data(LIST, { id: 'globex' }, operator)).organization.scimTokens;
    expect(tokens.find((t) => t.id === rotated.scimToken.id)?.revokedAt).toBeNull();
    expect(tokens.find((t) => t.id === old.scimToken.id)?.revokedAt).toEqual(expect.any(String));
    expect(logLines.join('\n')).not.toContain(rotated.token);

    // A revoked token is not rotated again: the refusal names the id, in words.
    const again = await data(ROTATE, { organizationId: 'globex', tokenId: old.scimToken.id }, operator);
    expect(again.rotateScimToken).toEqual({
      secret: null,
      inputErrors: [{ field: 'tokenId', message: 'This token is revoked: create a new one instead' }],
    });
  });

  it('revokes a token (again: the same answer, nothing changes)', async () => {
    const secret = await create('globex', 'Okta');
    const { revokeScimToken } = await data(
      REVOKE,
      { organizationId: 'globex', tokenId: secret.scimToken.id },
      operator,
    );
    expect(revokeScimToken.inputErrors).toEqual([]);
    expect(revokeScimToken.scimToken).toMatchObject({ id: secret.scimToken.id, revokedAt: expect.any(String) });
    const again = await data(REVOKE, { organizationId: 'globex', tokenId: secret.scimToken.id }, operator);
    expect(again.revokeScimToken.scimToken).toEqual(revokeScimToken.scimToken);
  });

  it('lets the organization’s Org Admin rotate and revoke its tokens', async () => {
    const secret = await create('globex', 'SCIM by Gus', globexAdmin);
    const rotated = await data(ROTATE, { organizationId: 'globex', tokenId: secret.scimToken.id }, globexAdmin);
    expect(rotated.rotateScimToken.inputErrors).toEqual([]);
    expect(rotated.rotateScimToken.secret.scimToken).toMatchObject({
      label: 'SCIM by Gus',
      createdBy: 'orgadmin@globex.test',
    });
    const newId = rotated.rotateScimToken.secret.scimToken.id;
    const revoked = await data(REVOKE, { organizationId: 'globex', tokenId: newId }, globexAdmin);
    expect(revoked.revokeScimToken).toEqual({
      scimToken: expect.objectContaining({ id: newId, revokedAt: expect.any(String) }),
      inputErrors: [],
    });
  });

  it('says in words that a token is not there, also for another organization’s token', async () => {
    const unknown = await refusal(REVOKE, { organizationId: 'globex', tokenId: 'scim_none' }, operator);
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/SCIM token.*not found/i) });
    const acmeToken = (await data(LIST, { id: 'acme' }, operator)).organization.scimTokens[0];
    const crossed = await refusal(ROTATE, { organizationId: 'globex', tokenId: acmeToken.id }, operator);
    expect(crossed).toMatchObject({ code: 'NOT_FOUND', path: ['rotateScimToken'] });
    expect((await data(LIST, { id: 'acme' }, operator)).organization.scimTokens[0]).toEqual(acmeToken);
  });
});

describe('who may', () => {
  it('refuses another organization’s Org Admin, and a System Viewer, every change; the viewer reads', async () => {
    const acmeToken = (await data(LIST, { id: 'acme' }, operator)).organization.scimTokens[0];
    const outsiders = [globexAdmin, await gateway.tokens.user('viewer@meridian.test')];
    for (const outsider of outsiders) {
      expect(await refusal(CREATE, { organizationId: 'acme', label: 'Mine' }, outsider)).toMatchObject(FORBIDDEN);
      expect(await refusal(ROTATE, { organizationId: 'acme', tokenId: acmeToken.id }, outsider)).toMatchObject(
        FORBIDDEN,
      );
      expect(await refusal(REVOKE, { organizationId: 'acme', tokenId: acmeToken.id }, outsider)).toMatchObject(
        FORBIDDEN,
      );
    }
    // The viewer reads the tokens (read-only, issue 39): the same list the operator sees, never a secret.
    const viewer = outsiders[1]!;
    const read = await answer(`query { organization(id: "acme") { id name scimTokens { id hint } } }`, {}, viewer);
    expect(read.body.errors).toBeUndefined();
    expect((read.body.data as Json).organization.scimTokens).toContainEqual({ id: acmeToken.id, hint: acmeToken.hint });
    // Another organization's admin reads nothing of acme.
    const foreign = await answer(`query { organization(id: "acme") { id scimTokens { id } } }`, {}, globexAdmin);
    expect(foreign.body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    // Nothing changed for acme.
    expect((await data(LIST, { id: 'acme' }, operator)).organization.scimTokens[0]).toEqual(acmeToken);
  });
});

describe('reading', () => {
  it('makes one platform call for the tokens and the base URL together', async () => {
    const calls = async (selection: string) => {
      const requestId = `scim-calls-${selection.replace(/\W+/g, '-')}`;
      const response = await request(gateway.url)
        .post('/graphql')
        .set('content-type', 'application/json')
        .set('authorization', `Bearer ${operator}`)
        .set('x-request-id', requestId)
        .send({ query: `{ organization(id: "acme") { id ${selection} } }` });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.errors).toBeUndefined();
      return logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => entry.requestId === requestId && entry.msg === 'GraphQL request')?.upstreamCalls;
    };
    const tokensOnly = await calls('scimTokens { id }');
    const both = await calls('scimTokens { id } scimBaseUrl');
    expect(tokensOnly).toEqual(expect.any(Number));
    expect(both).toBe(tokensOnly);
  });
});
