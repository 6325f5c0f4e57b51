import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, MESSAGES, PASSWORD_POLICY_MESSAGE } from '@meridian/schema';
import { loadConfig } from './config.js';
import { HASH_MISMATCH_MESSAGE } from './errors/format-error.js';
import { listenGateway, startTestGateway, type ListeningGateway, type TestGateway } from './test-support/gateway.js';
import { sha256, TrustedDocuments } from './trusted-documents/manifest.js';
import {
  ANONYMOUS_DOCUMENT_MESSAGE,
  DOCUMENT_NOT_TRUSTED_MESSAGE,
  parseOwnDocumentsPolicy,
} from './trusted-documents/policy.js';

/** The console's operations in this test: written as codegen writes them (`sha256:<hex>` → text). */
const REGISTERED = 'query Me { viewer { email role mayRunOwnDocuments } }';
const UNREGISTERED = 'query Probe { viewer { email organizationId } }';

let gateway: TestGateway;
let dir: string;
let user: string;
let tool: string;

/** A request as the console sends it: only the document's hash (Apollo's persisted-query extension). */
async function byHash(hash: string, token: string) {
  const response = await request(gateway.url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('authorization', `Bearer ${token}`)
    .send({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
  return {
    status: response.status,
    body: response.body as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-trusted-'));
  const manifest = path.join(dir, 'persisted-documents.json');
  await writeFile(manifest, JSON.stringify({ [`sha256:${sha256(REGISTERED)}`]: REGISTERED }));
  // The production default: only internal tools run documents of their own.
  gateway = await startTestGateway({
    config: { trustedDocumentsFile: manifest, ownDocuments: parseOwnDocumentsPolicy('tools') },
  });
  user = await gateway.tokens.user('orgadmin@acme.test');
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
});
afterAll(async () => {
  await gateway?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('trusted documents', () => {
  it('runs a registered operation sent by its hash alone', async () => {
    const answer = await byHash(sha256(REGISTERED), user);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { viewer: { email: 'orgadmin@acme.test', role: 'ORG_ADMIN', mayRunOwnDocuments: false } },
    });
  });

  it('runs a registered operation sent as its exact text too', async () => {
    const answer = await gateway.request(REGISTERED, undefined, user);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
  });

  it('refuses a document of a browser user’s own with a 403 that says why', async () => {
    const answer = await gateway.request(UNREGISTERED, undefined, user);
    expect(answer.status).toBe(403);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: DOCUMENT_NOT_TRUSTED_MESSAGE, extensions: { code: 'DOCUMENT_NOT_TRUSTED' } }),
    ]);
  });

  it('refuses an anonymous document that is not the console’s: sign in first', async () => {
    const answer = await gateway.request('query { __typename }');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      errors: [{ message: ANONYMOUS_DOCUMENT_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('runs any document of an internal tool (client credentials)', async () => {
    const answer = await gateway.request(UNREGISTERED, undefined, tool);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ viewer: { email: 'meridian-cli', organizationId: 'meridian' } });
  });

  it('answers a hash it does not know (a console of another build) with the code the console reloads on, in words', async () => {
    const answer = await byHash(sha256(UNREGISTERED), user);
    expect(answer.body.errors).toEqual([
      { message: MESSAGES.staleDocument, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
    ]);
  });

  it('answers a text sent with another text’s hash as the client’s mistake, in words, not as a fault', async () => {
    const answer = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${tool}`)
      .send({ query: UNREGISTERED, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(REGISTERED) } } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [{ message: HASH_MISMATCH_MESSAGE, extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH' } }],
    });
  });

  it('never stores a document a client registers with its hash', async () => {
    const registering = await request(gateway.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${tool}`)
      .send({ query: UNREGISTERED, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(UNREGISTERED) } } });
    expect(registering.status).toBe(200);
    expect((await byHash(sha256(UNREGISTERED), user)).body.errors?.[0]?.extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });
});

describe('the trusted documents configuration', () => {
  it('lets internal tools only run their own documents in production, and anyone elsewhere', () => {
    expect([
      ...loadConfig({ APP_ENV: 'production', METRICS_TOKEN: 'metrics-token-of-this-test' }).ownDocuments,
    ]).toEqual(['tools']);
    expect([...loadConfig({ APP_ENV: 'local' }).ownDocuments]).toEqual(['tools', 'users', 'anonymous']);
    expect([...loadConfig({ ARBITRARY_DOCUMENTS: 'tools, systemAdmin' }).ownDocuments]).toEqual([
      'tools',
      'systemAdmin',
    ]);
    expect(() => loadConfig({ ARBITRARY_DOCUMENTS: 'tools,admins' })).toThrow(
      /"admins" is none of tools, users, anonymous or a role key/,
    );
  });

  it('refuses a manifest whose hash is not its document’s', async () => {
    const file = path.join(dir, 'tampered.json');
    await writeFile(file, JSON.stringify({ [`sha256:${sha256(REGISTERED)}`]: UNREGISTERED }));
    expect(() => TrustedDocuments.load(file)).toThrow(/does not have that SHA-256 hash/);
  });
});

