import { Intent } from '@blueprintjs/core';

/** The contract's lifecycle states (OrganizationStatus), in their order. */
export const ORGANIZATION_STATUS_ORDER = [
  'CREATED',
  'ONBOARDING',
  'DEPLOYING',
  'ACTIVE',
  'OFFBOARDING',
  'OFFBOARDED',
] as const;
export type OrganizationStatusValue = (typeof ORGANIZATION_STATUS_ORDER)[number];

interface StatusLook {
  label: string;
  intent: Intent;
  /** What the state means for the organization's people, for the tag's title. */
  description: string;
}

const LOOKS: Record<OrganizationStatusValue, StatusLook> = {
  CREATED: { label: 'Created', intent: Intent.NONE, description: 'Created, not onboarded yet; not active.' },
  ONBOARDING: { label: 'Onboarding', intent: Intent.PRIMARY, description: 'Being onboarded; not active yet.' },
  DEPLOYING: { label: 'Deploying', intent: Intent.PRIMARY, description: 'Being deployed; not active yet.' },
  ACTIVE: { label: 'Active', intent: Intent.SUCCESS, description: 'Active: its users can sign in and work.' },
  OFFBOARDING: { label: 'Offboarding', intent: Intent.WARNING, description: 'Being offboarded.' },
  OFFBOARDED: { label: 'Offboarded', intent: Intent.DANGER, description: 'Offboarded: inactive, credentials revoked.' },
};

const isStatus = (value: string): value is OrganizationStatusValue =>
  (ORGANIZATION_STATUS_ORDER as readonly string[]).includes(value);

/** A failed job the status waits on, as the gateway names it (Organization.lifecycleProblem). */
export interface LifecycleProblemView {
  /** "Deployment failed": schema's jobFailureLabel, decided by its failedJobOf. */
  label: string;
  step?: string | null;
  reason?: string | null;
}

/** A failure's meaning for the tag's title: the step and why, so the reason is a hover away. */
function problemDescription(problem: LifecycleProblemView): string {
  const at = problem.step ? ` at “${problem.step}”` : '';
  return `${problem.label}${at}${problem.reason ? `: ${problem.reason}` : '.'}`;
}

/**
 * A state whose job is done and that waits for a person's move, by the move it waits for: the badge names
 * what to do, not work under way ("Onboarding" once onboarding completed would say "wait").
 */
const AWAITING: readonly { status: OrganizationStatusValue; move: string; look: StatusLook }[] = [
  {
    status: 'CREATED',
    move: 'ONBOARD',
    look: {
      label: 'Created — onboard next',
      intent: Intent.WARNING,
      description: 'Created, not onboarded yet: start onboarding next. Not active.',
    },
  },
  {
    status: 'ONBOARDING',
    move: 'DEPLOY',
    look: {
      label: 'Onboarded — deploy next',
      intent: Intent.WARNING,
      description: 'Onboarding completed: start the deployment next. Not active yet.',
    },
  },
  {
    status: 'DEPLOYING',
    move: 'ACTIVATE',
    look: {
      label: 'Deployed — activate',
      intent: Intent.WARNING,
      description: 'Deployment completed: activate the organization to let its users work.',
    },
  },
];

/**
 * How a lifecycle state is shown: a failed job it waits on overrides it (red, "Deployment failed"), so a
 * failure never reads as work under way; a state whose job is done and that waits for an operator's move
 * (its `allowedActions`, the gateway's answer from schema's one lifecycle table) names that move
 * ("Deployed — activate"); an unknown value is shown as it is, without colour. Without `allowedActions`
 * (a filter naming a state) the state's own word.
 */
export function statusLook(
  status: string,
  problem?: LifecycleProblemView | null,
  allowedActions?: readonly string[] | null,
): StatusLook {
  if (problem) return { label: problem.label, intent: Intent.DANGER, description: problemDescription(problem) };
  const awaiting = allowedActions && AWAITING.find((entry) => entry.status === status);
  if (awaiting && allowedActions.includes(awaiting.move)) return awaiting.look;
  return isStatus(status) ? LOOKS[status] : { label: status, intent: Intent.NONE, description: status };
}
