import type { Queryable } from '../db/database.js';

/** An organization's single sign-on connection as stored (migration 013). */
export interface SsoConnectionRow {
  organization_id: string;
  protocol: 'oidc' | 'saml';
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  /** Sealed with the platform's secret box; never answered. */
  oidc_client_secret: string | null;
  saml_metadata_xml: string | null;
  saml_metadata_url: string | null;
  saml_idp_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certificates: string[];
  sso_only: boolean;
  default_role: 'orgAdmin' | 'orgUser';
  /** Org Admins keep their password with a second factor while sso_only is on (migration 021). */
  admin_emergency_access: boolean;
  created_at: Date;
  updated_at: Date;
}

export type SsoConnectionEdits = Omit<SsoConnectionRow, 'created_at' | 'updated_at'>;

export async function findSsoConnection(db: Queryable, organizationId: string): Promise<SsoConnectionRow | undefined> {
  const { rows } = await db.query<SsoConnectionRow>('SELECT * FROM organization_sso WHERE organization_id = $1', [
    organizationId,
  ]);
  return rows[0];
}

/**
 * The connection of the organization claiming `domain` or one of its parents (mail.acme.test belongs
 * to acme.test, as for users' emails); one domain belongs to one organization.
 */
export async function findSsoConnectionByDomain(db: Queryable, domain: string): Promise<SsoConnectionRow | undefined> {
  const labels = domain.split('.');
  const candidates = labels.map((_, i) => labels.slice(i).join('.')).filter((name) => name.includes('.'));
  const { rows } = await db.query<SsoConnectionRow>(
    `SELECT s.* FROM organization_sso s JOIN organizations o ON o.id = s.organization_id
      WHERE o.domain && $1::text[] ORDER BY o.id LIMIT 1`,
    [candidates],
  );
  return rows[0];
}

export async function upsertSsoConnection(db: Queryable, edits: SsoConnectionEdits): Promise<SsoConnectionRow> {
  const { rows } = await db.query<SsoConnectionRow>(
    `INSERT INTO organization_sso (organization_id, protocol, oidc_issuer, oidc_client_id, oidc_client_secret,
       saml_metadata_xml, saml_metadata_url, saml_idp_entity_id, saml_sso_url, saml_certificates, sso_only, default_role,
       admin_emergency_access)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (organization_id) DO UPDATE SET protocol = $2, oidc_issuer = $3, oidc_client_id = $4,
       oidc_client_secret = $5, saml_metadata_xml = $6, saml_metadata_url = $7, saml_idp_entity_id = $8,
       saml_sso_url = $9, saml_certificates = $10, sso_only = $11, default_role = $12,
       admin_emergency_access = $13, updated_at = now()
     RETURNING *`,
    [
      edits.organization_id,
      edits.protocol,
      edits.oidc_issuer,
      edits.oidc_client_id,
      edits.oidc_client_secret,
      edits.saml_metadata_xml,
      edits.saml_metadata_url,
      edits.saml_idp_entity_id,
      edits.saml_sso_url,
      edits.saml_certificates,
      edits.sso_only,
      edits.default_role,
      edits.admin_emergency_access,
    ],
  );
  return rows[0]!;
}

export async function deleteSsoConnection(db: Queryable, organizationId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM organization_sso WHERE organization_id = $1 RETURNING organization_id', [
    organizationId,
  ]);
  return rows.length > 0;
}

/** Serializes domain claims (organization saves, connections) until the transaction ends. */
export async function lockDomainClaims(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('organization-domains'))");
}

/** Other organizations claiming any of `domains`: each domain belongs to one organization at most. */
export async function domainClaims(
  db: Queryable,
  domains: readonly string[],
  exceptOrganizationId: string | null,
): Promise<{ domain: string; organization_name: string }[]> {
  if (domains.length === 0) return [];
  const { rows } = await db.query<{ domain: string; organization_name: string }>(
    `SELECT d AS domain, o.name AS organization_name
       FROM organizations o, unnest(o.domain) AS d
      WHERE d = ANY ($1::text[]) AND ($2::text IS NULL OR o.id <> $2)
      ORDER BY d`,
    [domains, exceptOrganizationId],
  );
  return rows;
}

/** A sign-in gone to a customer's provider (sso_pending), by its state. */
export interface SsoPendingRow {
  state: string;
  interaction_uid: string;
  organization_id: string;
  protocol: 'oidc' | 'saml';
  code_verifier: string | null;
  nonce: string | null;
  request_id: string | null;
  identity: unknown;
  expires_at: Date;
}

export async function insertSsoPending(db: Queryable, row: Omit<SsoPendingRow, 'identity'>): Promise<void> {
  await db.query(
    `INSERT INTO sso_pending (state, interaction_uid, organization_id, protocol, code_verifier, nonce, request_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.state,
      row.interaction_uid,
      row.organization_id,
      row.protocol,
      row.code_verifier,
      row.nonce,
      row.request_id,
      row.expires_at,
    ],
  );
}

/** The pending sign-in of this state, unless expired or already answered (a callback counts once). */
export async function findSsoPending(db: Queryable, state: string, now: Date): Promise<SsoPendingRow | undefined> {
  const { rows } = await db.query<SsoPendingRow>(
    'SELECT * FROM sso_pending WHERE state = $1 AND expires_at > $2 AND identity IS NULL',
    [state, now],
  );
  return rows[0];
}

/** Records the verified identity; false when another request answered this state first. */
export async function answerSsoPending(db: Queryable, state: string, identity: unknown): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE sso_pending SET identity = $2 WHERE state = $1 AND identity IS NULL RETURNING state',
    [state, JSON.stringify(identity)],
  );
  return rows.length > 0;
}

/** Takes (deletes and returns) the answered sign-in of this state, if it belongs to this interaction. */
export async function takeAnsweredSsoPending(
  db: Queryable,
  state: string,
  interactionUid: string,
  now: Date,
): Promise<SsoPendingRow | undefined> {
  const { rows } = await db.query<SsoPendingRow>(
    `DELETE FROM sso_pending WHERE state = $1 AND interaction_uid = $2 AND identity IS NOT NULL AND expires_at > $3
     RETURNING *`,
    [state, interactionUid, now],
  );
  return rows[0];
}

export async function deleteExpiredSsoPending(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sso_pending WHERE expires_at <= $1', [now]);
}
