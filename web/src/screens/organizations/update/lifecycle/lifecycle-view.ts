import type { JobStatus, LifecycleAction } from '../../../../gql/graphql.js';

/** Where a lifecycle job stands. */
export interface JobState {
  status: JobStatus;
}

/** One step of a lifecycle job; a failed step says why in `message`. */
export interface StepView {
  name: string;
  status: JobStatus;
  message?: string | null;
}

/** A lifecycle job with its steps. */
export interface JobView extends JobState {
  steps: readonly StepView[];
}

export interface LifecycleJobs {
  onboarding: JobState;
  deployment: JobState;
  offboarding: JobState;
}

export type JobKind = keyof LifecycleJobs;

export const JOB_TITLES: Record<JobKind, string> = {
  onboarding: 'Onboarding',
  deployment: 'Deployment',
  offboarding: 'Offboarding',
};

/** The order moves are offered in: the lifecycle's own order. */
const MOVE_ORDER: readonly LifecycleAction[] = ['ONBOARD', 'DEPLOY', 'ACTIVATE', 'SWITCH_SEGMENT', 'OFFBOARD'];

/** A move the page offers: the action and its button's words. */
export interface Move {
  action: LifecycleAction;
  label: string;
  /** What the move does, under the button. */
  description: string;
}

/**
 * The moves to offer: exactly the organization's allowedActions (the gateway's answer from the one
 * lifecycle table), worded for the situation (a retry after a failed job, a re-activation).
 */
export function offeredMoves(allowedActions: readonly LifecycleAction[], status: string, jobs: LifecycleJobs): Move[] {
  const allowed = new Set(allowedActions);
  const failed = (kind: JobKind) => jobs[kind].status === 'FAILED';
  const moves: Record<LifecycleAction, Move> = {
    ONBOARD: {
      action: 'ONBOARD',
      label: failed('onboarding') ? 'Retry onboarding' : 'Start onboarding',
      description: 'Creates the workspace and loads reference data.',
    },
    DEPLOY: {
      action: 'DEPLOY',
      label: failed('deployment') ? 'Retry deployment' : 'Start deployment',
      description: 'Configures sign-in, deploys the BI portal and grants data access.',
    },
    ACTIVATE: {
      action: 'ACTIVATE',
      label: status === 'OFFBOARDED' ? 'Re-activate' : 'Activate',
      description:
        status === 'OFFBOARDED'
          ? 'Makes the organization active again: its people may sign in again; its revoked credentials stay disabled.'
          : 'Makes the organization active: its users can sign in and work.',
    },
    SWITCH_SEGMENT: {
      action: 'SWITCH_SEGMENT',
      label: 'Switch segment…',
      description: 'Changes the customer segment and Medicare licensing, optionally the licenses.',
    },
    OFFBOARD: {
      action: 'OFFBOARD',
      label: failed('offboarding') ? 'Retry offboarding…' : 'Offboard…',
      description:
        'Signs its people out at once and refuses them, disables every credential, archives the data and removes the BI portal.',
    },
  };
  return MOVE_ORDER.filter((action) => allowed.has(action)).map((action) => moves[action]);
}

/** A job whose steps are still advancing. */
export const isRunning = (job: JobState): boolean => job.status === 'IN_PROGRESS' || job.status === 'PENDING';

/** Whether any job is under way: the page then polls for progress. */
export function anyJobRunning(jobs: LifecycleJobs): boolean {
  return isRunning(jobs.onboarding) || isRunning(jobs.deployment) || isRunning(jobs.offboarding);
}

/** Steps done of all, for the progress bar. */
export function jobProgress(job: JobView): { done: number; total: number; share: number } {
  const total = job.steps.length;
  const done = job.steps.filter((step) => step.status === 'COMPLETED').length;
  return { done, total, share: total === 0 ? 0 : done / total };
}

/** The step that failed, if the job failed at one. */
export function failedStep(job: JobView): string | null {
  return job.steps.find((step) => step.status === 'FAILED')?.name ?? null;
}

/** Why a step failed, in the platform's words, shown under it: only for a failed step that says why. */
export function stepFailureMessage(step: StepView): string | null {
  const message = step.status === 'FAILED' ? step.message?.trim() : undefined;
  return message ? message : null;
}

/** What the state means and what comes next, in a sentence. */
export function nextStepHint(status: string, jobs: LifecycleJobs): string {
  switch (status) {
    case 'CREATED':
      return 'Created. Start onboarding to prepare its workspace; its users cannot sign in until it is active.';
    case 'ONBOARDING':
      if (isRunning(jobs.onboarding)) return 'Onboarding is under way.';
      return jobs.onboarding.status === 'FAILED'
        ? 'Onboarding failed: the failed step below says why and how to retry.'
        : 'Onboarded. Start the deployment next.';
    case 'DEPLOYING':
      if (isRunning(jobs.deployment)) return 'Deployment is under way.';
      return jobs.deployment.status === 'FAILED'
        ? 'Deployment failed: the failed step below says why and how to retry.'
        : 'Deployed. Activate the organization to let its users work.';
    case 'ACTIVE':
      return 'Active: its users can sign in and work. Its segment can be switched; offboarding ends its service and their access.';
    case 'OFFBOARDING':
      if (isRunning(jobs.offboarding))
        return 'Offboarding is under way. Its people were signed out and cannot sign in.';
      return 'Offboarding failed: the failed step below says why and how to retry. Its people cannot sign in.';
    case 'OFFBOARDED':
      return 'Offboarded: inactive, its people cannot sign in and its credentials are revoked. It can be re-activated.';
    default:
      return '';
  }
}

/** What reaches an organization now (Organization.access): the numbers the offboard dialog states. */
export interface AccessCounts {
  activeUsers: number;
  signedInPeople: number;
  sessions: number;
  enabledCredentials: number;
  scimTokens: number;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What offboarding `organizationName` does, in sentences: with the numbers once they are known (null
 * while they load), in general words before.
 */
export function offboardingConsequences(organizationName: string, access: AccessCounts | null): string[] {
  const after = 'It can be re-activated later: its people may then sign in again, but its credentials stay disabled.';
  if (!access)
    return [
      `Offboarding signs every person of ${organizationName} out at once and refuses them until it is re-activated, disables every credential of the organization and its people and revokes its SCIM tokens, then archives its data and removes its BI portal; it ends inactive.`,
      after,
    ];
  const { activeUsers, signedInPeople, sessions, enabledCredentials, scimTokens } = access;
  const signedIn =
    signedInPeople === 0
      ? 'Nobody is signed in now'
      : `It ends the ${counted(sessions, 'session', 'sessions')} of the ${counted(signedInPeople, 'person', 'people')} signed in now, at once`;
  const tokens = scimTokens === 0 ? '' : ` and revokes ${counted(scimTokens, 'SCIM token', 'SCIM tokens')}`;
  return [
    `${signedIn}; ${organizationName}’s ${counted(activeUsers, 'active user', 'active users')} cannot sign in until it is re-activated.`,
    `It disables ${counted(enabledCredentials, 'enabled credential', 'enabled credentials')} of the organization and its people${tokens}, then archives its data and removes its BI portal; it ends inactive.`,
    after,
  ];
}
