// The catalog, the provider directory, provider links and analytics through GraphQL as an internal tool
// (client credentials acting as systemAdmin of the operators' organization, which licenses managed
// providers): spec section 7 and the calls decisions.md adds, and the NPI scalar's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NPI_FORMAT_MESSAGE,
  RELATIONSHIP_MESSAGE,
  npiCheckDigit,
  npiCheckDigitMessage,
  unknownProviderMessage,
} from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;
let tool: string;

/** A valid NPI the directory does not hold. */
const MISSING = '555666777' + npiCheckDigit('555666777');
/** The same NPI with a wrong check digit. */
const wrongDigit = (npi: string) => npi.slice(0, -1) + ((Number(npi.at(-1)) + 1) % 10);

/** The directory's 10-digit NPIs of 'Provider 1', '2' and '3', and its one 15-digit NPI (beforeAll). */
let NPI_A = '';
let NPI_B = '';
let NPI_C = '';
let NPI_15 = '';
let BAD_10 = '';
let BAD_15 = '';

beforeAll(async () => {
  gateway = await startTestGateway();
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
  const { providers } = await data<{ providers: { rows: { npi: string }[] } }>(
    '{ providers(limit: 0) { rows { npi } } }',
  );
  const npis = providers.rows.map((row) => row.npi);
  [NPI_A, NPI_B, NPI_C] = npis.filter((npi) => npi.length === 10) as [string, string, string];
  NPI_15 = npis.find((npi) => npi.length === 15)!;
  BAD_10 = wrongDigit(NPI_A);
  BAD_15 = wrongDigit(NPI_15);
});

afterAll(async () => {
  await gateway?.close();
});

/** Runs a document as the tool and answers its data, failing on any error. */
async function data<T = Json>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const { status, body } = await gateway.request(query, variables, tool);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

describe('the catalog', () => {
  it('reads products of the kinds asked for, filtered, with the catalog version', async () => {
    const { catalogProducts, catalogVersion } = await data(`{
      catalogProducts(include: [BI, MODELS], filters: { isLicenseRequired: true }) { id kind name dependencies isLicenseRequired version }
      catalogVersion }`);
    expect(catalogProducts.length).toBeGreaterThan(0);
    for (const product of catalogProducts) {
      expect(['BI', 'MODELS']).toContain(product.kind);
      expect(product).toMatchObject({ isLicenseRequired: true, version: catalogVersion });
    }
    expect(catalogProducts).toContainEqual(
      expect.objectContaining({ id: 'market_intelligence', dependencies: ['claims_data'] }),
    );
  });

  it('reads the pr-catalog variant and the customer segments', async () => {
    const { catalogProducts, catalogVersion, customerSegments } = await data(`{
      catalogProducts(prCatalog: true, filters: { kind: PROVIDER_ALIAS }) { id kind }
      catalogVersion(prCatalog: true)
      customerSegments(filters: { active: true }) { id name description active } }`);
    expect(catalogProducts).toEqual([{ id: 'provider_alias', kind: 'PROVIDER_ALIAS' }]);
    expect(catalogVersion).toMatch(/-pr$/);
    expect(customerSegments).toContainEqual(expect.objectContaining({ id: 'health-plan', active: true }));
  });
});

