import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithGateway, sessionUserOf, WAIT } from '../../routes/test-support.js';
import { stubSummary } from './test-summary.js';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const FAILED = {
  __typename: 'FailedJob',
  organizationId: 'stark',
  name: 'Stark Clinics',
  kind: 'deployment',
  failedAt: '2026-03-04T09:30:00.000Z',
  step: 'Configure sign-in',
  reason: 'Sign-in cannot be configured because the organization has no domain.',
};

const table = (name: string) => screen.getByRole('region', { name: `${name} (table)` });

describe('analytics in the console', { timeout: 20_000 }, () => {
  it('counts and lists failed jobs, each leading to the organization’s lifecycle', async () => {
    renderWithGateway('/analytics', sessionUserOf('systemViewer'), {
      AnalyticsSummary: () => ({ analyticsSummary: stubSummary({ jobsFailed: [FAILED] }) }),
    });
    await screen.findByRole('heading', { name: 'Failed lifecycle jobs' }, WAIT);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Failed jobs').nextElementSibling?.textContent).toContain('1');
    const failed = table('Failed lifecycle jobs');
    const row = within(failed).getByRole('rowheader', { name: 'Stark Clinics' }).closest('tr')!;
    expect(row.textContent).toContain('Configure sign-in');
    expect(row.textContent).toContain('no domain');
    expect(within(row).getByRole('link', { name: 'Stark Clinics' }).getAttribute('href')).toBe(
      '/admin/org-management/stark/update/lifecycle',
    );
    expect(screen.getByText(/^1 lifecycle job failed and waits for an operator/)).toBeTruthy();
  });

  it('leads from each name, id and count to its page', async () => {
    renderWithGateway('/analytics', sessionUserOf('systemViewer'), {
      AnalyticsSummary: () => ({ analyticsSummary: stubSummary() }),
    });
    await screen.findByRole('heading', { name: 'License use against limits' }, WAIT);
    const link = (region: string, name: string) =>
      within(table(region)).getAllByRole('link', { name })[0]!.getAttribute('href');

    const segments = 'Organizations by segment and lifecycle state';
    expect(link(segments, 'Health Plan')).toBe('/admin/org-management?segment=health-plan');
    expect(link(segments, '2')).toBe('/admin/org-management?segment=health-plan&status=ONBOARDING');
    // A zero leads nowhere.
    const healthPlan = within(table(segments)).getByRole('rowheader', { name: 'Health Plan' }).closest('tr')!;
    expect(
      within(healthPlan)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Health Plan', '2', '12', '14']);

    expect(link('License use against limits', 'Acme Health')).toBe('/admin/org-management/acme-health/update/licenses');
    const credentials = 'Credentials expiring in the next 30 days';
    expect(link(credentials, 'cred-soon')).toBe(
      '/admin/org-management/acme-health/users/banner%40acme.test/profile/credentials',
    );
    expect(link(credentials, 'cred-later')).toBe('/admin/org-management/globex/update/credentials');
    expect(link(credentials, 'banner@acme.test')).toBe(
      '/admin/org-management/acme-health/users/banner%40acme.test/profile/general',
    );
    expect(link(credentials, 'globex')).toBe('/admin/org-management/globex/update');
    expect(link('Onboarding and deployment in progress', 'Initech')).toBe(
      '/admin/org-management/initech/update/lifecycle',
    );
  });
});
