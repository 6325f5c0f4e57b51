// A request costs what it can cost the platform (issue: hardening, "one caller can take the service"):
// estimated before anything runs, refused up front over the budget with what to narrow, and charged
// to the caller's rate limit when expensive. Every console operation fits the budget.
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PLATFORM_CALLS } from '../config.js';
import { startTestGateway, type TestGateway } from '../test-support/gateway.js';
import { overBudgetMessage } from './budget-plugin.js';
import { estimatePlatformCalls } from './estimate.js';

const schema = buildSchema(readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8'));
const operationOf = (document: DocumentNode) =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
const estimate = (source: string, variables: Record<string, unknown> = {}) => {
  const document = parse(source);
  return estimatePlatformCalls(schema, document, operationOf(document), variables);
};

/** The attack of the issue: 50 organizations, each with 50 users, its credentials and its features. */
const HEAVY = `{ organizations(limit: 50) { rows { id users(limit: 50) { rows { email } } credentials { id } features { key } licenses { userLimit } } } }`;

describe('the estimate', () => {
  it('counts each platform call under a page once per row it may hold', () => {
    expect(estimate(HEAVY)).toEqual({
      calls: 151,
      multipliers: [{ path: 'organizations', limit: 50 }],
    });
    expect(estimate('query($n: Int) { organizations(limit: $n) { rows { features { key } } } }', { n: 10 }).calls).toBe(
      11,
    );
    // Defaults count (users: 50 a page), and limit 0 (all records) counts as many.
    expect(estimate('{ organization(id: "acme") { users { rows { organization { id } } } } }').calls).toBe(52);
    expect(estimate('{ organizations(limit: 0) { rows { id } } }').calls).toBe(1);
    // The palette's search: its limit bounds each of its two lists (read once each), not the search.
    expect(
      estimate('{ search(text: "acme", limit: 10) { organizations { id } users { organization { name } } } }'),
    ).toEqual({ calls: 13, multipliers: [{ path: 'search', limit: 10 }] });
  });

  it('fits every operation the console sends, at its defaults', () => {
    const generated = readFileSync(new URL('../../../web/src/gql/graphql.ts', import.meta.url), 'utf8');
    const documents = [...generated.matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)];
    expect(documents.length).toBeGreaterThan(30);
    for (const [, name, json] of documents) {
      const document = JSON.parse(json!) as DocumentNode;
      if (!document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) continue;
      const { calls } = estimatePlatformCalls(schema, document, operationOf(document));
      expect(calls, name).toBeLessThanOrEqual(DEFAULT_MAX_PLATFORM_CALLS);
    }
  });
});

describe('the budget', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ config: { rateLimitPerMinute: 20 } });
  });
  afterAll(() => gateway.close());

  it('refuses an over-budget request up front, saying what to narrow', async () => {
    const viewer = await gateway.tokens.user('viewer@meridian.test');
    const { status, body } = await gateway.request(HEAVY, undefined, viewer);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      {
        message: overBudgetMessage(estimate(HEAVY), DEFAULT_MAX_PLATFORM_CALLS),
        extensions: { code: 'QUERY_TOO_EXPENSIVE' },
      },
    ]);
    expect(body.errors?.[0]?.message).toBe(
      'This request could make 151 calls to the platform; the most one request may make is 60. Ask for fewer rows in organizations (limit 50), or leave out the nested lists under them.',
    );
  });

  it('charges an expensive request more of the caller’s rate limit than a cheap one', async () => {
    const admin = await gateway.tokens.user('admin@meridian.test');
    // 51 calls: 6 of the 20 tokens a minute each, so the fifth is refused (one token each: 20 pass).
    const costly = `{ organizations(limit: 50) { rows { features { key } } } }`;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await gateway.request(costly, undefined, admin)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // A cheap caller is not charged more than one token a request.
    const orgAdmin = await gateway.tokens.user('orgadmin@acme.test');
    for (let i = 0; i < 10; i++)
      expect((await gateway.request('{ viewer { email } }', undefined, orgAdmin)).status).toBe(200);
  });
});
