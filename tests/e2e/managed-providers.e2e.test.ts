import { MESSAGES, npiCheckDigit, unknownProviderMessage } from '@meridian/schema';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, OPERATORS_ORGANIZATION_ID } from './support/accounts.js';
import { openJourney } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { toolToken } from './support/platform-api.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';

// ---------------------------------------------------------------------------------------------------
// The platform as the internal tools' client sees it: what the journeys need to know beforehand.

async function rest<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { restUrl } = inject('product');
  const response = await fetch(`${restUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await toolToken()}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

interface Provider {
  npi: string;
  name: string;
}

/** Every provider of the seeded directory (500). */
async function directory(): Promise<Provider[]> {
  return (await rest<{ data: Provider[] }>('/providers?limit=0')).data;
}

/** NPIs of an organization's links of a kind. */
async function linkedNpis(
  organizationId: string,
  kind: 'provider_alias' | 'provider_relationship',
): Promise<Set<string>> {
  const { data } = await rest<{ data: { npi: string }[] }>(
    `/organization/${organizationId}/provider-links?kind=${kind}&limit=0`,
  );
  return new Set(data.map((link) => link.npi));
}

/** Valid NPIs (check digit from schema) the directory does not know, confirmed by its batch lookup. */
async function unknownNpis(count: number): Promise<string[]> {
  const candidates = Array.from({ length: count * 2 }, (_, i) => {
    const body = String(900_000_000 + i * 7919);
    return body + String(npiCheckDigit(body));
  });
  const { missing } = await rest<{ missing: string[] }>('/providers/lookup', {
    method: 'POST',
    body: { npis: candidates },
  });
  return missing.slice(0, count);
}

/** An active organization whose license lacks managed providers, and its active Org Admin (seed password). */
async function unlicensedOrgAdmin(): Promise<{ organizationId: string; email: string }> {
  const { data: organizations } = await rest<{ data: { id: string; status: string }[] }>('/organization?limit=0');
  for (const organization of organizations.filter((o) => o.status === 'active')) {
    const { data: features } = await rest<{ data: { key: string; isAvailable: boolean }[] }>(
      `/organization/${organization.id}/features`,
    );
    if (features.find((feature) => feature.key === 'feature:managed-providers')?.isAvailable !== false) continue;
    const { data: users } = await rest<{ data: { email: string; role: string; active: boolean }[] }>(
      `/user?organizationId=${organization.id}&limit=0`,
    );
    const admin = users.find((user) => user.role === 'orgAdmin' && user.active);
    if (admin) return { organizationId: organization.id, email: admin.email };
  }
  throw new Error('The seed has no active unlicensed organization with an active Org Admin.');
}

// ---------------------------------------------------------------------------------------------------
// The console.

const providersUrl = (organizationId: string, rest = '') =>
  `${inject('product').webUrl}/config/${organizationId}/managed-providers${rest}`;

/** Names of the GraphQL operations the page sends from now on. */
function recordOperations(page: Page): string[] {
  const { gatewayUrl } = inject('product');
  const operations: string[] = [];
  page.on('request', (request) => {
    if (request.url() !== gatewayUrl || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    if (body?.operationName) operations.push(body.operationName);
  });
  return operations;
}

async function uploadCsv(page: Page, name: string, csv: string): Promise<void> {
  await page.getByLabel('Upload a CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/** The check's own measurement, from the file handed over to every row's verdict drawn. */
async function checkedInMs(page: Page): Promise<number> {
  const summary = page.getByTestId('check-summary');
  await summary.filter({ hasText: 'checked in' }).waitFor();
  const match = /checked in ([\d.]+) (ms|s)/.exec((await summary.textContent()) ?? '');
  if (!match) throw new Error('No check time shown.');
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/** The cells of the results table's rows, by line number: [npi, result, message]. */
async function resultsByLine(page: Page): Promise<Map<number, string[]>> {
  const rows = page.getByRole('region', { name: 'Row results' }).locator('tbody tr');
  const byLine = new Map<number, string[]>();
  for (const cells of await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
  ))
    byLine.set(Number(cells[0]), cells.slice(1));
  return byLine;
}

/**
 * The 1,000-row CSV: providers of the directory without an Acme alias (the seed gives Acme 60 of 500,
 * and later steps use the next 51) and valid NPIs the directory lacks.
 */
const BULK_KNOWN = 300;
const BULK_UNKNOWN = 700;

describe('managed providers: an Org Admin of Acme Health (licensed)', () => {
  const { seedPassword } = inject('product');
  const journey = 'managed-providers-org-admin';
  let page: Page;
  let operations: string[];
  let known: Provider[];
  let unknown: string[];
  const tag = Date.now().toString(36);
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    operations = recordOperations(page);
    const aliased = await linkedNpis(ACME_HEALTH_ID, 'provider_alias');
    // Providers without an alias yet, so the upload creates theirs.
    known = (await directory()).filter((provider) => !aliased.has(provider.npi));
    unknown = await unknownNpis(BULK_UNKNOWN);
  });

  it('opens the aliases list from the index, with providers from the directory', async () => {
    await signIn(page, ACCOUNTS.orgAdmin, seedPassword);
    await waitForHome(page);
    await page.goto(providersUrl(ACME_HEALTH_ID));
    await page.waitForURL(/\/managed-providers\/aliases$/);
    const table = page.locator('table.meridian-provider-links-table');
    await table.locator('tbody tr td.meridian-npi').first().waitFor();
    expect(await page.getByRole('link', { name: 'Aliases', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await table.locator('thead th').allTextContents()).toEqual(
      expect.arrayContaining(['NPI', 'Provider', 'Specialty', 'Place', 'Alias', 'Last changed']),
    );
    expect(await page.getByRole('link', { name: 'Update Aliases' }).isVisible()).toBe(true);
    await saveScreenshot(page, journey, 'aliases list');
  });

  it('searches on the server and keeps the search in the URL', async () => {
    const firstNpi = (await page.locator('tbody td.meridian-npi').first().textContent())!;
    await page.getByRole('searchbox', { name: 'Search aliases' }).fill(firstNpi);
    await page.waitForURL((url) => url.searchParams.get('search') === firstNpi);
    await page.locator('tbody tr').filter({ hasText: firstNpi }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(operations.filter((name) => name === 'ProviderLinksList').length).toBeGreaterThanOrEqual(2);
  });

  it('moves to the relationships tab and back', async () => {
    await page.getByRole('link', { name: 'Relationships', exact: true }).click();
    await page.waitForURL(/\/managed-providers\/relationships$/);
    await page.locator('table.meridian-provider-links-table thead th', { hasText: 'Relationship' }).waitFor();
    await saveScreenshot(page, journey, 'relationships list');
    await page.getByRole('link', { name: 'Aliases', exact: true }).click();
    await page.waitForURL(/\/managed-providers\/aliases$/);
  });

  it('checks a CSV of 1,000 aliases in under a second with ONE batch lookup, and sends the ready rows in ONE request', async () => {
    await page.getByRole('link', { name: 'Update Aliases' }).click();
    await page.getByLabel('Upload a CSV file').waitFor({ state: 'attached' });
    // Providers of the directory without an alias yet, and valid NPIs it does not know.
    const rows = [
      ...known.slice(0, BULK_KNOWN).map((provider, i) => `${provider.npi},Bulk ${tag} ${i}`),
      ...unknown.map((npi, i) => `${npi},Unknown ${i}`),
    ];
    const lookupsBefore = operations.filter((name) => name === 'ProviderLookup').length;
    const started = Date.now();
    await uploadCsv(page, 'thousand.csv', `npi,alias\r\n${rows.join('\r\n')}\r\n`);
    const measured = await checkedInMs(page);
    const observed = Date.now() - started;
    console.info(`[e2e] 1,000 rows checked in ${measured} ms in the page (${observed} ms seen by the test)`);
    expect(measured).toBeLessThan(1000);
    expect(operations.filter((name) => name === 'ProviderLookup').length - lookupsBefore).toBe(1);
    await expect
      .poll(() => page.getByTestId('check-summary').textContent())
      .toMatch(`${BULK_KNOWN} ready, ${BULK_UNKNOWN} with problems`);
    await saveScreenshot(page, journey, '1000 rows checked');

    const upsertsBefore = operations.filter((name) => name === 'UpsertProviderLinks').length;
    await page.getByRole('button', { name: `Send ${BULK_KNOWN} rows` }).click();
    await page.getByRole('region', { name: 'Row results' }).waitFor();
    expect(operations.filter((name) => name === 'UpsertProviderLinks').length - upsertsBefore).toBe(1);
    const results = await resultsByLine(page);
    expect(results.size).toBe(50);
    expect(results.get(2)).toEqual([known[0]!.npi, known[0]!.name, `Bulk ${tag} 0`, 'Created', '']);
    await page.getByRole('radio', { name: /^Not done/ }).click();
    const notDone = await resultsByLine(page);
    expect(notDone.get(BULK_KNOWN + 2)).toEqual([
      unknown[0],
      '—',
      'Unknown 0',
      'Not sent',
      unknownProviderMessage(unknown[0]!),
    ]);
    await saveScreenshot(page, journey, '1000 rows results');
  });

  it('uploads a CSV of good and bad rows, fixes one, drops one, and sees the right result on each row', async () => {
    await page.getByRole('button', { name: 'Start over with another CSV' }).click();
    const [a, b, c, d, e] = known.slice(BULK_KNOWN, BULK_KNOWN + 5);
    const badCheck = a!.npi.slice(0, -1) + String((Number(a!.npi.at(-1)) + 1) % 10);
    const csv = [
      'NPI,Alias',
      `${a!.npi},Good ${tag} A`, // line 2
      `${b!.npi},"Jones, Ann ${tag}"`, // line 3: quoted comma
      `${badCheck},Bad check digit`, // line 4
      `12345,Too short`, // line 5: fixed to c
      `${unknown[0]},Not in directory`, // line 6
      `${a!.npi},Repeat of line 2`, // line 7: dropped
      `${d!.npi},${'x'.repeat(121)}`, // line 8: alias too long
      `${e!.npi},Good ${tag} E`, // line 9
    ].join('\r\n');
    await uploadCsv(page, 'mixed.csv', csv);
    await page.getByTestId('check-summary').filter({ hasText: 'checked in' }).waitFor();
    expect(await page.getByTestId('check-summary').textContent()).toMatch(
      /8 rows from mixed\.csv.*3 ready, 5 with problems/,
    );
    const review = page.getByRole('region', { name: 'Checked rows' });
    await review.getByText(`NPI ${badCheck} fails its check digit.`).waitFor();
    await review.getByText('NPI must be 10 digits, or 15 digits starting with 80840.').waitFor();
    await review.getByText(unknownProviderMessage(unknown[0]!)).waitFor();
    await review.getByText(`NPI ${a!.npi} appears more than once in this request.`).waitFor();
    await review.getByText('Alias must be 1 to 120 characters.').waitFor();
    await saveScreenshot(page, journey, 'mixed rows checked');

    await review.getByRole('button', { name: 'Edit line 5' }).click();
    await review.getByLabel('NPI of line 5').fill(c!.npi);
    await review.getByRole('button', { name: 'Apply changes to line 5' }).click();
    await review.getByRole('button', { name: 'Drop line 7' }).click();
    await expect
      .poll(() => page.getByTestId('check-summary').textContent())
      .toMatch(/7 rows.*4 ready, 3 with problems/);
    await saveScreenshot(page, journey, 'mixed rows fixed');

    await page.getByRole('button', { name: 'Send 4 rows' }).click();
    await page.getByRole('region', { name: 'Row results' }).waitFor();
    const results = await resultsByLine(page);
    expect([...results.keys()]).toEqual([2, 3, 4, 5, 6, 8, 9]);
    expect(results.get(2)!.slice(3)).toEqual(['Created', '']);
    expect(results.get(3)!.slice(2)).toEqual([`Jones, Ann ${tag}`, 'Created', '']);
    expect(results.get(4)!.slice(3)).toEqual(['Not sent', `NPI ${badCheck} fails its check digit.`]);
    expect(results.get(5)!.slice(0, 1).concat(results.get(5)!.slice(3))).toEqual([c!.npi, 'Created', '']);
    expect(results.get(6)!.slice(3)).toEqual(['Not sent', unknownProviderMessage(unknown[0]!)]);
    expect(results.get(8)!.slice(3)).toEqual(['Not sent', 'Alias must be 1 to 120 characters.']);
    expect(results.get(9)!.slice(3)).toEqual(['Created', '']);
    await saveScreenshot(page, journey, 'mixed rows results');

    expect((await linkedNpis(ACME_HEALTH_ID, 'provider_alias')).has(c!.npi)).toBe(true);
  });

  it('removes some aliases by CSV after confirming, and is told which had none', async () => {
    const [a, b] = known.slice(BULK_KNOWN, BULK_KNOWN + 2);
    const withoutAlias = known[BULK_KNOWN + 50]!;
    await page.goto(providersUrl(ACME_HEALTH_ID, '/aliases/remove'));
    await page.getByLabel('Or paste CSV text').fill(`${a!.npi}\n${b!.npi}\n${withoutAlias.npi}\n`);
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect
      .poll(() => page.getByTestId('check-summary').textContent())
      .toMatch(/3 rows.*3 ready, 0 with problems/);
    await page.getByRole('button', { name: 'Remove 3 aliases' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This cannot be undone.').waitFor();
    await saveScreenshot(page, journey, 'remove confirmation');
    await confirm.getByRole('button', { name: 'Remove 3 aliases' }).click();
    await page.getByRole('region', { name: 'Row results' }).waitFor();
    const results = await resultsByLine(page);
    expect(results.get(1)!.slice(2, 3)).toEqual(['Removed']);
    expect(results.get(2)!.slice(2, 3)).toEqual(['Removed']);
    expect(results.get(3)!.slice(2, 3)).toEqual(['Not found']);
    await saveScreenshot(page, journey, 'remove results');
    const aliased = await linkedNpis(ACME_HEALTH_ID, 'provider_alias');
    expect([aliased.has(a!.npi), aliased.has(b!.npi)]).toEqual([false, false]);
  });

  it("edits one provider's alias with the provider's details shown", async () => {
    const provider = known[BULK_KNOWN + 4]!;
    await page.goto(providersUrl(ACME_HEALTH_ID, `/aliases/update/${provider.npi}`));
    const card = page.getByRole('region', { name: 'Provider' });
    await card.getByRole('heading', { name: provider.name }).waitFor();
    await card.getByText(`Good ${tag} E`).waitFor();
    await saveScreenshot(page, journey, 'one provider');
    await page.getByLabel('Alias').fill(`Edited ${tag}`);
    await page.getByRole('button', { name: 'Save alias' }).click();
    await page.waitForURL(/\/managed-providers\/aliases$/);
    await page.getByText(`The alias of NPI ${provider.npi} is now Edited ${tag}.`).waitFor();
  });
});

describe('managed providers: an Org Admin of an unlicensed organization', () => {
  const { seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it('is sent home with the permission toast', async () => {
    const { organizationId, email } = await unlicensedOrgAdmin();
    await signIn(page, email, seedPassword);
    await waitForHome(page);
    expect(await page.getByRole('link', { name: 'Managed Providers' }).count()).toBe(0);
    await page.goto(providersUrl(organizationId, '/aliases'));
    await page.getByText(MESSAGES.permissionDenied).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await saveScreenshot(page, 'managed-providers-unlicensed-org-admin', 'refused');
  });
});

describe('managed providers: an operator', () => {
  const { seedPassword } = inject('product');
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  it("reaches another organization's managed providers", async () => {
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
    await page.goto(providersUrl(OPERATORS_ORGANIZATION_ID));
    await page.waitForURL(/\/meridian\/managed-providers\/aliases$/);
    await page.getByRole('combobox', { name: 'Another organization' }).fill(ACME_HEALTH_ID);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/acme-health\/managed-providers\/aliases$/);
    await page.getByRole('link', { name: 'Relationships', exact: true }).click();
    await page.locator('table.meridian-provider-links-table tbody td.meridian-npi').first().waitFor();
    // The switcher's suggestion list may hold the name too, as a hidden <option>: the page's own must show.
    await page.getByText('Acme Health').filter({ visible: true }).first().waitFor();
    await saveScreenshot(page, 'managed-providers-operator', 'acme relationships');
  });

  it('is told in the page when the organization has not licensed the feature', async () => {
    const { organizationId } = await unlicensedOrgAdmin();
    await page.goto(providersUrl(organizationId, '/aliases'));
    await page.getByText(MESSAGES.featureUnavailable).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/config/${organizationId}/managed-providers/aliases`);
    await saveScreenshot(page, 'managed-providers-operator', 'unlicensed organization');
    await page.goto(providersUrl(organizationId, '/aliases/update'));
    await page.getByText(MESSAGES.featureUnavailable).waitFor();
  });
});
