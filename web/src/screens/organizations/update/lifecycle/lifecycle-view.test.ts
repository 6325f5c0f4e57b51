import { describe, expect, it } from 'vitest';
import {
  anyJobRunning,
  failedStep,
  jobProgress,
  nextStepHint,
  offboardingConsequences,
  offeredMoves,
  stepFailureMessage,
  type LifecycleJobs,
} from './lifecycle-view.js';

const jobs = (overrides: Partial<Record<keyof LifecycleJobs, string>> = {}): LifecycleJobs => ({
  onboarding: { status: (overrides.onboarding ?? 'NOT_STARTED') as never },
  deployment: { status: (overrides.deployment ?? 'NOT_STARTED') as never },
  offboarding: { status: (overrides.offboarding ?? 'NOT_STARTED') as never },
});

describe('lifecycle moves', () => {
  it('offers exactly the allowed actions, in the lifecycle’s order', () => {
    const moves = offeredMoves(['OFFBOARD', 'SWITCH_SEGMENT'], 'ACTIVE', jobs({ onboarding: 'COMPLETED' }));
    expect(moves.map((move) => [move.action, move.label])).toEqual([
      ['SWITCH_SEGMENT', 'Switch segment…'],
      ['OFFBOARD', 'Offboard…'],
    ]);
    expect(offeredMoves([], 'ONBOARDING', jobs({ onboarding: 'IN_PROGRESS' }))).toEqual([]);
  });

  it('words retries after a failed job and a re-activation', () => {
    expect(offeredMoves(['DEPLOY'], 'DEPLOYING', jobs({ deployment: 'FAILED' }))[0]?.label).toBe('Retry deployment');
    expect(offeredMoves(['ONBOARD'], 'ONBOARDING', jobs({ onboarding: 'FAILED' }))[0]?.label).toBe('Retry onboarding');
    expect(offeredMoves(['ACTIVATE'], 'OFFBOARDED', jobs())[0]?.label).toBe('Re-activate');
    expect(offeredMoves(['ACTIVATE'], 'DEPLOYING', jobs({ deployment: 'COMPLETED' }))[0]?.label).toBe('Activate');
  });

  it('polls while a job runs', () => {
    expect(anyJobRunning(jobs({ deployment: 'IN_PROGRESS' }))).toBe(true);
    expect(anyJobRunning(jobs({ offboarding: 'PENDING' }))).toBe(true);
    expect(anyJobRunning(jobs({ onboarding: 'COMPLETED', deployment: 'FAILED' }))).toBe(false);
  });

  it('counts steps done and finds the failed one', () => {
    const job = {
      status: 'FAILED' as const,
      steps: [
        { name: 'Configure sign-in', status: 'FAILED' as const },
        { name: 'Deploy BI portal', status: 'PENDING' as const },
      ],
    };
    expect(jobProgress(job)).toEqual({ done: 0, total: 2, share: 0 });
    expect(failedStep(job)).toBe('Configure sign-in');
    expect(
      jobProgress({
        status: 'IN_PROGRESS',
        steps: [
          { name: 'a', status: 'COMPLETED' },
          { name: 'b', status: 'IN_PROGRESS' },
        ],
      }).share,
    ).toBe(0.5);
  });

  it('gives a step’s failure reason only for a failed step that has one', () => {
    const reason = 'Sign-in cannot be configured because the organization has no domain.';
    expect(stepFailureMessage({ name: 'Configure sign-in', status: 'FAILED', message: reason })).toBe(reason);
    expect(stepFailureMessage({ name: 'Configure sign-in', status: 'FAILED', message: '  ' })).toBeNull();
    expect(stepFailureMessage({ name: 'Configure sign-in', status: 'FAILED', message: null })).toBeNull();
    expect(stepFailureMessage({ name: 'Configure sign-in', status: 'FAILED' })).toBeNull();
    expect(stepFailureMessage({ name: 'Configure sign-in', status: 'COMPLETED', message: reason })).toBeNull();
  });

  it('says what comes next', () => {
    expect(nextStepHint('CREATED', jobs())).toBe(
      'Created. Start onboarding to prepare its workspace; its users cannot sign in until it is active.',
    );
    expect(nextStepHint('DEPLOYING', jobs({ deployment: 'FAILED' }))).toBe(
      'Deployment failed: the failed step below says why and how to retry.',
    );
    expect(nextStepHint('DEPLOYING', jobs({ deployment: 'COMPLETED' }))).toBe(
      'Deployed. Activate the organization to let its users work.',
    );
    expect(nextStepHint('OFFBOARDED', jobs({ offboarding: 'COMPLETED' }))).toBe(
      'Offboarded: inactive, its people cannot sign in and its credentials are revoked. It can be re-activated.',
    );
  });

  it('says what offboarding ends, with the numbers once known', () => {
    const access = { activeUsers: 42, signedInPeople: 3, sessions: 4, enabledCredentials: 7, scimTokens: 1 };
    expect(offboardingConsequences('Acme Health', access)).toEqual([
      'It ends the 4 sessions of the 3 people signed in now, at once; Acme Health’s 42 active users cannot sign in until it is re-activated.',
      'It disables 7 enabled credentials of the organization and its people and revokes 1 SCIM token, then archives its data and removes its BI portal; it ends inactive.',
      'It can be re-activated later: its people may then sign in again, but its credentials stay disabled.',
    ]);
    const quiet = { activeUsers: 1, signedInPeople: 0, sessions: 0, enabledCredentials: 1, scimTokens: 0 };
    expect(offboardingConsequences('Initech', quiet).slice(0, 2)).toEqual([
      'Nobody is signed in now; Initech’s 1 active user cannot sign in until it is re-activated.',
      'It disables 1 enabled credential of the organization and its people, then archives its data and removes its BI portal; it ends inactive.',
    ]);
    // While the numbers load: the same promise, in general words.
    expect(offboardingConsequences('Acme Health', null)[0]).toMatch(
      /^Offboarding signs every person of Acme Health out at once/,
    );
  });
});
