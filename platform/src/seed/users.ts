import { DAY_MS, type Role, type TableauLicense } from '@meridian/schema';
import { FIRST_NAMES, LAST_NAMES, slug } from './names.js';
import type { OrganizationPlan, OrganizationRecord } from './organizations.js';
import type { Random } from './random.js';

/** A row of `users`, as the bulk insert reads it (timestamps as ISO strings). */
export interface UserRecord {
  email: string;
  organization_id: string;
  name: string;
  alternate_email: string | null;
  password_hash: string;
  password_changed_at: string;
  role: Role;
  active: boolean;
  direct_data_access_enabled: boolean;
  tableau_license: TableauLicense | null;
  created_at: string;
  updated_at: string;
}

export const USER_COLUMNS =
  'email text, organization_id text, name text, alternate_email text, password_hash text, password_changed_at timestamptz, role text, ' +
  'active boolean, direct_data_access_enabled boolean, tableau_license text, created_at timestamptz, updated_at timestamptz';

/**
 * Seeded passwords were changed at most this many days ago: with a 90-day lifetime and a 14-day warning
 * (schema time-rules) no generated user starts out expiring; only the demo accounts do.
 */
export const MAX_PASSWORD_AGE_DAYS = 75;

const TABLEAU_LEVELS: readonly (readonly [TableauLicense, number])[] = [
  ['viewer', 0.65],
  ['explorer', 0.27],
  ['creator', 0.08],
];

/** An email address not yet taken: first.last@domain, then first.last2@domain and so on. */
function uniqueEmail(first: string, last: string, domain: string, taken: Set<string>): string {
  const local = `${slug(first)}.${slug(last)}`.replace(/-/g, '');
  for (let n = 1; ; n++) {
    const email = `${local}${n === 1 ? '' : n}@${domain}`;
    if (!taken.has(email)) {
      taken.add(email);
      return email;
    }
  }
}

function role(random: Random, plan: OrganizationPlan, index: number): Role {
  if (plan.operators) return index < 4 ? 'systemAdmin' : 'systemViewer';
  return index === 0 || random.chance(0.05) ? 'orgAdmin' : 'orgUser';
}

function isActive(random: Random, plan: OrganizationPlan, index: number): boolean {
  if (index === 0) return true; // every organization keeps an active admin
  return random.chance(plan.record.status === 'offboarded' ? 0.3 : 0.92);
}

function tableauLicense(random: Random, plan: OrganizationPlan): TableauLicense | null {
  if (!random.chance(plan.tableauShare)) return null;
  return random.weighted(TABLEAU_LEVELS);
}

/** The generated users of one organization, created after it and with passwords that are not expiring. */
export function organizationUsers(
  random: Random,
  plan: OrganizationPlan,
  now: Date,
  passwordHash: string,
  taken: Set<string>,
): UserRecord[] {
  const orgCreated = Date.parse(plan.record.created_at);
  const domain = plan.record.domain[0]!;
  return Array.from({ length: plan.userCount }, (_, index) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const createdAt = orgCreated + random.next() * (now.getTime() - orgCreated);
    const earliestChange = Math.max(createdAt, now.getTime() - MAX_PASSWORD_AGE_DAYS * DAY_MS);
    const changed = earliestChange + random.next() * (now.getTime() - earliestChange);
    return {
      email: uniqueEmail(first, last, domain, taken),
      organization_id: plan.record.id,
      name: `${first} ${last}`,
      alternate_email: random.chance(0.1) ? `${slug(first)}.${slug(last)}${random.int(1, 99)}@mail.example` : null,
      password_hash: passwordHash,
      password_changed_at: new Date(changed).toISOString(),
      role: role(random, plan, index),
      active: isActive(random, plan, index),
      direct_data_access_enabled: random.chance(0.12),
      tableau_license: tableauLicense(random, plan),
      created_at: new Date(createdAt).toISOString(),
      updated_at: new Date(changed).toISOString(),
    };
  });
}

/** Rounds up to the next multiple of `step`: limits are bought in round numbers. */
const roundUp = (value: number, step: number): number => Math.ceil(value / step) * step;

/**
 * Sets the user limit and Tableau seat counts so the organization's users fit: active users within the
 * limit, and every explorer and viewer (active or not) within the seats, leaving headroom, except for
 * organizations planned to sit exactly at their limits.
 */
export function fitLicenses(random: Random, plan: OrganizationPlan, users: readonly UserRecord[]): OrganizationRecord {
  const active = users.filter((user) => user.active);
  const count = (list: readonly UserRecord[], level: TableauLicense) =>
    list.filter((user) => user.tableau_license === level).length;
  const licenses = plan.atLimit
    ? { user_limit: active.length, explorer_count: count(active, 'explorer'), viewer_count: count(active, 'viewer') }
    : {
        user_limit: Math.max(roundUp(active.length + random.int(0, 12), 5), 5),
        explorer_count: count(users, 'explorer') + (plan.tableauShare > 0 ? random.int(0, 3) : 0),
        viewer_count: count(users, 'viewer') + (plan.tableauShare > 0 ? random.int(0, 6) : 0),
      };
  return {
    ...plan.record,
    licenses: {
      ...plan.record.licenses,
      user_limit: licenses.user_limit,
      tableau_user_licenses: { explorer_count: licenses.explorer_count, viewer_count: licenses.viewer_count },
    },
  };
}

/** The primary contact is the organization's first active admin. */
export function withPrimaryContact(record: OrganizationRecord, users: readonly UserRecord[]): OrganizationRecord {
  const admin = users.find((user) => user.active && (user.role === 'orgAdmin' || user.role === 'systemAdmin'));
  return admin ? { ...record, primary_contact: { name: admin.name, email: admin.email } } : record;
}
