import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform } from '../test-support/platform.js';
import { CALLERS, type Caller, type ContractCase, type ContractContext } from './cases/case.js';
import { invitationCases } from './cases/invitations.js';
import { organizationCases } from './cases/organizations.js';
import { catalogCases } from './cases/catalog.js';
import { featureCases } from './cases/features.js';
import { providerCases } from './cases/providers.js';
import { providerLinkCases } from './cases/provider-links.js';
import { analyticsCases } from './cases/analytics.js';
import { auditCases } from './cases/audit.js';
import { backupAnswerOfTheOtherDatabase, backupCases } from './cases/backup.js';
import { devCases } from './cases/dev.js';
import { userCases } from './cases/users.js';
import { credentialCases } from './cases/credentials.js';
import { passwordCases } from './cases/passwords.js';
import { mfaCases } from './cases/mfa.js';
import { signInCases } from './cases/sign-in.js';
import { userBulkCases } from './cases/user-bulk.js';
import { sessionCases } from './cases/sessions.js';
import { scimTokenCases } from './cases/scim-tokens.js';
import { ssoCases } from './cases/sso.js';
import { webhookCases } from './cases/webhooks.js';
import { OPENAPI_FILE, printOpenApi } from '../cli/openapi.js';

/**
 * The REST contract, checked both ways: the printed document is what the app serves and a valid
 * OpenAPI 3.1 document, and every operation's success and every error it documents is produced by a
 * real request whose answer the document allows (validated by openapi-backend). A status the document
 * does not list fails, and so does a documented one no case produces.
 */
const CASES: ContractCase[] = [
  ...organizationCases,
  ...catalogCases,
  ...featureCases,
  ...providerCases,
  ...providerLinkCases,
  ...analyticsCases,
  ...auditCases,
  ...devCases,
  ...userCases,
  ...credentialCases,
  ...passwordCases,
  ...mfaCases,
  ...signInCases,
  ...userBulkCases,
  ...invitationCases,
  ...sessionCases,
  ...ssoCases,
  ...scimTokenCases,
  ...webhookCases,
  ...backupCases,
];

// ajv-formats is CommonJS: its default export arrives as the module under NodeNext's types.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

const committed = readFileSync(OPENAPI_FILE, 'utf8');
const document = JSON.parse(committed) as Document;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document with its documented statuses. */
const OPERATIONS = Object.values(document.paths ?? {}).flatMap((item) =>
  METHODS.flatMap((method) => {
    const operation = item?.[method];
    return operation
      ? [{ method, id: operation.operationId!, statuses: Object.keys(operation.responses ?? {}).map(Number) }]
      : [];
  }),
);

const FIVE_MB = 5 * 1024 * 1024;

/**
 * The answers any route gives the same way, built from the operation's success case: no token (401),
 * a body over the 5 MB limit (413), a body in a type it does not read (415; text/plain is read, and
 * then refused by the schema as 400).
 */
function sharedCases(operation: (typeof OPERATIONS)[number]): ContractCase[] {
  const success = CASES.find((c) => c.operation === operation.id && c.status < 300);
  if (!success) return [];
  const from = (status: number, why: string, change: (request: InjectOptions) => InjectOptions): ContractCase => ({
    operation: operation.id,
    status,
    why,
    request: async (context) => change(await success.request(context)),
  });
  const withoutToken = (request: InjectOptions) => {
    const { authorization: _dropped, ...headers } = (request.headers ?? {}) as Record<string, string>;
    return { ...request, headers };
  };
  const documented = new Set(operation.statuses);
  const own = new Set(CASES.filter((c) => c.operation === operation.id).map((c) => c.status));
  return [
    from(401, 'no token', withoutToken),
    from(413, 'a body over 5 MB', (request) => ({
      ...request,
      headers: { ...request.headers, 'content-type': 'application/json' },
      payload: `"${'x'.repeat(FIVE_MB)}"`,
    })),
    from(415, 'an XML body', (request) => ({
      ...request,
      headers: { ...request.headers, 'content-type': 'application/xml' },
      payload: '<organization/>',
    })),
  ].filter((c) => documented.has(c.status) && !own.has(c.status));
}

