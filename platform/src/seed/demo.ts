import { DAY_MS, type Role, type TableauLicense } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { OPERATORS_ORGANIZATION_ID } from '../domain/operators.js';
import { reanchorDemoUsers } from '../stores/seed.js';
import { ACME_HEALTH_ID } from './organizations.js';
import type { UserRecord } from './users.js';

/** A sign-in for trying the product; every one has the seed password (SEED_PASSWORD). */
export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  organizationId: string;
  /** What signing in as this account shows. */
  demonstrates: string;
  tableauLicense?: TableauLicense;
  directDataAccess?: boolean;
  /** Days since the password was changed, re-anchored at every start (decisions.md "Local data"). */
  passwordAgeDays?: number;
}

export const EXPIRING_PASSWORD_AGE_DAYS = 87; // 3 days left of 90
export const EXPIRED_PASSWORD_AGE_DAYS = 95;
export const BANNER_CREDENTIAL_AGE_DAYS = 88; // days_to_expire 2: the red banner
/** The steady accounts' passwords are kept younger than this, so they never start expiring. */
const STEADY_PASSWORD_MAX_AGE_DAYS = 30;

export const BANNER_CREDENTIAL_ID = 'cred_7d3f9a2e5b1c4e8fa6d0c2b4';

/**
 * The one demo account with a second factor (an authenticator app) for trying the second step. Its key
 * is fixed and published (base32, 20 bytes), so it is seeded only outside production (second-factor.ts).
 */
export const TOTP_DEMO_EMAIL = 'mfa@acme.test';
export const TOTP_DEMO_KEY = 'JBSWY3DPEHPK3PXPMERIDIANDEMOKEY2';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@meridian.test',
    name: 'Ada Admin',
    role: 'systemAdmin',
    organizationId: OPERATORS_ORGANIZATION_ID,
    demonstrates: 'Operator with every permission: organizations, lifecycle, licenses, users, analytics.',
    tableauLicense: 'creator',
  },
  {
    email: 'viewer@meridian.test',
    name: 'Vera Viewer',
    role: 'systemViewer',
    organizationId: OPERATORS_ORGANIZATION_ID,
    demonstrates: 'Read-only operator: sees every organization, changes nothing.',
  },
  {
    email: 'orgadmin@acme.test',
    name: 'Olive Okafor',
    role: 'orgAdmin',
    organizationId: ACME_HEALTH_ID,
    demonstrates: 'Customer admin of Acme Health: its users, credentials and managed providers.',
    tableauLicense: 'explorer',
  },
  {
    email: 'user@acme.test',
    name: 'Uma Patel',
    role: 'orgUser',
    organizationId: ACME_HEALTH_ID,
    demonstrates: 'Customer user with a Tableau viewer license: home page and own profile.',
    tableauLicense: 'viewer',
  },
  {
    email: 'expiring@acme.test',
    name: 'Evan Ito',
    role: 'orgUser',
    organizationId: ACME_HEALTH_ID,
    demonstrates: 'Password expires in 3 days: the expiring-password page.',
    passwordAgeDays: EXPIRING_PASSWORD_AGE_DAYS,
  },
  {
    email: 'expired@acme.test',
    name: 'Ezra Novak',
    role: 'orgUser',
    organizationId: ACME_HEALTH_ID,
    demonstrates: 'Password expired: sign-in offers a reset link.',
    passwordAgeDays: EXPIRED_PASSWORD_AGE_DAYS,
  },
  {
    email: TOTP_DEMO_EMAIL,
    name: 'Mina Moreau',
    role: 'orgUser',
    organizationId: ACME_HEALTH_ID,
    demonstrates: `Signs in with an authenticator app: add the key ${TOTP_DEMO_KEY} to your app, then enter its code after the password.`,
  },
  {
    email: 'banner@acme.test',
    name: 'Bea Santos',
    role: 'orgUser',
    organizationId: ACME_HEALTH_ID,
    demonstrates: 'Direct data access with one credential expiring in 2 days: the credential banner.',
    directDataAccess: true,
  },
];

export const DEMO_EMAILS = DEMO_ACCOUNTS.map((account) => account.email);
const BANNER_EMAIL = 'banner@acme.test';

const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/** The demo accounts' rows; reanchorDemoAccounts then sets their time-dependent states and the banner's credential. */
export function demoUsers(passwordHash: string, now: Date): UserRecord[] {
  return DEMO_ACCOUNTS.map((account) => ({
    email: account.email,
    organization_id: account.organizationId,
    name: account.name,
    alternate_email: null,
    password_hash: passwordHash,
    password_changed_at: daysBefore(now, account.passwordAgeDays ?? 0).toISOString(),
    role: account.role,
    active: true,
    direct_data_access_enabled: account.directDataAccess === true,
    tableau_license: account.tableauLicense ?? null,
    created_at: daysBefore(now, 200).toISOString(),
    updated_at: now.toISOString(),
  }));
}

/**
 * Puts the demo accounts' time-dependent states back to what the README promises, relative to `now`:
 * all active, one password expiring in 3 days, one expired, and the banner account's only enabled
 * credential expiring in 2 days. The other demo passwords are kept young. Idempotent; a database without
 * the demo accounts is left alone.
 */
export async function reanchorDemoAccounts(db: Queryable, now: Date = new Date()): Promise<void> {
  const ages = DEMO_ACCOUNTS.flatMap(({ email, passwordAgeDays }) =>
    passwordAgeDays === undefined ? [] : [{ email, days: passwordAgeDays }],
  );
  await reanchorDemoUsers(db, {
    emails: DEMO_EMAILS,
    now,
    ages,
    steadyMaxAgeDays: STEADY_PASSWORD_MAX_AGE_DAYS,
    bannerEmail: BANNER_EMAIL,
    bannerCredentialId: BANNER_CREDENTIAL_ID,
    bannerCredentialAgeDays: BANNER_CREDENTIAL_AGE_DAYS,
  });
}
