/** The organization lifecycle (decisions.md "Organization lifecycle"). */
export const ORGANIZATION_STATUSES = [
  'created',
  'onboarding',
  'deploying',
  'active',
  'offboarding',
  'offboarded',
] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const JOB_KINDS = ['onboarding', 'deployment', 'offboarding'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['not_started', 'in_progress', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const LIFECYCLE_ACTIONS = ['onboard', 'deploy', 'activate', 'offboard', 'switchSegment'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export type JobStatuses = Partial<Record<JobKind, JobStatus>>;

/** Whether `action` is allowed for an organization in `status` whose jobs stand at `jobs`. */
export function canPerform(action: LifecycleAction, status: OrganizationStatus, jobs: JobStatuses): boolean {
  switch (action) {
    case 'onboard':
      return status === 'created' || (status === 'onboarding' && jobs.onboarding === 'failed');
    case 'deploy':
      return (
        (status === 'onboarding' && jobs.onboarding === 'completed') ||
        (status === 'deploying' && jobs.deployment === 'failed')
      );
    case 'activate':
      return (status === 'deploying' && jobs.deployment === 'completed') || status === 'offboarded';
    case 'offboard':
      return status === 'active' || (status === 'offboarding' && jobs.offboarding === 'failed');
    case 'switchSegment':
      return status === 'active';
  }
}

export function allowedActions(status: OrganizationStatus, jobs: JobStatuses): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => canPerform(action, status, jobs));
}

const ACTION_WORDS: Record<LifecycleAction, string> = {
  onboard: 'onboard',
  deploy: 'deploy',
  activate: 'activate',
  offboard: 'offboard',
  switchSegment: 'switch the segment of',
};

/** The 409 message of a refused move: `Cannot {action} an organization that is {status}.` */
export function lifecycleRefusal(action: LifecycleAction, status: OrganizationStatus): string {
  return `Cannot ${ACTION_WORDS[action]} an organization that is ${status}.`;
}

/** The job each in-between status waits on (decisions.md "Organization lifecycle"). */
export const JOB_OF_STATUS: Readonly<Partial<Record<OrganizationStatus, JobKind>>> = {
  onboarding: 'onboarding',
  deploying: 'deployment',
  offboarding: 'offboarding',
};

/**
 * The job whose failure the organization's status hides, or null: the job its status waits on, when
 * that job failed. The one rule for showing "Deployment failed" instead of "Deploying" (gateway,
 * platform analytics and console all ask it).
 */
export function failedJobOf(status: OrganizationStatus, jobs: JobStatuses): JobKind | null {
  const kind = JOB_OF_STATUS[status];
  return kind !== undefined && jobs[kind] === 'failed' ? kind : null;
}

const JOB_NAMES: Readonly<Record<JobKind, string>> = {
  onboarding: 'Onboarding',
  deployment: 'Deployment',
  offboarding: 'Offboarding',
};

/** How a failed job reads wherever the organization's state shows: "Deployment failed". */
export function jobFailureLabel(kind: JobKind): string {
  return `${JOB_NAMES[kind]} failed`;
}
