import { DAY_MS } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { FIRST_NAMES, LAST_NAMES } from './names.js';
import {
  lifecycleJobs,
  organizationRecord,
  type JobRecord,
  type OrganizationRecord,
  type OrganizationShape,
} from './organizations.js';
import type { Random } from './random.js';
import { MAX_PASSWORD_AGE_DAYS } from './users.js';

/** One organization with 100,000 users, so lists and benchmarks meet a realistic large tenant. */
export const SCALE_ORGANIZATION_ID = 'scale-health';
export const SCALE_USER_COUNT = 100_000;
const SCALE_DOMAIN = 'scale-health.test';

/** The scale organization's row (limits fitted after its users exist) and its finished jobs. */
export function scaleOrganization(random: Random, now: Date): { record: OrganizationRecord; jobs: JobRecord[] } {
  const createdAt = new Date(now.getTime() - 700 * DAY_MS);
  const products = {
    market_intelligence: { enabled: true },
    provider_intelligence: { enabled: true },
    population_intelligence: { enabled: true },
    risk_adjustment_model: { enabled: true },
  };
  const shape: OrganizationShape = {
    id: SCALE_ORGANIZATION_ID,
    name: 'Scale Health System',
    status: 'active',
    segment: 'provider-group',
    domain: [SCALE_DOMAIN],
    products,
    medicare: true,
    portal: true,
    createdAt,
  };
  return {
    record: organizationRecord(random, shape, now),
    jobs: lifecycleJobs(random, SCALE_ORGANIZATION_ID, 'active', false, createdAt, now),
  };
}

/**
 * Inserts the users in one statement over generate_series. Each row's attributes come from a
 * multiplicative hash of its number, so the data looks mixed yet is the same on every run. User 1 is
 * an active org admin.
 */
export async function insertScaleUsers(db: Queryable, passwordHash: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, password_changed_at, role, active,
                        direct_data_access_enabled, tableau_license, created_at, updated_at)
     SELECT lower(n.first || '.' || n.last || '.' || s.i) || '@' || $3, $2, n.first || ' ' || n.last, $4,
            t.changed, CASE WHEN s.i % 40 = 1 THEN 'orgAdmin' ELSE 'orgUser' END, s.i % 17 <> 0,
            h.h % 9 = 0,
            CASE h.h % 10 WHEN 0 THEN 'explorer' WHEN 1 THEN 'viewer' WHEN 2 THEN 'viewer' WHEN 3 THEN 'creator' END,
            t.changed - make_interval(days => (h.h % 300)::int), t.changed
       FROM generate_series(1, $1::int) AS s(i)
       CROSS JOIN LATERAL (SELECT (s.i::bigint * 2654435761) % 4294967291 AS h) AS h
       CROSS JOIN LATERAL (SELECT ($6::text[])[1 + (h.h % cardinality($6::text[]))::int] AS first,
                                  ($7::text[])[1 + (h.h / 131 % cardinality($7::text[]))::int] AS last) AS n
       CROSS JOIN LATERAL (SELECT $5::timestamptz - make_interval(secs => (h.h / 7 % ($8::int * 86400))::double precision) AS changed) AS t`,
    [
      SCALE_USER_COUNT,
      SCALE_ORGANIZATION_ID,
      SCALE_DOMAIN,
      passwordHash,
      now,
      [...FIRST_NAMES],
      [...LAST_NAMES],
      MAX_PASSWORD_AGE_DAYS,
    ],
  );
}

/**
 * Runs `load` with the users table's secondary indexes dropped, then builds them again from their own
 * definitions: building an index over 100,000 rows at once is much faster than growing it row by row
 * (the trigram index most of all). Inside a transaction, so a failure leaves every index in place.
 */
export async function withoutUserIndexes(tx: Queryable, load: () => Promise<void>): Promise<void> {
  const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes AS i
      WHERE i.schemaname = current_schema() AND i.tablename = 'users'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await tx.query(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
  await load();
  for (const index of indexes) await tx.query(index.definition);
}

/** Fits the user limit and seats to the inserted users, in round numbers, and names the primary contact. */
export async function fitScaleOrganization(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE organizations AS o
        SET licenses = o.licenses
              || jsonb_build_object('user_limit', (ceil((c.active_users + 500) / 1000.0) * 1000)::int)
              || jsonb_build_object('tableau_user_licenses', jsonb_build_object(
                   'explorer_count', (ceil((c.explorers + 100) / 100.0) * 100)::int,
                   'viewer_count', (ceil((c.viewers + 100) / 100.0) * 100)::int)),
            primary_contact = c.contact
       FROM (SELECT count(*) FILTER (WHERE active) AS active_users,
                    count(*) FILTER (WHERE tableau_license = 'explorer') AS explorers,
                    count(*) FILTER (WHERE tableau_license = 'viewer') AS viewers,
                    (SELECT jsonb_build_object('name', name, 'email', email) FROM users
                      WHERE organization_id = $1 AND role = 'orgAdmin' AND active ORDER BY email LIMIT 1) AS contact
               FROM users WHERE organization_id = $1) AS c
      WHERE o.id = $1`,
    [SCALE_ORGANIZATION_ID],
  );
}
