import { Classes } from '@blueprintjs/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApollo } from '../../apollo/test-harness.js';
import { testApolloSetup, type StubHandler } from '../../apollo/test-support.js';
import { ToastCenter } from '../../components/toasts/toast-center.js';
import { ToastProvider } from '../../components/toasts/ToastProvider.js';
import { RuntimeConfigContext } from '../../config/runtime.js';
import { TEST_CONFIG } from '../../routes/test-support.js';
import { THEME_STORAGE_KEY } from '../../theme/theme-preference.js';
import { ThemeProvider } from '../../theme/ThemeProvider.js';
import AnalyticsPage from './AnalyticsPage.js';
import { chartTheme } from './chart-theme.js';
import { stubSummary } from './test-summary.js';

const WAIT = { timeout: 4000 };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const OPERATOR = 'admin@meridian.test';

/** The page with the real Apollo client on a gateway stub, signed in as an operator. */
async function renderAnalytics(analyticsSummary: StubHandler) {
  const { setup, gateway } = testApolloSetup({
    AnalyticsSummary: analyticsSummary,
    CatalogVersionCheck: () => ({ catalogVersion: 'v1', prCatalogVersion: 'v1-pr' }),
  });
  // The cache already belongs to the operator, as after sign-in (no purge under the page's query).
  await setup.restoreFor(OPERATOR);
  const toasts = new ToastCenter();
  renderWithApollo(
    <RuntimeConfigContext.Provider value={TEST_CONFIG}>
      <ThemeProvider>
        <ToastProvider center={toasts}>
          <MemoryRouter>
            <AnalyticsPage />
          </MemoryRouter>
        </ToastProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>,
    setup,
    OPERATOR,
  );
  return { gateway, toasts };
}

const section = (name: string) => screen.getByRole('region', { name });
const table = (name: string) => screen.getByRole('region', { name: `${name} (table)` });
const rowTexts = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** Captures what the export hands the browser (the Blob's text, BOM stripped) and the file name. */
function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  let lastBlob: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: lastBlob!.text().then((text) => text.replace(/^\uFEFF/, '')) });
  });
  return files;
}

