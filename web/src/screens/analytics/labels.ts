import { ORGANIZATION_STATUSES, roleFromEnum, type OrganizationStatus, type Role } from '@meridian/schema';
import { formatDateTime as formatDateTimeOf } from '../../lib/dates.js';

/** Counts exact in the tables (charts and totals abbreviate); dates and times in the reader's locale. */
export { formatCount } from '../../lib/numbers.js';
export { formatDate } from '../../lib/dates.js';
export const formatDateTime = (iso: string): string => formatDateTimeOf(iso);

/** Lifecycle state of a GraphQL enum value (ONBOARDING → onboarding); undefined for one we do not know. */
export function statusFromEnum(value: string): OrganizationStatus | undefined {
  const key = value.toLowerCase();
  return (ORGANIZATION_STATUSES as readonly string[]).includes(key) ? (key as OrganizationStatus) : undefined;
}

/**
 * A key in words, as the catalog names segments: 'offboarded' → 'Offboarded', 'health-plan' →
 * 'Health Plan' (the summary carries keys only, and one query is all this page sends).
 */
export function humanize(key: string): string {
  return key
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const statusLabel = (status: OrganizationStatus): string => humanize(status);

/** Organizations without a segment are counted under this label rather than dropped. */
export const NO_SEGMENT_LABEL = 'No segment';
export const segmentLabel = (segment: string): string => humanize(segment) || NO_SEGMENT_LABEL;

/** Role key of the GraphQL enum value, or undefined (a role the console does not know is skipped). */
export const roleOf = (value: string): Role | undefined => roleFromEnum(value);
