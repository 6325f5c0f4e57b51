import { LICENSE_USAGE_KEYS } from '@meridian/schema';
import type { LicensesInput } from '../../../../gql/graphql.js';
import type { FieldErrors } from '../../shared/field-rules.js';
import { withDependencies, type DependencyMap } from './license-products.js';
import { formatCount } from '../../../../lib/numbers.js';

/** An organization's licenses as the console reads them (usage included). */
export interface LicenseSource {
  userLimit: number;
  activeUsers: number;
  tableauUserLicenses: { explorerCount: number; viewerCount: number; explorerUsed: number; viewerUsed: number };
  products: readonly { product: string; enabled: boolean }[];
}

/** What the licenses form holds: counts as typed, and the product keys enabled. */
export interface LicenseValues {
  userLimit: string;
  explorerCount: string;
  viewerCount: string;
  products: readonly string[];
}

/** The fields, named as the gateway names them in inputErrors (after `input.`). */
export const LICENSE_FIELDS = [
  'userLimit',
  'tableauUserLicenses.explorerCount',
  'tableauUserLicenses.viewerCount',
  'products',
] as const;
export type LicenseField = (typeof LICENSE_FIELDS)[number];

/** The platform's bounds (its licenses schema). */
export const USER_LIMIT_MAX = 10_000_000;
export const SEAT_COUNT_MAX = 1_000_000;

const COUNT_LABELS: Record<Exclude<LicenseField, 'products'>, { label: string; max: number }> = {
  userLimit: { label: 'User limit', max: USER_LIMIT_MAX },
  'tableauUserLicenses.explorerCount': { label: 'Explorer licenses', max: SEAT_COUNT_MAX },
  'tableauUserLicenses.viewerCount': { label: 'Viewer licenses', max: SEAT_COUNT_MAX },
};

/**
 * The read-only usage fields of the contract's Licenses: schema's exclusion list (LICENSE_USAGE_KEYS,
 * the REST names) in the contract's camelCase. They are never part of what is sent.
 */
export const LICENSE_USAGE_FIELDS: readonly string[] = LICENSE_USAGE_KEYS.map((key) =>
  key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
);

/** A copy without the usage fields (and Apollo's __typename), at any depth: the console's stripLicenseUsage. */
export function stripUsageFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => stripUsageFields(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const kept = Object.entries(value).filter(([key]) => key !== '__typename' && !LICENSE_USAGE_FIELDS.includes(key));
  return Object.fromEntries(kept.map(([key, item]) => [key, stripUsageFields(item)])) as T;
}

export function licenseValuesOf(source: LicenseSource): LicenseValues {
  return {
    userLimit: String(source.userLimit),
    explorerCount: String(source.tableauUserLicenses.explorerCount),
    viewerCount: String(source.tableauUserLicenses.viewerCount),
    products: source.products
      .filter((entry) => entry.enabled)
      .map((entry) => entry.product)
      .sort(),
  };
}

/** A count as typed: a whole number, or null. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export function countProblem(field: Exclude<LicenseField, 'products'>, text: string): string | null {
  const { label, max } = COUNT_LABELS[field];
  const count = parseCount(text);
  if (count === null) return `${label} must be a whole number, 0 or more.`;
  return count > max ? `${label} must be at most ${formatCount(max)}.` : null;
}

export function validateLicenses(values: LicenseValues): FieldErrors<LicenseField> {
  const errors: FieldErrors<LicenseField> = {};
  const counts = {
    userLimit: values.userLimit,
    'tableauUserLicenses.explorerCount': values.explorerCount,
    'tableauUserLicenses.viewerCount': values.viewerCount,
  } as const;
  for (const [field, text] of Object.entries(counts) as [keyof typeof counts, string][]) {
    const problem = countProblem(field, text);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/**
 * A limit below what is in use is refused by the platform (decisions.md); said beside the field
 * before sending. Null when the value fits, or is unchanged (a limit already exceeded is not judged).
 */
export function belowUsageWarning(text: string, saved: number, used: number, what: string): string | null {
  const count = parseCount(text);
  if (count === null || count === saved || count >= used) return null;
  return `${formatCount(used)} ${what} in use: a limit below that is refused.`;
}

/**
 * More seats of a Tableau level than the user limit: some can never be assigned. A warning beside the
 * seat count, not a refusal (the limit may be raised next). Null when the counts fit or are not numbers.
 */
