/** The seeded demo accounts of the README (all with the seed password). */
export const ACCOUNTS = {
  admin: 'admin@meridian.test',
  viewer: 'viewer@meridian.test',
  orgAdmin: 'orgadmin@acme.test',
  orgUser: 'user@acme.test',
  expiring: 'expiring@acme.test',
  expired: 'expired@acme.test',
  banner: 'banner@acme.test',
} as const;

export const ACME_HEALTH_ID = 'acme-health';
export const OPERATORS_ORGANIZATION_ID = 'meridian';

/** A new password that meets the policy; `tag` keeps passwords of different journeys apart. */
export const newPasswordFor = (tag: string) => `e2e-${tag}-new-password-1`;
