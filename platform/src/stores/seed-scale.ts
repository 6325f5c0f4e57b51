import type { Queryable } from '../db/database.js';

// The 100,000-user organization's SQL (seed/scale.ts plans it): its users in one statement, loaded with
// the users table's secondary indexes set aside, then its limits fitted to them.

/** What the scale organization's users are made of. */
export interface ScaleUsers {
  count: number;
  organizationId: string;
  domain: string;
  passwordHash: string;
  now: Date;
  firstNames: readonly string[];
  lastNames: readonly string[];
  maxPasswordAgeDays: number;
}

/**
 * Inserts the users in one statement over generate_series. Each row's attributes come from a
 * multiplicative hash of its number, so the data looks mixed yet is the same on every run. User 1 is
 * an active org admin.
 */
export async function insertScaleUsers(db: Queryable, scale: ScaleUsers): Promise<void> {
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
      scale.count,
      scale.organizationId,
      scale.domain,
      scale.passwordHash,
      scale.now,
      scale.firstNames,
      scale.lastNames,
      scale.maxPasswordAgeDays,
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
export async function fitScaleOrganization(db: Queryable, organizationId: string): Promise<void> {
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
    [organizationId],
  );
}
