// The prepared path: a request whose document Apollo has parsed and validated before runs without
// Apollo's pipeline, and must answer exactly as Apollo did; anything it would refuse is still refused,
// by Apollo, in Apollo's words.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test-support/gateway.js';
import { sha256 } from '../trusted-documents/manifest.js';
import { PREPARED_TEXT_LIMIT } from './operations.js';
import { parseOwnDocumentsPolicy } from '../trusted-documents/policy.js';

const REGISTERED = 'query Viewer { viewer { email role } }';

let gateway: TestGateway;
let dir: string;
let tokens: { orgAdmin: string; orgUser: string; tool: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-prepared-'));
  const manifest = path.join(dir, 'persisted-documents.json');
  await writeFile(manifest, JSON.stringify({ [`sha256:${sha256(REGISTERED)}`]: REGISTERED }));
  gateway = await startTestGateway({
    config: { trustedDocumentsFile: manifest, ownDocuments: parseOwnDocumentsPolicy('tools,orgAdmin') },
  });
  tokens = {
    orgAdmin: await gateway.tokens.user('orgadmin@acme.test'),
    orgUser: await gateway.tokens.user('user@acme.test'),
    tool: await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian'),
  };
});
afterAll(async () => {
  await gateway?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Requests answered on the prepared path so far. */
async function preparedCount(): Promise<number> {
  const { values } = await gateway.gateway.metrics.preparedRequests.get();
  return values.reduce((sum, { value }) => sum + value, 0);
}

/** POST /graphql with this JSON body; the answer as the client sees it, and whether it was prepared. */
async function send(body: object, token: string, accept = 'application/json') {
  const before = await preparedCount();
  const response = await request(gateway.url)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('accept', accept)
    .set('authorization', `Bearer ${token}`)
    .send(body);
  return {
    status: response.status,
    contentType: response.headers['content-type'] as string,
    cacheControl: response.headers['cache-control'] as string,
    text: response.text,
    prepared: (await preparedCount()) > before,
  };
}

describe('the prepared path', () => {
  /** `shows`: what the first answer must hold, so each case is the case it names. */
  const cases: { name: string; body: object; token: keyof typeof tokens; accept?: string; shows: string }[] = [
    {
      name: 'a query with data',
      body: { query: '{ organization(id: "acme") { id name licenses { userLimit } } }' },
      token: 'tool',
      shows: '"name":"Acme Health"',
    },
    {
      name: 'a named operation with variables',
      body: {
        query: 'query Users($id: ID!, $limit: Int) { users(organizationId: $id, limit: $limit) { rows { email } } }',
        operationName: 'Users',
        variables: { id: 'acme', limit: 2 },
      },
      token: 'orgAdmin',
      shows: '{"data":{"users":{"rows":[{"email":',
    },
    {
      name: 'a field refused to the caller (FORBIDDEN beside data)',
      body: { query: 'query Registered { viewer { email } organizations { rows { id } } }' },
      token: 'orgAdmin',
      shows: '"code":"FORBIDDEN"',
    },
    {
      name: 'a platform refusal in words (NOT_FOUND)',
      body: { query: '{ users(organizationId: "no-such-org") { rows { email } } }' },
      token: 'tool',
      shows: '"code":"NOT_FOUND"',
    },
    {
      name: 'a registered document sent by its hash',
      body: { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(REGISTERED) } } },
      token: 'orgUser',
      shows: '"email":"user@acme.test"',
    },
    {
      name: 'the GraphQL-over-HTTP media type',
      body: { query: '{ viewer { name } }' },
      token: 'tool',
      accept: 'application/graphql-response+json',
      shows: '"name":"meridian-cli"',
    },
  ];

  it.each(cases)('answers $name again exactly as Apollo did the first time', async ({ body, token, accept, shows }) => {
    const first = await send(body, tokens[token], accept);
    expect(first.text).toContain(shows);
    const second = await send(body, tokens[token], accept);
    expect(first.prepared).toBe(false);
    expect(second.prepared).toBe(true);
    expect(second).toEqual({ ...first, prepared: true });
  });

  it('sends every refusal of a prepared document through Apollo, in its words', async () => {
    const search = { query: 'query Find($text: String) { organizations(search: $text) { rows { id } } }' };
    expect((await send({ ...search, variables: { text: 'ac' } }, tokens.tool)).status).toBe(200);
    expect((await send({ ...search, variables: { text: 'ac' } }, tokens.tool)).prepared).toBe(true);

    // Text no field may hold, and a variable of the wrong type.
    const nul = await send({ ...search, variables: { text: 'a\u0000c' } }, tokens.tool);
    expect(nul).toMatchObject({ status: 400, prepared: false });
    expect(JSON.parse(nul.text).errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$text' });
    const wrongType = await send({ ...search, variables: { text: 5 } }, tokens.tool);
    expect(wrongType).toMatchObject({ status: 400, prepared: false });
    expect(JSON.parse(wrongType.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');

    // More platform calls than the budget, by a variable.
    const pages = { query: 'query($n: Int) { organizations(limit: $n) { rows { features { key } } } }' };
    expect((await send({ ...pages, variables: { n: 2 } }, tokens.tool)).status).toBe(200);
    const costly = await send({ ...pages, variables: { n: 100 } }, tokens.tool);
    expect(costly).toMatchObject({ status: 400, prepared: false });
    expect(JSON.parse(costly.text).errors[0].extensions.code).toBe('QUERY_TOO_EXPENSIVE');
  });

  it('refuses a prepared document to a caller who may not run it', async () => {
    const own = { query: 'query Mine { viewer { email organizationId } }' };
    expect((await send(own, tokens.tool)).status).toBe(200);
    expect((await send(own, tokens.tool)).prepared).toBe(true);
    const refused = await send(own, tokens.orgUser);
    expect(refused).toMatchObject({ status: 403, prepared: false });
    expect(JSON.parse(refused.text).errors[0].extensions.code).toBe('DOCUMENT_NOT_TRUSTED');
  });

  it('never keeps a document longer than the limit, which Apollo serves every time', async () => {
    const long = { query: `# ${'x'.repeat(PREPARED_TEXT_LIMIT)}\n{ viewer { email } }` };
    const answers = [await send(long, tokens.tool), await send(long, tokens.tool)];
    expect(answers.map(({ status, prepared }) => ({ status, prepared }))).toEqual([
      { status: 200, prepared: false },
      { status: 200, prepared: false },
    ]);
  });

  it('prepares a document per operation it names', async () => {
    const two = { query: 'query A { viewer { email } } query B { viewer { role } }' };
    const a = await send({ ...two, operationName: 'A' }, tokens.tool);
    const b = await send({ ...two, operationName: 'B' }, tokens.tool);
    expect([a.prepared, b.prepared]).toEqual([false, false]);
    expect(JSON.parse(b.text)).toEqual({ data: { viewer: { role: 'SYSTEM_ADMIN' } } });
    const again = await send({ ...two, operationName: 'B' }, tokens.tool);
    expect(again).toEqual({ ...b, prepared: true });
  });
});