describe('the provider directory', () => {
  it('reads one provider by NPI of either length, and null for one it does not hold', async () => {
    const { ten, fifteen, missing } = await data(
      `query($a: NPI!, $b: NPI!, $c: NPI!) { ten: provider(npi: $a) { npi name specialty city state zip }
        fifteen: provider(npi: $b) { npi } missing: provider(npi: $c) { npi } }`,
      { a: NPI_A, b: NPI_15, c: MISSING },
    );
    expect(ten).toMatchObject({ npi: NPI_A, name: 'Provider 1', zip: '62701' });
    expect(fifteen).toEqual({ npi: NPI_15 });
    expect(missing).toBeNull();
  });

  it('refuses malformed NPIs and wrong check digits of both lengths with the validator’s words', async () => {
    const cases = [
      ['12345', NPI_FORMAT_MESSAGE],
      ['8084012345', npiCheckDigitMessage('8084012345')],
      [BAD_10, npiCheckDigitMessage(BAD_10)],
      [BAD_15, npiCheckDigitMessage(BAD_15)],
    ] as const;
    for (const [npi, message] of cases) {
      const { status, body } = await gateway.request(
        'query($npi: NPI!) { provider(npi: $npi) { npi } }',
        { npi },
        tool,
      );
      expect(status, npi).toBe(400);
      expect(body.errors?.[0]?.message, npi).toContain(message);
    }
  });

  it('searches providers with paging', async () => {
    const { providers } = await data(
      `{ providers(search: "provider", limit: 2, offset: 1) { rows { npi } pageInfo { total limit offset } lookup { missing } } }`,
    );
    expect(providers.pageInfo).toEqual({ total: 6, limit: 2, offset: 1 });
    expect(providers.rows).toHaveLength(2);
    expect(providers.lookup).toBeNull();
  });

  it('looks up a batch of NPIs in one call: found, missing and invalid', async () => {
    const { providers } = await data(
      'query($npis: [String!]) { providers(npis: $npis) { rows { npi } pageInfo { total } lookup { found { npi } missing invalid { field message } } } }',
      { npis: [NPI_A, MISSING, BAD_10, NPI_B, 'abc'] },
    );
    expect(providers.rows).toEqual([{ npi: NPI_A }, { npi: NPI_B }]);
    expect(providers.pageInfo.total).toBe(2);
    expect(providers.lookup).toEqual({
      found: [{ npi: NPI_A }, { npi: NPI_B }],
      missing: [MISSING],
      invalid: [
        { field: BAD_10, message: npiCheckDigitMessage(BAD_10) },
        { field: 'abc', message: NPI_FORMAT_MESSAGE },
      ],
    });
  });
});

