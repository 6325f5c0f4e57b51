// A request costs what it can cost the platform and what its answer holds (issue: hardening, "one caller
// can take the service"; issue 28, "one read-only caller can still slow everyone 80x"): estimated before
// anything runs, refused up front over the budget with what to narrow, and charged to the caller's rate
// limit when expensive, an answer of all rows for what it really held. Every console operation fits.
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PLATFORM_CALLS } from '../config.js';
import { startTestGateway, type GraphQLAnswer, type TestGateway } from '../test-support/gateway.js';
import { MAX_ANSWER_VALUES, overBudgetMessage, tooManyValuesMessage, VALUES_PER_RATE_TOKEN } from './budget-plugin.js';
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
/** The attack of issue 28: every user of the platform, in one platform call. */
const ALL_USERS = '{ users(limit: 0) { rows { email name role } } }';
/** A page size the console declares (`export const NAME = 1000;` in a web source file). */
const consolePageSize = (file: string, name: string) =>
  Number(
    readFileSync(new URL(`../../../web/src/${file}`, import.meta.url), 'utf8').match(
      new RegExp(`export const ${name} = (\\d+);`),
    )![1],
  );
/** The largest page the console asks for: its exports' (users, activity). */
const LARGEST_CONSOLE_PAGE = Math.max(
  consolePageSize('screens/users/list/export-users.ts', 'EXPORT_PAGE'),
  consolePageSize('components/activity/activity-query.ts', 'ACTIVITY_EXPORT_PAGE_SIZE'),
  consolePageSize('screens/organizations/list/UserFinder.tsx', 'USER_FINDER_ALL_LIMIT'),
);

