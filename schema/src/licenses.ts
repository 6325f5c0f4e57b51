/** Licenses of an organization (spec section 3) and the usage the platform adds to them. */
export interface Licenses {
  tableau_user_licenses: { explorer_count: number; viewer_count: number };
  user_limit: number;
  products: Record<string, { enabled: boolean }>;
}

export const DEFAULT_USER_LIMIT = 20;

export function defaultLicenses(): Licenses {
  return {
    tableau_user_licenses: { explorer_count: 0, viewer_count: 0 },
    user_limit: DEFAULT_USER_LIMIT,
    products: {},
  };
}

/**
 * Read-only usage keys that GET /organization/{id}?include=licenses_used adds to a license: the
 * exclusion list of spec section 5, stripped before PUT /licenses.
 */
export const LICENSE_USAGE_KEYS = ['active_users', 'explorer_used', 'viewer_used'] as const;

/** A copy of `licenses` without the usage keys, at any depth. */
export function stripLicenseUsage<T>(licenses: T): T {
  if (Array.isArray(licenses)) return licenses.map((item: unknown) => stripLicenseUsage(item)) as T;
  if (licenses === null || typeof licenses !== 'object') return licenses;
  const entries = Object.entries(licenses).filter(([key]) => !(LICENSE_USAGE_KEYS as readonly string[]).includes(key));
  return Object.fromEntries(entries.map(([key, value]) => [key, stripLicenseUsage(value)])) as T;
}

export const TABLEAU_LICENSES = ['viewer', 'explorer', 'creator'] as const;
export type TableauLicense = (typeof TABLEAU_LICENSES)[number];

/**
 * How invitations count against the user limit, said wherever active users are counted: an invited user
 * is active (the seat is kept for them) from the invitation on, until it is revoked.
 */
export const INVITATIONS_COUNT_NOTE = 'Invited users count as active: an invitation holds a seat until it is revoked.';

export const userLimitMessage = (limit: number): string =>
  `This organization has reached its limit of ${limit} active users. Raise the user limit or deactivate a user first.`;
export const seatLimitMessage = (level: 'explorer' | 'viewer', limit: number): string =>
  `This organization has used all ${limit} of its Tableau ${level} licenses. Add ${level} licenses or choose another level.`;
