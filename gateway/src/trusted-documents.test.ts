import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { loadConfig } from './config.js';
import { HASH_MISMATCH_MESSAGE } from './http/format-error.js';
import { startTestGateway, type TestGateway } from './test-support/gateway.js';
import { sha256, TrustedDocuments } from './trusted-documents/manifest.js';
import { DOCUMENT_NOT_TRUSTED_MESSAGE, parseOwnDocumentsPolicy } from './trusted-documents/policy.js';

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

  it('refuses an anonymous document that is not the console’s', async () => {
    const answer = await gateway.request('query { __typename }');
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0]?.extensions).toEqual({ code: 'DOCUMENT_NOT_TRUSTED' });
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
