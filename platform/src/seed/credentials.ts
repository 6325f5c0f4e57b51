import { CREDENTIAL_LIFETIME_DAYS, DAY_MS } from '@meridian/schema';
import type { OrganizationRecord } from './organizations.js';
import type { Random } from './random.js';
import type { UserRecord } from './users.js';

/** A row of `credentials`. The secret hash is random hex: no seeded secret is ever recoverable. */
export interface CredentialRecord {
  id: string;
  organization_id: string;
  user_email: string | null;
  secret_hash: string;
  credential_enabled: boolean;
  generated_at: string;
  created_by: string;
}

export const CREDENTIAL_COLUMNS =
  'id text, organization_id text, user_email text, secret_hash text, credential_enabled boolean, generated_at timestamptz, created_by text';

/** Ages in days, so the lists show fresh, ageing, expiring (1–7 days left) and expired credentials. */
const AGE_RANGES: readonly (readonly [readonly [number, number], number])[] = [
  [[0, 60], 0.45],
  [[61, 82], 0.15],
  [[CREDENTIAL_LIFETIME_DAYS - 7, CREDENTIAL_LIFETIME_DAYS - 1], 0.18],
  [[CREDENTIAL_LIFETIME_DAYS + 1, 240], 0.22],
];

function credential(
  random: Random,
  owner: { organizationId: string; email: string | null; createdBy: string; since: number },
  now: Date,
): CredentialRecord {
  const [min, max] = random.weighted(AGE_RANGES);
  // Whole days plus a few hours back, so days_to_expire lands on the day the range names.
  const generated = Math.max(
    owner.since,
    now.getTime() - random.int(min, max) * DAY_MS - random.int(1, 20) * 3_600_000,
  );
  const expired = now.getTime() - generated > CREDENTIAL_LIFETIME_DAYS * DAY_MS;
  return {
    id: `cred_${random.hex(24)}`, // the id shape domain/credentials.ts gives new ones
    organization_id: owner.organizationId,
    user_email: owner.email,
    secret_hash: random.hex(64),
    credential_enabled: !random.chance(expired ? 0.4 : 0.12),
    generated_at: new Date(generated).toISOString(),
    created_by: owner.createdBy,
  };
}

/** Credentials of users with direct data access: most hold one, some several, some none yet. */
export function userCredentials(random: Random, users: readonly UserRecord[], now: Date): CredentialRecord[] {
  return users
    .filter((user) => user.direct_data_access_enabled)
    .flatMap((user) => {
      const owner = {
        organizationId: user.organization_id,
        email: user.email,
        createdBy: user.email,
        since: Date.parse(user.created_at),
      };
      const count = random.weighted([
        [0, 0.1],
        [1, 0.6],
        [2, 0.2],
        [3, 0.1],
      ] as const);
      return Array.from({ length: count }, () => credential(random, owner, now));
    });
}

/** The organization's own credentials (no user), created by one of its admins or an operator. */
export function organizationCredentials(
  random: Random,
  organization: OrganizationRecord,
  creators: readonly string[],
  now: Date,
): CredentialRecord[] {
  if (organization.status !== 'active' || creators.length === 0 || !random.chance(0.35)) return [];
  const owner = {
    organizationId: organization.id,
    email: null,
    createdBy: random.pick(creators),
    since: Date.parse(organization.created_at),
  };
  return Array.from({ length: random.int(1, 2) }, () => credential(random, owner, now));
}
