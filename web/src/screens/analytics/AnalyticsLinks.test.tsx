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
});