export function aboveUserLimitWarning(seatsText: string, userLimitText: string, what: string): string | null {
  const seats = parseCount(seatsText);
  const limit = parseCount(userLimitText);
  if (seats === null || limit === null || seats <= limit) return null;
  return `${formatCount(seats)} ${what} for a user limit of ${formatCount(limit)}: at most ${formatCount(limit)} can be assigned.`;
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((key) => set.has(key));
};

/**
 * The LicensesInput of what changed (omitted parts stay as they are), or null when nothing did. Only
 * the input's own fields are named, so no usage figure is ever sent; stripUsageFields guards the
 * result all the same. When the user changed the products, the enabled set with its dependencies is
 * compared product by product with what is stored, and only products whose state changes are sent.
 */
export function toLicensesInput(
  values: LicenseValues,
  saved: LicenseValues,
  dependencies: DependencyMap,
): LicensesInput | null {
  const input: LicensesInput = {};
  const userLimit = parseCount(values.userLimit);
  if (userLimit !== null && userLimit !== parseCount(saved.userLimit)) input.userLimit = userLimit;
  const seats: NonNullable<LicensesInput['tableauUserLicenses']> = {};
  const explorer = parseCount(values.explorerCount);
  if (explorer !== null && explorer !== parseCount(saved.explorerCount)) seats.explorerCount = explorer;
  const viewer = parseCount(values.viewerCount);
  if (viewer !== null && viewer !== parseCount(saved.viewerCount)) seats.viewerCount = viewer;
  if (Object.keys(seats).length > 0) input.tableauUserLicenses = seats;
  if (!sameSet(values.products, saved.products)) {
    const next = withDependencies(values.products, dependencies);
    const before = new Set(saved.products);
    const changed = [...new Set([...next, ...before])]
      .filter((product) => next.has(product) !== before.has(product))
      .sort()
      .map((product) => ({ product, enabled: next.has(product) }));
    if (changed.length > 0) input.products = changed;
  }
  return Object.keys(input).length > 0 ? stripUsageFields(input) : null;
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * What Save warns of before sending (issue 39), each with the figures in use: a limit lowered below
 * what is in use (the platform refuses it: the same rule as its licensesAfter), and Tableau seats more
 * than the user limit lets anyone hold, a level alone or both together (each user holds one license).
 * Only what this save changes is judged; the platform stays the judge of use, which may have moved
 * since the page was read, so the person may still send.
 */
export function licensesSaveWarnings(values: LicenseValues, saved: LicenseValues, source: LicenseSource): string[] {
  const limit = parseCount(values.userLimit);
  const explorers = parseCount(values.explorerCount);
  const viewers = parseCount(values.viewerCount);
  if (limit === null || explorers === null || viewers === null) return [];
  const changed = {
    limit: limit !== parseCount(saved.userLimit),
    explorers: explorers !== parseCount(saved.explorerCount),
    viewers: viewers !== parseCount(saved.viewerCount),
  };
  const seats = source.tableauUserLicenses;
  const warnings: string[] = [];
  if (changed.limit && limit < source.activeUsers)
    warnings.push(
      `${plural(source.activeUsers, 'user is', 'users are')} active (invited users included): the platform refuses a user limit of ${formatCount(limit)} until users are deactivated or invitations revoked.`,
    );
  for (const [level, count, used, isChanged] of [
    ['explorer', explorers, seats.explorerUsed, changed.explorers],
    ['viewer', viewers, seats.viewerUsed, changed.viewers],
  ] as const) {
    if (isChanged && count < used)
      warnings.push(
        `${plural(used, `${level} license is`, `${level} licenses are`)} assigned: the platform refuses ${formatCount(count)} until users get another license.`,
      );
  }
  if (!changed.limit && !changed.explorers && !changed.viewers) return warnings;
  for (const [level, count] of [
    ['explorer', explorers],
    ['viewer', viewers],
  ] as const) {
    if (count > limit)
      warnings.push(
        `${plural(count, `${level} license`, `${level} licenses`)} for a user limit of ${formatCount(limit)}: at most ${formatCount(limit)} can be assigned.`,
      );
  }
  if (explorers <= limit && viewers <= limit && explorers + viewers > limit)
    warnings.push(
      `${plural(explorers, 'explorer', 'explorer')} and ${plural(viewers, 'viewer license', 'viewer licenses')} for a user limit of ${formatCount(limit)}: each user holds one, so at most ${formatCount(limit)} can be assigned.`,
    );
  return warnings;
}
