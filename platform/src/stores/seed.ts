import type { Queryable } from '../db/database.js';

// The seeds' SQL (seed/ plans the demo and scale data, these write it): bulk inserts of planned rows,
// the catalog, the demo accounts' time-dependent states and the 100,000-user organization.

/** One INSERT per table: the rows travel as one JSON parameter and jsonb_to_recordset types them. */
export async function insertRecords(
  db: Queryable,
  table: string,
  columns: string,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns
    .split(',')
    .map((column) => column.trim().split(' ')[0])
    .join(', ');
  await db.query(
    `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${columns})`,
    [JSON.stringify(rows)],
  );
}

/** Whether the database holds any organization (a new database holds none). */
export async function hasOrganizations(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM organizations LIMIT 1')).rows.length > 0;
}

export async function organizationExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM organizations WHERE id = $1', [id])).rows.length > 0;
}

export async function userExists(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows.length > 0;
}

/** Statistics for the tables just filled: without them the planner guesses (PGlite runs no autovacuum). */
export async function analyzeTables(db: Queryable): Promise<void> {
  await db.query('ANALYZE');
}

/** Those of `emails` that are active users, in order. */
export async function activeUsersAmong(db: Queryable, emails: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM users WHERE email = ANY($1::text[]) AND active ORDER BY email',
    [emails],
  );
  return rows.map((row) => row.email);
}

export interface CatalogProductRecord {
  product: string;
  kind: string;
  name: string;
  description: string;
  dependencies: readonly string[];
  isLicenseRequired: boolean;
}

export async function insertCatalogProduct(db: Queryable, prCatalog: boolean, item: CatalogProductRecord) {
  await db.query(
    `INSERT INTO catalog_products (pr_catalog, product, kind, name, description, dependencies, is_license_required)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [prCatalog, item.product, item.kind, item.name, item.description, item.dependencies, item.isLicenseRequired],
  );
}

export async function insertCatalogVersions(db: Queryable, version: string, prVersion: string): Promise<void> {
  await db.query(
    `INSERT INTO catalog_versions (pr_catalog, version) VALUES (false, $1), (true, $2) ON CONFLICT DO NOTHING`,
    [version, prVersion],
  );
}

export async function insertCustomerSegment(
  db: Queryable,
  segment: { id: string; name: string; description: string },
): Promise<void> {
  await db.query(
    `INSERT INTO customer_segments (id, name, description, attributes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [segment.id, segment.name, segment.description, { active: true }],
  );
}

export interface FeatureRecord {
  key: string;
  description: string;
  entity: string;
  stage: string;
  requiresLicense: boolean;
  licenseProducts: readonly string[];
}

export async function insertFeature(db: Queryable, feature: FeatureRecord): Promise<void> {
  await db.query(
    `INSERT INTO features (key, description, entity, stage, requires_license, license_products)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [feature.key, feature.description, feature.entity, feature.stage, feature.requiresLicense, feature.licenseProducts],
  );
}

/** What re-anchoring the demo accounts sets, relative to `now` (seed/demo.ts reanchorDemoAccounts). */
export interface DemoAnchors {
  emails: readonly string[];
  now: Date;
  /** The accounts whose password has a set age, in days. */
  ages: readonly { email: string; days: number }[];
  /** The other accounts' passwords are kept younger than this. */
  steadyMaxAgeDays: number;
  /** The account that holds direct data access and the banner's credential. */
  bannerEmail: string;
  bannerCredentialId: string;
  bannerCredentialAgeDays: number;
}

/**
 * All the demo accounts active with their password ages; the banner account's demo credential the only
 * enabled one, `bannerCredentialAgeDays` old.
 */
export async function reanchorDemoUsers(db: Queryable, anchors: DemoAnchors): Promise<void> {
  await db.query(
    `UPDATE users AS u
        SET active = true,
            password_changed_at = CASE
              WHEN a.age IS NOT NULL THEN $2::timestamptz - make_interval(days => a.age)
              ELSE GREATEST(u.password_changed_at, $2::timestamptz - make_interval(days => $5))
            END,
            direct_data_access_enabled = u.direct_data_access_enabled OR u.email = $6
       FROM unnest($1::text[]) AS d(email)
       LEFT JOIN unnest($3::text[], $4::int[]) AS a(email, age) ON a.email = d.email
      WHERE u.email = d.email`,
    [
      anchors.emails,
      anchors.now,
      anchors.ages.map((a) => a.email),
      anchors.ages.map((a) => a.days),
      anchors.steadyMaxAgeDays,
      anchors.bannerEmail,
    ],
  );
  // The banner reads the newest enabled credential: keep the demo one as the only enabled one.
  await db.query(
    `UPDATE credentials SET credential_enabled = false WHERE user_email = $1 AND id <> $2 AND credential_enabled`,
    [anchors.bannerEmail, anchors.bannerCredentialId],
  );
  await db.query(
    `INSERT INTO credentials (id, organization_id, user_email, secret_hash, credential_enabled, generated_at, created_by)
     SELECT $1, organization_id, email, encode(sha256(convert_to(email || $1, 'UTF8')), 'hex'), true, $3::timestamptz - make_interval(days => $4), email FROM users WHERE email = $2
     ON CONFLICT (id) DO UPDATE SET credential_enabled = true, generated_at = EXCLUDED.generated_at`,
    [anchors.bannerCredentialId, anchors.bannerEmail, anchors.now, anchors.bannerCredentialAgeDays],
  );
}

export interface DemoUserRecord {
  email: string;
  organization_id: string;
  name: string;
  password_hash: string;
  password_changed_at: Date | string;
  role: string;
}

export async function insertActiveUser(db: Queryable, row: DemoUserRecord): Promise<void> {
  await db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, password_changed_at, role, active)
     VALUES ($1, $2, $3, $4, $5, $6, true)`,
    [row.email, row.organization_id, row.name, row.password_hash, row.password_changed_at, row.role],
  );
}

/** An authenticator app for `email` unless one is set up (the secret sealed by domain/secrets/sealed-secrets.ts). */
export async function insertTotpUnlessSet(db: Queryable, email: string, sealedSecret: string): Promise<void> {
  await db.query(`INSERT INTO mfa_totp (email, secret, last_step) VALUES ($1, $2, 0) ON CONFLICT (email) DO NOTHING`, [
    email,
    sealedSecret,
  ]);
}
