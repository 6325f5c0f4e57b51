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

/** How a lifecycle state is shown; an unknown value is shown as it is, without colour. */
export function statusLook(status: string): StatusLook {
  return isStatus(status) ? LOOKS[status] : { label: status, intent: Intent.NONE, description: status };
}