describe('provider links', () => {
  const upsert = `mutation($kind: ProviderLinkKind!, $links: [ProviderLinkInput!]!) {
    upsertProviderLinks(organizationId: "acme", kind: $kind, links: $links) {
      results { npi status message } created updated unchanged removed notFound errors inputErrors { field message } } }`;

  it('upserts aliases row by row, answering each row and counting outcomes', async () => {
    const links = [
      { npi: NPI_A, value: 'Dr. A' },
      { npi: BAD_10, value: 'Bad' },
      { npi: MISSING, value: 'Nobody' },
      { npi: NPI_B, value: 'Dr. B' },
      { npi: NPI_A, value: 'Again' },
    ];
    const { upsertProviderLinks } = await data(upsert, { kind: 'PROVIDER_ALIAS', links });
    expect(upsertProviderLinks).toMatchObject({
      created: 2,
      updated: 0,
      unchanged: 0,
      removed: 0,
      notFound: 0,
      errors: 3,
      inputErrors: [],
    });
    expect(upsertProviderLinks.results.map((row: { status: string }) => row.status)).toEqual([
      'CREATED',
      'ERROR',
      'ERROR',
      'CREATED',
      'ERROR',
    ]);
    expect(upsertProviderLinks.results[1].message).toBe(npiCheckDigitMessage(BAD_10));
    expect(upsertProviderLinks.results[2].message).toBe(unknownProviderMessage(MISSING));
    expect(upsertProviderLinks.results[0].message).toBeNull();

    const again = await data(upsert, {
      kind: 'PROVIDER_ALIAS',
      links: [
        { npi: NPI_A, value: 'Dr. A' },
        { npi: NPI_B, value: 'Dr. Bee' },
      ],
    });
    expect(again.upsertProviderLinks).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: 0 });
  });

  it('checks relationship values on their row', async () => {
    const { upsertProviderLinks } = await data(upsert, {
      kind: 'PROVIDER_RELATIONSHIP',
      links: [
        { npi: NPI_C, value: 'Employed' },
        { npi: NPI_A, value: 'Friend' },
      ],
    });
    expect(upsertProviderLinks.results).toEqual([
      { npi: NPI_C, status: 'CREATED', message: null },
      { npi: NPI_A, status: 'ERROR', message: RELATIONSHIP_MESSAGE },
    ]);
  });

  it('lists an organization’s links of one kind, searched and paged, each with its provider', async () => {
    const { providerLinks } =
      await data(`{ providerLinks(organizationId: "acme", kind: PROVIDER_ALIAS, search: "dr.", limit: 1) {
      rows { npi kind value updatedAt updatedBy provider { npi name } } pageInfo { total limit offset } } }`);
    expect(providerLinks.pageInfo).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(providerLinks.rows[0]).toMatchObject({ kind: 'PROVIDER_ALIAS', updatedBy: 'meridian-cli' });
    expect(providerLinks.rows[0].provider.npi).toBe(providerLinks.rows[0].npi);
  });

  it('sorts links by any column, each way', async () => {
    const names = async (sort: string) =>
      (
        await data(`{ providerLinks(organizationId: "acme", kind: PROVIDER_ALIAS, sort: ${sort}, limit: 0) {
          rows { npi provider { specialty } } } }`)
      ).providerLinks.rows.map((row: { npi: string; provider: { specialty: string } }) => row.provider.specialty);
    const ascending = await names('{ field: SPECIALTY }');
    expect(ascending).toEqual([...ascending].sort());
    expect(await names('{ field: SPECIALTY, direction: DESC }')).toEqual([...ascending].reverse());
  });

  it('removes links by NPI, answering removed and not found', async () => {
    const { removeProviderLinks } = await data(
      `mutation($npis: [String!]!) {
      removeProviderLinks(organizationId: "acme", kind: PROVIDER_ALIAS, npis: $npis) { results { npi status } removed notFound errors } }`,
      { npis: [NPI_A, NPI_C, 'abc'] },
    );
    expect(removeProviderLinks).toEqual({
      results: [
        { npi: NPI_A, status: 'REMOVED' },
        { npi: NPI_C, status: 'NOT_FOUND' },
        { npi: 'abc', status: 'ERROR' },
      ],
      removed: 1,
      notFound: 1,
      errors: 1,
    });
  });

  it('refuses a batch beyond 5,000 rows as an input error naming the argument', async () => {
    const npis = Array.from({ length: 5001 }, () => NPI_A);
    const { removeProviderLinks } = await data(
      'mutation($npis: [String!]!) { removeProviderLinks(organizationId: "acme", kind: PROVIDER_ALIAS, npis: $npis) { results { npi } inputErrors { field message } } }',
      { npis },
    );
    expect(removeProviderLinks.results).toEqual([]);
    expect(removeProviderLinks.inputErrors).toEqual([{ field: 'npis', message: expect.stringMatching(/5000/) }]);
  });
});

describe('analytics', () => {
  it('answers the summary in one call, with the credentials expiring soon', async () => {
    const { analyticsSummary } = await data(`{ analyticsSummary {
      organizationsBySegment { segment status count } usersByRole { role active count }
      licenseUse { organizationId userLimit activeUsers explorerUsed viewerUsed }
      credentialsExpiringSoon { id organizationId userEmail daysToExpire expiresAt }
      jobsInProgress { organizationId kind stepsDone stepsTotal } totals { organizations users activeUsers } generatedAt } }`);
    expect(analyticsSummary.totals).toEqual({ organizations: 4, users: 7, activeUsers: 6 });
    expect(analyticsSummary.usersByRole).toContainEqual({ role: 'ORG_USER', active: false, count: 1 });
    expect(analyticsSummary.organizationsBySegment).toContainEqual(
      expect.objectContaining({ status: 'CREATED', count: 1 }),
    );
    expect(analyticsSummary.licenseUse).toContainEqual(
      expect.objectContaining({ organizationId: 'acme', activeUsers: 2, explorerUsed: 1, viewerUsed: 1 }),
    );
    expect(analyticsSummary.credentialsExpiringSoon).toEqual([
      expect.objectContaining({
        id: 'cred-user-acme',
        organizationId: 'acme',
        userEmail: 'user@acme.test',
        daysToExpire: 2,
      }),
    ]);
    expect(analyticsSummary.jobsInProgress).toEqual([]);
  });
});
