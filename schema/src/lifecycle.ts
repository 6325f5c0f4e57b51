import { isRole, isSystemRole } from './roles.js';

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

/** What else decides a move than the status and the jobs. */
export interface MoveContext {
  /** The organization is the operators' own (named like the product): it is never offboarded. */
  operatorsOrganization?: boolean;
}

/** Whether `action` is allowed for an organization in `status` whose jobs stand at `jobs`. */
export function canPerform(
  action: LifecycleAction,
  status: OrganizationStatus,
  jobs: JobStatuses,
  context: MoveContext = {},
): boolean {
  if (action === 'offboard' && context.operatorsOrganization) return false;
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

export function allowedActions(
  status: OrganizationStatus,
  jobs: JobStatuses,
  context: MoveContext = {},
): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => canPerform(action, status, jobs, context));
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

/**
 * The 409 message of offboarding the operators' own organization (decisions.md "Organization lifecycle
 * ends access"): it would sign out every operator at once and leave nobody to bring it back.
 */
export const operatorsOffboardingRefusal = (productName: string) =>
  `${productName} is the operators’ own organization: it cannot be offboarded, since offboarding would sign out and lock out the people who run the platform.`;

/**
 * Whether the people of an organization in `status` may work: sign in, refresh their session, reach
 * the gateway and the REST API, be provisioned by its directory or signed in by its identity provider.
 * Only an active organization's (a segment switch keeps it active); before activation and from the
 * start of offboarding they are refused as a deactivated user is. The one rule every check asks.
 */
export function organizationAdmitsPeople(status: string): boolean {
  return status === 'active';
}

/**
 * Whether a person with `role` (as stored) of an organization in `organizationStatus` may work.
 * Operators (system roles) work on every organization at every stage, so their own organization's
 * status never refuses them; everyone else follows organizationAdmitsPeople.
 */
export function personMayWork(role: string | null, organizationStatus: string): boolean {
  if (isRole(role) && isSystemRole(role)) return true;
  return organizationAdmitsPeople(organizationStatus);
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