/**
 * Issue 39 §6: a production gateway told an anonymous caller "Cannot query field X on type Y":
 * validation ran before the trusted-documents check. A caller who may not send documents of their own
 * is now refused before parsing; the console's public operations, sent by hash, keep their real words.
 */
describe('a production gateway, to callers without a token', () => {
  let production: ListeningGateway;
  /** The console's own operations (codegen's manifest), as the production gateway loads them. */
  const consoleDocuments = TrustedDocuments.load(loadConfig({}).trustedDocumentsFile);
  const hashOf = (operation: string) => {
    const hash = [...consoleDocuments.hashes()].find((each) =>
      consoleDocuments.document(each)?.startsWith(`mutation ${operation}(`),
    );
    if (!hash) throw new Error(`The console has no ${operation} operation.`);
    return hash;
  };
  const byHashAnonymously = (hash: string, variables: Record<string, unknown>) =>
    request(production.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });

  beforeAll(async () => {
    const defaults = loadConfig({ APP_ENV: 'production', METRICS_TOKEN: 'metrics-token-of-this-test' });
    production = await listenGateway({
      ...gateway.config,
      appEnv: 'production',
      introspection: defaults.introspection,
      ownDocuments: defaults.ownDocuments,
      trustedDocumentsFile: defaults.trustedDocumentsFile,
    });
  });
  afterAll(() => production?.close());

  it('refuses a document of their own with 401 and plain words, before anything tells the schema', async () => {
    const refusal = { errors: [{ message: ANONYMOUS_DOCUMENT_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }] };
    for (const query of ['{ viewr { emial } }', '{ viewer { email } }', '{ __schema { types { name } } }', '{']) {
      const answer = await request(production.url)
        .post('/graphql')
        .set('content-type', 'application/json')
        .send({ query });
      expect(answer.status, query).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body, query).toEqual(refusal);
    }
    const get = await request(production.url)
      .get(`/graphql?query=${encodeURIComponent('{ organizations { rows { id } } }')}`)
      .set('apollo-require-preflight', 'true');
    expect(get.status).toBe(401);
    expect(get.body).toEqual(refusal);
  });

  it('refuses a signed-in user’s own document before validation too, and lets a tool see GraphQL’s words', async () => {
    const mine = await request(production.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${user}`)
      .send({ query: '{ viewr { emial } }' });
    expect(mine.status).toBe(403);
    expect(mine.body.errors).toEqual([
      { message: DOCUMENT_NOT_TRUSTED_MESSAGE, extensions: { code: 'DOCUMENT_NOT_TRUSTED' } },
    ]);
    const tools = await request(production.url)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${tool}`)
      .send({ query: '{ viewr { emial } }' });
    expect(tools.status).toBe(400);
    expect(tools.body.errors[0].message).toBe('Cannot query field "viewr" on type "Query".');
  });

  it('keeps the public pages’ operations working, with their real error messages', async () => {
    const reset = await byHashAnonymously(hashOf('RequestPasswordReset'), { email: 'nobody@acme.test' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.requestPasswordReset).toMatchObject({ ok: true });
    const badEmail = await byHashAnonymously(hashOf('RequestPasswordReset'), { email: 'not an email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors[0].message).toBe(
      `Variable "$email" got invalid value "not an email"; ${EMAIL_MESSAGE}`,
    );
    const weak = await byHashAnonymously(hashOf('CreatePassword'), { token: 'no-such-token', password: 'x' });
    expect(weak.status).toBe(200);
    expect(weak.body.data.createPassword).toMatchObject({
      ok: false,
      inputErrors: [{ field: 'password', message: PASSWORD_POLICY_MESSAGE }],
    });
    const stale = await byHashAnonymously(hashOf('CreatePassword'), {
      token: 'no-such-token',
      password: 'long-enough-pass-1',
    });
    // The platform's own words for a link that cannot be used (domain/passwords.ts), passed through.
    expect(stale.body.data.createPassword).toMatchObject({
      ok: false,
      inputErrors: [{ field: null, message: 'This link has expired or was already used. Ask for a new one.' }],
    });
  });
});
