import { describeAuditEvent, roleFromEnum, roleLabel } from '@meridian/schema';
import type { ActivityEvent_EventFragment } from '../../gql/graphql.js';
import { formatDateTime } from '../../lib/dates.js';

export type ActivityEventFields = ActivityEvent_EventFragment;

/** The event in words ("A. Operator deactivated j.doe@acme.test"): the shared rule of @meridian/schema. */
export const eventSentence = (event: ActivityEventFields): string => describeAuditEvent(event);

/** The actor's role as people read it (the product's name in system roles); empty for anonymous callers. */
export function actorRoleText(event: Pick<ActivityEventFields, 'actorRole'>, productName: string): string {
  const role = event.actorRole ? roleFromEnum(event.actorRole) : undefined;
  return role ? roleLabel(role, productName) : '';
}

const ACTOR_KINDS: Readonly<Record<ActivityEventFields['actorKind'], string>> = {
  USER: 'User',
  CLIENT: 'Internal tool',
  ANONYMOUS: 'Not signed in',
  CONNECTION: 'Single sign-on',
  DIRECTORY: 'Directory provisioning',
};

export const actorKindText = (event: Pick<ActivityEventFields, 'actorKind'>): string => ACTOR_KINDS[event.actorKind];

/** When it happened, in the reader's time zone (the CSV keeps the exact UTC time). */
export function occurredText(occurredAt: string): string {
  return formatDateTime(occurredAt, { seconds: true });
}

/** One change for the CSV: "active: true → false" (an absent value reads "none"). */
export function changeText(change: { field: string; before?: string | null; after?: string | null }): string {
  return `${change.field}: ${change.before ?? 'none'} → ${change.after ?? 'none'}`;
}
