import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionUserOf, WAIT } from '../../../routes/test-support.js';
import { job, organizationRecord, renderWithGateway, steps } from '../test-support.js';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const REASON = 'Sign-in cannot be configured because the organization has no domain.';

describe('the organization’s header', { timeout: 20_000 }, () => {
  it('says “Deployment failed”, not “Deploying”, and leads to the lifecycle where the reason is', async () => {
    renderWithGateway('/admin/org-management/acme/update/general', admin, {
      OrganizationUpdate: () => ({
        organization: organizationRecord({
          status: 'DEPLOYING',
          allowedActions: ['DEPLOY'],
          deployment: { ...job('FAILED', steps(['Configure sign-in'], 'FAILED')), completedAt: '2026-11-20T10:00:01Z' },
          lifecycleProblem: {
            __typename: 'LifecycleProblem',
            label: 'Deployment failed',
            step: 'Configure sign-in',
            reason: REASON,
          },
        }),
      }),
    });
    const header = (await screen.findByRole('heading', { name: 'Acme Health', level: 1 }, WAIT)).closest('header')!;
    expect(within(header).queryByText('Deploying')).toBeNull();
    const failed = within(header).getByRole('link', { name: /^Deployment failed at “Configure sign-in”/ });
    expect(failed.textContent).toBe('Deployment failed');
    expect(failed.getAttribute('href')).toBe('/admin/org-management/acme/update/lifecycle');
    expect(within(header).getByTitle(`Deployment failed at “Configure sign-in”: ${REASON}`)).toBeTruthy();
  });

  it('says “Onboarded — deploy next” once onboarding completed, as the lifecycle says to start the deployment', async () => {
    renderWithGateway('/admin/org-management/acme/update/lifecycle', admin, {
      OrganizationUpdate: () => ({
        organization: organizationRecord({
          status: 'ONBOARDING',
          active: false,
          allowedActions: ['DEPLOY'],
          onboarding: job('COMPLETED', steps(['Create tenant workspace'], 'COMPLETED')),
          deployment: job(),
        }),
      }),
    });
    const header = (await screen.findByRole('heading', { name: 'Acme Health', level: 1 }, WAIT)).closest('header')!;
    expect(within(header).getByText('Onboarded — deploy next')).toBeTruthy();
    expect(within(header).queryByText('Onboarding')).toBeNull();
    expect(await screen.findByText('Onboarded. Start the deployment next.', undefined, WAIT)).toBeTruthy();
  });

  it('places the page: Organizations › Acme Health › Settings', async () => {
    renderWithGateway('/admin/org-management/acme/update/general', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' }, WAIT);
    expect(within(trail).getByRole('link', { name: 'Organizations' }).getAttribute('href')).toBe(
      '/admin/org-management',
    );
    expect(within(trail).getByText('Settings').getAttribute('aria-current')).toBe('page');
  });
});