describe('analytics page', () => {
  it('draws every section and the totals from one summary request', async () => {
    const { gateway } = await renderAnalytics(() => ({ analyticsSummary: stubSummary() }));
    expect(
      await screen.findByRole('heading', { name: 'Organizations by segment and lifecycle state' }, WAIT),
    ).toBeTruthy();
    expect(gateway.count('AnalyticsSummary')).toBe(1);
    expect(
      gateway.sent.map((request) => request.operationName).filter((name) => name !== 'CatalogVersionCheck'),
    ).toEqual(['AnalyticsSummary']);
    expect(document.title).toBe('Meridian | Analytics');

    for (const title of [
      'Organizations by segment and lifecycle state',
      'Users by role and active state',
      'License use against limits',
      'Credentials expiring in the next 30 days',
    ]) {
      expect(within(section(title)).getByRole('figure', { name: `${title} (chart)` })).toBeTruthy();
      expect(table(title)).toBeTruthy();
    }
    // Jobs are a table with progress bars: no chart.
    expect(within(section('Onboarding and deployment in progress')).queryByRole('figure')).toBeNull();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('3.4k')).toBeTruthy();
    expect(within(totals).getByText('3,412')).toBeTruthy();
    expect(screen.getByText(/Figures as of Mar 4, 2026/)).toBeTruthy();
  });

  it('tables the same figures the charts draw', async () => {
    await renderAnalytics(() => ({ analyticsSummary: stubSummary() }));
    await screen.findByRole('heading', { name: 'Users by role and active state' }, WAIT);

    expect(rowTexts(table('Organizations by segment and lifecycle state'))).toEqual([
      ['Segment', 'Created', 'Onboarding', 'Deploying', 'Active', 'Offboarding', 'Offboarded', 'Total'],
      ['Health Plan', '0', '2', '0', '12', '0', '0', '14'],
      ['Provider Group', '0', '0', '0', '9', '0', '1', '10'],
    ]);
    expect(rowTexts(table('Users by role and active state'))).toEqual([
      ['Role', 'Active', 'Inactive', 'Total'],
      ['Meridian Admin', '2', '0', '2'],
      ['Meridian Viewer', '0', '0', '0'],
      ['Org Admin', '0', '0', '0'],
      ['Org User', '3,298', '112', '3,410'],
    ]);
    // Fullest first: Acme's explorer seats are all taken.
    const license = rowTexts(table('License use against limits'));
    expect(license.slice(1).map((row) => [row[0], row[8]])).toEqual([
      ['Acme Health', '100%'],
      ['Globex, "The" Clinic', '40%'],
    ]);
    expect(rowTexts(table('Credentials expiring in the next 30 days')).map((row) => row[0])).toEqual([
      'Credential ID',
      'cred-soon',
      'cred-later',
    ]);
    const jobs = table('Onboarding and deployment in progress');
    expect(within(jobs).getByRole('progressbar', { name: 'Initech: 2 of 5 steps done' })).toBeTruthy();
    expect(screen.getByText(/1 lifecycle jobs under way: 1 onboarding, 0 deployment, 0 offboarding\./)).toBeTruthy();
  });

  it('exports a section’s table as CSV from the loaded data, without another request', async () => {
    const { gateway } = await renderAnalytics(() => ({ analyticsSummary: stubSummary() }));
    await screen.findByRole('heading', { name: 'License use against limits' }, WAIT);
    const files = captureDownloads();
    const sent = gateway.sent.length;

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of License use against limits' }));

    expect(files.map((file) => file.name)).toEqual(['analytics-license-use-2026-03-04.csv']);
    expect(await files[0]!.text).toBe(
      'Organization,Organization ID,Active users,User limit,Explorer seats used,Explorer seats,Viewer seats used,Viewer seats,Highest use (%)\r\n' +
        'Acme Health,acme-health,8,20,5,5,2,10,100\r\n' +
        '"Globex, ""The"" Clinic",globex,4,10,0,0,0,0,40\r\n',
    );
    expect(gateway.sent.length).toBe(sent);
  });

  it('says so where a section has nothing, and offers no empty export', async () => {
    await renderAnalytics(() => ({
      analyticsSummary: stubSummary({ jobsInProgress: [], credentialsExpiringSoon: [], credentialsExpiringTotal: 0 }),
    }));
    expect(
      await screen.findByText('No onboarding, deployment or offboarding is under way.', undefined, WAIT),
    ).toBeTruthy();
    expect(screen.getByText('No credential expires in the next 30 days.')).toBeTruthy();
    const exportJobs = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Export CSV of Onboarding and deployment in progress',
    });
    expect(exportJobs.disabled).toBe(true);
  });

  it('gives the total of expiring credentials, and says when only the soonest are listed', async () => {
    const [first] = stubSummary().credentialsExpiringSoon;
    const hundred = Array.from({ length: 100 }, (_, index) => ({ ...first, id: `cred-${index}` }));
    await renderAnalytics(() => ({
      analyticsSummary: stubSummary({ credentialsExpiringSoon: hundred, credentialsExpiringTotal: 1234 }),
    }));
    const description = await screen.findByText(
      /^1,234 data access credentials expire within 30 days\. The 100 soonest are charted and listed/,
      { selector: 'p' },
      WAIT,
    );
    expect(description).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('1,234')).toBeTruthy();
    expect(within(totals).getByText('1.2k')).toBeTruthy();
  });

  it('explains a failed load and tries again on request', async () => {
    let calls = 0;
    await renderAnalytics(() => {
      calls += 1;
      return calls === 1
        ? { body: { errors: [{ message: 'The platform did not answer.' }], data: null } }
        : { analyticsSummary: stubSummary() };
    });
    expect(await screen.findByText('The figures could not be loaded', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText(/The platform did not answer\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'License use against limits' }, WAIT)).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('refreshes the figures on request, and keeps them with a toast when that fails', async () => {
    let calls = 0;
    const { toasts } = await renderAnalytics(() => {
      calls += 1;
      if (calls === 3) return { body: { errors: [{ message: 'The platform did not answer.' }], data: null } };
      const totals = { __typename: 'AnalyticsTotals', organizations: 66 + calls, users: 3412, activeUsers: 3300 };
      return { analyticsSummary: stubSummary({ totals }) };
    });
    const totalsRegion = await screen.findByRole('region', { name: 'Totals' }, WAIT);
    const exact = { selector: '.meridian-visually-hidden' };
    expect(within(totalsRegion).getByText('67', exact)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(totalsRegion).findByText('68', exact, WAIT)).toBeTruthy();

    const shown = vi.spyOn(toasts, 'show');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(shown.mock.calls[0]![0]).toMatchObject({
      type: 'error',
      message: 'The figures could not be refreshed: The platform did not answer.',
    });
    expect(screen.getByRole('region', { name: 'Totals' })).toBeTruthy();
    expect(calls).toBe(3);
  });

  it('colours the charts for the app’s theme', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    await renderAnalytics(() => ({ analyticsSummary: stubSummary() }));
    await screen.findByRole('heading', { name: 'Users by role and active state' }, WAIT);
    const tooltips = [...document.querySelectorAll<HTMLElement>('.recharts-default-tooltip')];
    expect(tooltips.length).toBeGreaterThan(0);
    expect(tooltips.map((tooltip) => tooltip.style.background)).toContain(chartTheme('dark').tooltipBackground);
    expect(document.body.classList.contains(Classes.DARK)).toBe(true);
  });

  it('shows skeletons while the summary loads', async () => {
    await renderAnalytics(() => ({ analyticsSummary: stubSummary() }));
    expect(screen.getByLabelText('Loading the figures').getAttribute('aria-busy')).toBe('true');
  });
});
