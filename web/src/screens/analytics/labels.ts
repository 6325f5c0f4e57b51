import { ORGANIZATION_STATUSES, roleFromEnum, type OrganizationStatus, type Role } from '@meridian/schema';

/** Counts as the tables show them: exact, with thousands separators (charts and totals abbreviate). */
const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const formatCount = (value: number): string => integerFormat.format(value);

/** Dates and times of the figures, in the reader's time zone. */
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** A date that does not parse shows as '—' rather than breaking the page (Intl throws on it). */
const formatWith =
  (format: Intl.DateTimeFormat) =>
  (iso: string): string => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '—' : format.format(date);
  };
export const formatDateTime = formatWith(dateTimeFormat);
export const formatDate = formatWith(dateFormat);

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
