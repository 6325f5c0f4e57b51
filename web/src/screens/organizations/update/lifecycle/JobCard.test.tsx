import { Classes } from '@blueprintjs/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFragmentData } from '../../../../gql/index.js';
import { JobCard, JobCard_job } from './JobCard.js';

afterEach(cleanup);

/** The platform's words for a deployment of an organization without a domain. */
const NO_DOMAIN =
  'Sign-in cannot be configured because the organization has no domain. Add a domain, then start the deployment again.';

type Step = { name: string; status: 'COMPLETED' | 'FAILED' | 'PENDING'; message?: string | null };

const deployment = (steps: Step[], attempts = 1) =>
  makeFragmentData(
    {
      __typename: 'LifecycleJob',
      status: steps.some((step) => step.status === 'FAILED') ? 'FAILED' : 'IN_PROGRESS',
      startedAt: '2026-11-21T09:00:00Z',
      completedAt: steps.some((step) => step.status === 'FAILED') ? '2026-11-21T09:00:03Z' : null,
      attempts,
      steps: steps.map((step) => ({ __typename: 'JobStep' as const, ...step, message: step.message ?? null })),
    },
    JobCard_job,
  );

const stepItems = () => within(screen.getByRole('list', { name: 'Deployment steps' })).getAllByRole('listitem');

describe('deployment progress', () => {
  it('shows why the failed step failed, under that step, in a danger callout', () => {
    render(
      <JobCard
        title="Deployment"
        job={deployment([
          { name: 'Configure sign-in', status: 'FAILED', message: NO_DOMAIN },
          { name: 'Deploy BI portal', status: 'PENDING' },
        ])}
      />,
    );
    const [failed, next] = stepItems();
    // The step's icon, its name, then the reason under it.
    expect(failed!.textContent).toBe(`FailedConfigure sign-in${NO_DOMAIN}`);
    const callout = within(failed!).getByText(NO_DOMAIN).closest(`.${Classes.CALLOUT}`);
    expect(callout?.classList.contains(Classes.INTENT_DANGER)).toBe(true);
    expect(next!.textContent).toBe('PendingDeploy BI portal');
    expect(next!.querySelector(`.${Classes.CALLOUT}`)).toBeNull();
    // The job's own summary stays below the steps.
    expect(screen.getByText(/Deployment failed at “Configure sign-in”/)).not.toBeNull();
  });

  it('shows no reason for a step that did not fail, nor for a failed step that gives none', () => {
    render(
      <JobCard
        title="Deployment"
        job={deployment([
          { name: 'Configure sign-in', status: 'COMPLETED', message: 'words from an earlier run' },
          { name: 'Deploy BI portal', status: 'FAILED', message: null },
        ])}
      />,
    );
    expect(screen.queryByText('words from an earlier run')).toBeNull();
    const [, failed] = stepItems();
    expect(failed!.querySelector(`.${Classes.CALLOUT}`)).toBeNull();
    expect(screen.getByText(/Deployment failed at “Deploy BI portal”/)).not.toBeNull();
  });

  it('says which step failed, when, at which attempt, and how to retry it with the button the page offers', () => {
    const failedJob = deployment(
      [
        { name: 'Configure sign-in', status: 'FAILED', message: NO_DOMAIN },
        { name: 'Deploy BI portal', status: 'PENDING' },
      ],
      2,
    );
    const { unmount } = render(<JobCard title="Deployment" job={failedJob} retryLabel="Retry deployment" />);
    const summary = screen.getByText('Deployment failed at “Configure sign-in”').closest(`.${Classes.CALLOUT}`)!;
    expect(summary.textContent).toContain('Failed Nov 21, 2026');
    expect(summary.textContent).toContain('attempt 2.');
    expect(summary.textContent).toContain(
      'To retry: fix what the step says, then press “Retry deployment” below the lifecycle path. The deployment runs all its steps again (attempt 3).',
    );
    unmount();

    // A reader who is not offered the retry is told who can.
    render(<JobCard title="Deployment" job={failedJob} />);
    expect(screen.getByText(/someone who may change the lifecycle can retry the deployment/)).toBeTruthy();
  });
});
