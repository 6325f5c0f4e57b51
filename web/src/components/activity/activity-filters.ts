import { isAuditAction, type AuditAction } from '@meridian/schema';
import type { AuditEventFilter, AuditTargetType } from '../../gql/graphql.js';

/**
 * What the activity list shows, as its URL keeps it (decisions.md: a list can be linked to, and the
 * back button undoes a filter). Dates are calendar days (YYYY-MM-DD) in the browser's time zone, both
 * ends included.
 */
export interface ActivityFilter {
  organizationId: string;
  actor: string;
  targetType: AuditTargetType | '';
  targetId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export type ActivityFilterKey = keyof ActivityFilter;

/** The URL's search parameter names: the contract's filter field names, so a link reads plainly. */
export const ACTIVITY_FILTER_KEYS = [
  'organizationId',
  'actor',
  'targetType',
  'targetId',
  'action',
  'from',
  'to',
] as const satisfies readonly ActivityFilterKey[];

export const EMPTY_ACTIVITY_FILTER: ActivityFilter = {
  organizationId: '',
  actor: '',
  targetType: '',
  targetId: '',
  action: '',
  from: '',
  to: '',
};

/** The target kinds a person filters by, with their words (the contract's enum values). */
export const TARGET_TYPE_OPTIONS: readonly { value: AuditTargetType; label: string }[] = [
  { value: 'ORGANIZATION', label: 'Organization' },
  { value: 'USER', label: 'User' },
  { value: 'CREDENTIAL', label: 'Credential' },
  { value: 'PROVIDER', label: 'Provider' },
  { value: 'PROVIDER_BATCH', label: 'Provider links (bulk)' },
];

const isTargetType = (value: string): value is AuditTargetType =>
  TARGET_TYPE_OPTIONS.some((option) => option.value === value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime());

/** The filter a URL asks for; a value that is not one the list knows (an old link, a typo) is dropped. */
export function parseActivityFilter(params: URLSearchParams): ActivityFilter {
  const text = (key: ActivityFilterKey) => params.get(key)?.trim() ?? '';
  const targetType = text('targetType');
  const action = text('action');
  return {
    organizationId: text('organizationId'),
    actor: text('actor'),
    targetType: isTargetType(targetType) ? targetType : '',
    targetId: text('targetId'),
    action: isAuditAction(action) ? action : '',
    from: isDay(text('from')) ? text('from') : '',
    to: isDay(text('to')) ? text('to') : '',
  };
}

/**
 * The URL's search parameters for a filter: `current`'s other parameters kept, the filter's empty
 * fields left out (the plain URL is the whole trail).
 */
export function activityFilterParams(filter: ActivityFilter, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of ACTIVITY_FILTER_KEYS) {
    const value = filter[key].trim();
    if (value === '') params.delete(key);
    else params.set(key, value);
  }
  return params;
}

/** Midnight starting a calendar day in the browser's time zone, as the contract's DateTime. */
function startOfDay(day: string, plusDays = 0): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

/**
 * The gateway's filter: the URL's filter with the fixed fields of the page laid over it (an
 * organization's tab, a user's tab, an Org Admin's own organization). `to` is a whole day: the
 * gateway's `to` is exclusive, so it is the next day's midnight.
 */
export function gatewayFilter(filter: ActivityFilter, fixed: Partial<ActivityFilter> = {}): AuditEventFilter {
  const effective = { ...filter, ...fixed };
  const result: AuditEventFilter = {};
  if (effective.organizationId) result.organizationId = effective.organizationId;
  if (effective.actor) result.actor = effective.actor;
  if (effective.targetType) result.targetType = effective.targetType;
  if (effective.targetId) result.targetId = effective.targetId;
  if (effective.action) result.action = effective.action;
  if (effective.from) result.from = startOfDay(effective.from);
  if (effective.to) result.to = startOfDay(effective.to, 1);
  return result;
}

/** Whether any field a person may change is set (the empty state then suggests clearing them). */
export function hasActiveFilter(filter: ActivityFilter, fixed: Partial<ActivityFilter> = {}): boolean {
  return ACTIVITY_FILTER_KEYS.some((key) => !(key in fixed) && filter[key] !== '');
}

/** A time range whose end comes before its start matches nothing: said next to the dates. */
export function timeRangeError(filter: Pick<ActivityFilter, 'from' | 'to'>): string | null {
  return filter.from !== '' && filter.to !== '' && filter.to < filter.from
    ? 'The end date is before the start date.'
    : null;
}
