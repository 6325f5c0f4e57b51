import type { Queryable } from '../db/database.js';

// Counts the console's sign-in confirmations show before a save (issue 39): who "Only single sign-on"
// takes password sign-in from, who signed in through the identity provider lately, and who would have to
// set up a second factor. Read-only; every count is of one organization.

/** A person with an authenticator app or a passkey (recovery codes alone are no factor: policy.ts hasFactor). */
const HAS_FACTOR = `(EXISTS (SELECT 1 FROM mfa_totp t WHERE t.email = u.email)
  OR EXISTS (SELECT 1 FROM mfa_passkeys p WHERE p.email = u.email))`;
/** Its negation as two anti-joins, which the planner runs as hash joins rather than a lookup per person. */
const HAS_NO_FACTOR = `NOT EXISTS (SELECT 1 FROM mfa_totp t WHERE t.email = u.email)
  AND NOT EXISTS (SELECT 1 FROM mfa_passkeys p WHERE p.email = u.email)`;

export interface SsoOnlyCounts {
  people: number;
  org_admins: number;
  org_admins_with_factor: number;
}

/**
 * The organization's active people a connection routes (routing.ts connectionForEmail): an
 * organization role, and an email at one of its domains or under one (mail.acme.test under acme.test).
 */
export async function countSsoRoutedPeople(db: Queryable, organizationId: string): Promise<SsoOnlyCounts> {
  // The domains are read once; the Org Admins (few) alone are looked up for a factor.
  const { rows } = await db.query<SsoOnlyCounts>(
    `WITH domains AS (SELECT lower(unnest(domain)) AS name FROM organizations WHERE id = $1),
          routed AS (
            SELECT u.email, u.role FROM users u
             WHERE u.organization_id = $1 AND u.active AND u.role IN ('orgAdmin', 'orgUser')
               AND EXISTS (SELECT 1 FROM domains d
                            WHERE split_part(u.email, '@', 2) = d.name
                               OR right(split_part(u.email, '@', 2), length(d.name) + 1) = '.' || d.name))
     SELECT (SELECT count(*) FROM routed)::int AS people,
            (SELECT count(*) FROM routed WHERE role = 'orgAdmin')::int AS org_admins,
            (SELECT count(*) FROM routed u WHERE role = 'orgAdmin' AND ${HAS_FACTOR})::int AS org_admins_with_factor`,
    [organizationId],
  );
  return rows[0]!;
}

/** Distinct people whose sign-in went through the organization's identity provider (amr `fed`) since `since`. */
export async function countRecentSsoPeople(db: Queryable, organizationId: string, since: Date): Promise<number> {
  // The predicate is audit_events_sso_sign_in_idx's (migration 021), so the index answers it.
  const { rows } = await db.query<{ people: number }>(
    `SELECT count(DISTINCT target_id)::int AS people FROM audit_events
      WHERE organization_id = $1 AND occurred_at >= $2
        AND action = 'sign-in' AND details -> 'methods' @> '["fed"]'::jsonb`,
    [organizationId, since],
  );
  return rows[0]!.people;
}

/** The organization's active people without an authenticator app or a passkey. */
export async function countPeopleWithoutFactor(db: Queryable, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ people: number }>(
    `SELECT count(*)::int AS people FROM users u WHERE u.organization_id = $1 AND u.active AND ${HAS_NO_FACTOR}`,
    [organizationId],
  );
  return rows[0]!.people;
}