const ALL_CASES = [...CASES, ...OPERATIONS.flatMap(sharedCases)];

let context: ContractContext;
let api: OpenAPIBackend;
beforeAll(async () => {
  const platform = await startTestPlatform();
  const entries = await Promise.all(
    Object.entries(CALLERS).map(async ([caller, email]) => [caller, await platform.auth(email)] as const),
  );
  context = { platform, as: Object.fromEntries(entries) as Record<Caller, { authorization: string }> };
  // openapi-backend checks a definition against OpenAPI 3.0 only; the 3.1 check is the test below.
  api = new OpenAPIBackend({
    definition: document,
    quick: true,
    strict: true,
    // Formats (date-time) are checked, not ignored.
    customizeAjv: (ajv) => addFormats(ajv),
  });
  await api.init();
});
afterAll(() => context.platform.close());

describe('the OpenAPI document', () => {
  it('is current: run `pnpm codegen` after changing a route schema', async () => {
    expect(committed).toBe(await printOpenApi());
    const served = await context.platform.rest.inject({ url: '/openapi.json' });
    expect(served.json()).toEqual(JSON.parse(committed));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(committed);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('names, summarizes and gives a JSON body to every answer of every operation', () => {
    const ids = OPERATIONS.map((operation) => operation.id);
    expect(ids.every(Boolean), 'every operation has an operationId').toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of Object.values(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (!operation) continue;
        expect(operation.summary, operation.operationId).toBeTruthy();
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((status) => status.startsWith('2')),
          `${operation.operationId} has a success answer`,
        ).toBe(true);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          // 204 is the one answer without a body (noContent in common.ts).
          if (status === '204') continue;
          const content = (response as { content?: Record<string, { schema?: { format?: string } }> }).content;
          // A download (a backup) is the one other body: binary, in its own media type.
          if (Object.values(content ?? {}).some((media) => media.schema?.format === 'binary')) continue;
          const schema = content?.['application/json']?.schema;
          expect(schema, `${operation.operationId} ${status} has a body schema`).toBeDefined();
        }
      }
    }
  });
});

describe('every operation answers what its document says', () => {
  for (const contractCase of ALL_CASES) {
    it(`${contractCase.operation} → ${contractCase.status} (${contractCase.why})`, async () => {
      const request = await contractCase.request(context);
      const answer = await context.platform.rest.inject(request);
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(contractCase.status);
      const url = new URL(request.url as string, 'http://platform');
      const operation = api.matchOperation({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: {},
      });
      expect(operation?.operationId, 'the request reaches the operation the case names').toBe(contractCase.operation);
      expect(Object.keys(operation!.responses ?? {}), 'the status is documented').toContain(
        String(contractCase.status),
      );
      if (contractCase.status === 204) {
        expect(answer.body).toBe('');
        return;
      }
      const documentedTypes = Object.keys(
        (operation!.responses?.[String(contractCase.status)] as { content?: object }).content ?? {},
      );
      const binaryType = documentedTypes.find((type) => type !== 'application/json');
      if (binaryType && !documentedTypes.includes('application/json')) {
        // A download: its documented media type and a body; its content is its own test's (backup/).
        expect(answer.headers['content-type']).toBe(binaryType);
        expect(answer.rawPayload.length).toBeGreaterThan(0);
        return;
      }
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const validation = api.validateResponse(answer.json(), operation!, contractCase.status);
      expect(validation.errors ?? [], JSON.stringify(answer.json()).slice(0, 500)).toEqual([]);
    });
  }

  it('covers every documented answer of every operation', () => {
    const covered = new Set(ALL_CASES.map((c) => `${c.operation} ${c.status}`));
    const missing = OPERATIONS.flatMap((operation) =>
      operation.statuses
        .map((status) => `${operation.id} ${status}`)
        // A backup answers 200 on PGlite and 409 on PostgreSQL: each pass covers its own.
        .filter((pair) => !covered.has(pair) && pair !== backupAnswerOfTheOtherDatabase),
    );
    expect(missing).toEqual([]);
  });
});