describe('the estimate', () => {
  it('counts each platform call under a page once per row it may hold', () => {
    expect(estimate(HEAVY)).toMatchObject({
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
    ).toMatchObject({ calls: 13, multipliers: [{ path: 'search', limit: 10 }] });
  });

  it('counts the values an answer may hold: each field of a row once per row, a page of all rows as 1,000', () => {
    // The attack of issue 28: one platform call, but every user of the platform.
    expect(estimate(ALL_USERS)).toEqual({
      calls: 1,
      multipliers: [],
      values: 3000,
      pages: [{ path: 'users', limit: 0, values: 3000 }],
      allRows: true,
    });
    // Rows multiply the fields under them, nested pages too; a page's pageInfo is one value, not one a row.
    expect(estimate(HEAVY)).toMatchObject({ values: 50 * (1 + 50 + 1 + 1 + 1), allRows: false });
    expect(estimate('{ users(limit: 20) { rows { email name } pageInfo { total } } }').values).toBe(41);
    expect(estimate('query($n: Int) { users(limit: $n) { rows { email } } }', { n: 700 }).values).toBe(700);
    // The search's limit bounds each of its lists; the audit trail's `first` sizes its page.
    expect(estimate('{ search(text: "acme", limit: 10) { organizations { id name } users { email } } }').values).toBe(
      30,
    );
    expect(estimate('{ auditEvents(first: 200) { nodes { id action } } }').values).toBe(400);
    // __typename is no value of the answer's data.
    expect(estimate('{ users(limit: 10) { __typename rows { __typename email } } }').values).toBe(10);
  });

  it('fits every operation the console sends, at its defaults and at the largest page it asks for', () => {
    const generated = readFileSync(new URL('../../../web/src/gql/graphql.ts', import.meta.url), 'utf8');
    const documents = [...generated.matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)];
    expect(documents.length).toBeGreaterThan(30);
    for (const [, name, json] of documents) {
      const document = JSON.parse(json!) as DocumentNode;
      if (!document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) continue;
      const atDefaults = estimatePlatformCalls(schema, document, operationOf(document));
      expect(atDefaults.calls, name).toBeLessThanOrEqual(DEFAULT_MAX_PLATFORM_CALLS);
      expect(atDefaults.values, name).toBeLessThanOrEqual(MAX_ANSWER_VALUES);
      // No console operation asks for all rows; its exports page by 1,000 rows (users) or events (activity).
      const pageSizes = (operationOf(document).variableDefinitions ?? [])
        .map(({ variable }) => variable.name.value)
        .filter((variable) => variable === 'limit' || variable === 'first');
      const atLargestPage = estimatePlatformCalls(
        schema,
        document,
        operationOf(document),
        Object.fromEntries(pageSizes.map((variable) => [variable, LARGEST_CONSOLE_PAGE])),
      );
      expect(atLargestPage.values, name).toBeLessThanOrEqual(MAX_ANSWER_VALUES);
      expect(atLargestPage.allRows, name).toBe(false);
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

  it('refuses an answer too large up front, naming the page to narrow', async () => {
    const viewer = await gateway.tokens.user('viewer@meridian.test');
    const tooLarge = '{ users(limit: 10000) { rows { email name role } } }';
    const { status, body } = await gateway.request(tooLarge, undefined, viewer);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { message: tooManyValuesMessage(estimate(tooLarge)), extensions: { code: 'QUERY_TOO_EXPENSIVE' } },
    ]);
    expect(body.errors?.[0]?.message).toBe(
      'This request could return 30,000 values (rows × the fields selected in each); the most one request may return is 25,000. Ask for fewer rows in users (limit 10000) and page through them with offset, or select fewer fields in each row.',
    );
    // Pages of all rows: counted as 1,000 rows each before they run, and said so.
    const fields = 'email name role status active tableauLicense tableauUser directDataAccessEnabled organizationId';
    const allRows = `{ a: users(limit: 0) { rows { ${fields} } } b: users(limit: 0) { rows { ${fields} } } c: users(limit: 0) { rows { ${fields} } } }`;
    const refused = await gateway.request(allRows, undefined, viewer);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toBe(
      'This request could return 27,000 values (rows × the fields selected in each); the most one request may return is 25,000. Ask for fewer rows in a (limit 0, all rows, counted as 1,000), b (limit 0, all rows, counted as 1,000), c (limit 0, all rows, counted as 1,000) and page through them with offset, or select fewer fields in each row.',
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

describe('one read-only caller against everyone else (issue 28)', () => {
  /** A minute's allowance of each caller here. */
  const RATE_LIMIT = 600;
  /** Users of the platform beside the fixture's: about as many as the demo seed has. */
  const BULK_USERS = 3372;
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ config: { rateLimitPerMinute: RATE_LIMIT } });
    await gateway.platform.db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role)
       SELECT 'bulk.' || i || '@globex.test', 'globex', 'Bulk User ' || i, 'unused', 'orgUser'
         FROM generate_series(1, $1::int) AS i
       UNION ALL
       SELECT 'reader.' || i || '@meridian.test', 'meridian', 'Reader ' || i, 'unused', 'systemViewer'
         FROM generate_series(1, 2) AS i`,
      [BULK_USERS],
    );
  });
  afterAll(() => gateway.close());

  /** Requests answered on the prepared path so far. */
  const preparedCount = async () =>
    (await gateway.gateway.metrics.preparedRequests.get()).values.reduce((sum, { value }) => sum + value, 0);

  /** POST /graphql with this JSON body and token. */
  const send = async (body: object, token: string) => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as GraphQLAnswer };
  };

  /** Rate-limit tokens an answer of `values` values takes in all: its own and the values' share. */
  const tokensFor = (values: number) => 1 + Math.floor(values / VALUES_PER_RATE_TOKEN);

  /** Sends `body` one at a time until refused: the answers before the refusal. */
  async function untilRefused(body: object, token: string) {
    const answers: GraphQLAnswer[] = [];
    for (;;) {
      const { status, body: answer } = await send(body, token);
      if (status === 429) return answers;
      expect(status).toBe(200);
      answers.push(answer);
      expect(answers.length).toBeLessThan(RATE_LIMIT);
    }
  }

  /** Answers a caller of RATE_LIMIT a minute gets, one at a time, when each takes `tokens`. */
  const answeredAt = (tokens: number) => Math.floor((RATE_LIMIT - 1) / tokens) + 1;

  it('charges an answer of all rows for every row it held, on Apollo’s path and the prepared one', async () => {
    const reader = await gateway.tokens.user('reader.1@meridian.test');
    const before = await preparedCount();
    const answers = await untilRefused({ query: ALL_USERS }, reader);
    const rows = (answers[0]!.data!.users as { rows: unknown[] }).rows.length;
    expect(rows).toBeGreaterThan(BULK_USERS);
    // 3 fields × 3,381 rows: 102 tokens, so 6 answers in 600 (charged only the 1,000 rows estimated: 20).
    expect(answers).toHaveLength(answeredAt(tokensFor(rows * 3)));
    // Every answer after the first ran on the prepared path, charged there as well.
    expect((await preparedCount()) - before).toBe(answers.length - 1);
  });

  it('charges the console’s own operation, sent by its hash, alike', async () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../../web/src/gql/persisted-documents.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    const [key] = Object.entries(manifest).find(([, text]) => text.startsWith('query OrganizationsUserFinder('))!;
    const body = {
      variables: { search: '.test', limit: 0 },
      extensions: { persistedQuery: { version: 1, sha256Hash: key.replace(/^sha256:/, '') } },
    };
    const reader = await gateway.tokens.user('reader.2@meridian.test');
    const answers = await untilRefused(body, reader);
    const rows = (answers[0]!.data!.users as { rows: unknown[] }).rows.length;
    expect(rows).toBeGreaterThan(BULK_USERS);
    // Five fields a row (active, email, name, organizationId, role) and the total.
    expect(answers).toHaveLength(answeredAt(tokensFor(rows * 5 + 1)));
  });

  it('six loops of all users as the system viewer are charged per row, and another user is still answered', async () => {
    const viewer = await gateway.tokens.user('viewer@meridian.test');
    const admin = await gateway.tokens.user('admin@meridian.test');
    const statuses: number[] = [];
    let rows = 0;
    const loop = async () => {
      for (;;) {
        const { status, body } = await send({ query: ALL_USERS }, viewer);
        statuses.push(status);
        if (status !== 200) return;
        rows = (body.data!.users as { rows: unknown[] }).rows.length;
      }
    };
    const attack = Promise.all(Array.from({ length: 6 }, loop));
    let attacking = true;
    void attack.finally(() => (attacking = false));
    const victim: { status: number; id: unknown }[] = [];
    while (attacking || victim.length === 0) {
      const { status, body } = await send({ query: '{ organization(id: "acme") { id name status } }' }, admin);
      victim.push({ status, id: (body.data?.organization as { id?: string } | undefined)?.id });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await attack;

    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    // Refused once the rows answered spent the minute's allowance: at most what one loop alone gets, plus
    // the five other requests under way when the allowance ran out.
    const answered = statuses.filter((status) => status === 200).length;
    expect(answered).toBeLessThanOrEqual(answeredAt(tokensFor(rows * 3)) + 5);
    expect(victim.every(({ status, id }) => status === 200 && id === 'acme')).toBe(true);
  });
});
