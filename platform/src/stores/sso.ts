import type { Queryable } from '../db/database.js';

/** An organization's single sign-on connection as stored (migration 013). */
export interface SsoConnectionRow {
  organization_id: string;
  protocol: 'oidc' | 'saml';
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  /** Sealed for this row (domain/secrets/sealed-secrets.ts, purpose 'sso-client-secret'); never answered. */
  oidc_client_secret: string | null;
  saml_metadata_xml: string | null;
  saml_metadata_url: string | null;
  saml_idp_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certificates: string[];
  sso_only: boolean;
  default_role: 'orgAdmin' | 'orgUser';
  /** Whether the provider's amr/acr count as the organization's second factor (migration 020). */
  trust_idp_mfa: boolean;
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

/** `domain` and each of its parents that is still a domain (x.clinic.acme.test … acme.test), lower-case. */
function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((name) => name.includes('.'));
}

/**
 * The organizations holding `domain` or a parent of it (mail.acme.test belongs to acme.test, as for
 * users' emails), compared lower-case, but `exceptOrganizationId`. One at most while the domains keep
 * their rule; more only for domains that overlapped before it held (migration 020).
 */
export async function organizationsHoldingDomain(
  db: Queryable,
  domain: string,
  exceptOrganizationId: string | null = null,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT o.id FROM organizations o
      WHERE ($2::text IS NULL OR o.id <> $2)
        AND EXISTS (SELECT 1 FROM unnest(o.domain) AS d WHERE lower(d) = ANY ($1::text[]))
      ORDER BY o.id`,
    [domainAndParents(domain), exceptOrganizationId],
  );
  return rows.map((row) => row.id);
}

export async function upsertSsoConnection(db: Queryable, edits: SsoConnectionEdits): Promise<SsoConnectionRow> {
  const { rows } = await db.query<SsoConnectionRow>(
    `INSERT INTO organization_sso (organization_id, protocol, oidc_issuer, oidc_client_id, oidc_client_secret,
       saml_metadata_xml, saml_metadata_url, saml_idp_entity_id, saml_sso_url, saml_certificates, sso_only, default_role,
       trust_idp_mfa, admin_emergency_access)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (organization_id) DO UPDATE SET protocol = $2, oidc_issuer = $3, oidc_client_id = $4,
       oidc_client_secret = $5, saml_metadata_xml = $6, saml_metadata_url = $7, saml_idp_entity_id = $8,
       saml_sso_url = $9, saml_certificates = $10, sso_only = $11, default_role = $12, trust_idp_mfa = $13,
       admin_emergency_access = $14, updated_at = now()
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
      edits.trust_idp_mfa,
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

/**
 * Domains of other organizations that equal, lie under or lie above any of `domains` (lower-case, by
 * label: the rule of schema/email-domains.ts), with the domain of ours each is in the way of.
 */
export async function domainClaims(
  db: Queryable,
  domains: readonly string[],
  exceptOrganizationId: string | null,
): Promise<{ domain: string; held: string; organization_name: string }[]> {
  if (domains.length === 0) return [];
  const { rows } = await db.query<{ domain: string; held: string; organization_name: string }>(
    `SELECT mine AS domain, lower(d) AS held, o.name AS organization_name
       FROM unnest($1::text[]) AS mine, organizations o, unnest(o.domain) AS d
      WHERE ($2::text IS NULL OR o.id <> $2)
        AND (lower(d) = mine
             OR right(mine, length(d) + 1) = '.' || lower(d)
             OR right(lower(d), length(mine) + 1) = '.' || mine)
      ORDER BY array_position($1::text[], mine), lower(d)`,
    [domains, exceptOrganizationId],
  );
  return rows;
}

/** Pairs of organizations whose domains break the rule (kept from before it held): for the start-up report. */
export async function overlappingDomains(
  db: Queryable,
): Promise<{ organization_id: string; domain: string; other_organization_id: string; other_domain: string }[]> {
  const { rows } = await db.query<{
    organization_id: string;
    domain: string;
    other_organization_id: string;
    other_domain: string;
  }>(
    `SELECT a.id AS organization_id, da AS domain, b.id AS other_organization_id, db AS other_domain
       FROM organizations a, unnest(a.domain) AS da, organizations b, unnest(b.domain) AS db
      WHERE a.id < b.id
        AND (lower(da) = lower(db)
             OR right(lower(da), length(db) + 1) = '.' || lower(db)
             OR right(lower(db), length(da) + 1) = '.' || lower(da))
      ORDER BY a.id, b.id, da, db`,
  );
  return rows;
}

/** A person's link to their identifier at their organization's provider, if any. */
export async function findSsoLink(
  db: Queryable,
  email: string,
): Promise<{ sso_subject: string | null; sso_issuer: string | null } | undefined> {
  const { rows } = await db.query<{ sso_subject: string | null; sso_issuer: string | null }>(
    'SELECT sso_subject, sso_issuer FROM users WHERE email = $1',
    [email],
  );
  return rows[0];
}

/** Links a person to their identifier at the organization's provider (OIDC sub or SAML NameID, and that provider). */
export async function setSsoSubject(db: Queryable, email: string, issuer: string, subject: string): Promise<void> {
  await db.query(
    `UPDATE users SET sso_subject = $3, sso_issuer = $2
      WHERE email = $1 AND (sso_subject IS DISTINCT FROM $3 OR sso_issuer IS DISTINCT FROM $2)`,
    [email, issuer, subject],
  );
}

/**
 * A sign-in gone to a customer's provider (sso_pending), by its state: a person's (`sign-in`, tied to
 * a provider interaction) or an operator's test sign-in (`test`, tied to who started it).
 */
export interface SsoPendingRow {
  state: string;
  purpose: 'sign-in' | 'test';
  interaction_uid: string | null;
  /** The operator who started a test sign-in (their email); null for a person's sign-in. */
  started_by: string | null;
  /** The email typed at the first step (a person's sign-in), so a provider's refusal is recorded against it. */
  email: string | null;
  organization_id: string;
  protocol: 'oidc' | 'saml';
  code_verifier: string | null;
  nonce: string | null;
  request_id: string | null;
  identity: unknown;
  /** A test sign-in's result, once the provider answered. */
  result: unknown;
  expires_at: Date;
}

export type SsoPendingStart = Omit<SsoPendingRow, 'identity' | 'result'>;

export async function insertSsoPending(db: Queryable, row: SsoPendingStart): Promise<void> {
  await db.query(
    `INSERT INTO sso_pending (state, purpose, interaction_uid, started_by, email, organization_id, protocol,
       code_verifier, nonce, request_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.state,
      row.purpose,
      row.interaction_uid,
      row.started_by,
      row.email,
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
    'SELECT * FROM sso_pending WHERE state = $1 AND expires_at > $2 AND identity IS NULL AND result IS NULL',
    [state, now],
  );
  return rows[0];
}

/** Records the verified identity; false when another request answered this state first. */
export async function answerSsoPending(db: Queryable, state: string, identity: unknown): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sso_pending SET identity = $2 WHERE state = $1 AND purpose = 'sign-in' AND identity IS NULL
     RETURNING state`,
    [state, JSON.stringify(identity)],
  );
  return rows.length > 0;
}

/** Records a test sign-in's result; false when another request answered this state first. */
export async function answerSsoTest(db: Queryable, state: string, result: unknown): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sso_pending SET result = $2 WHERE state = $1 AND purpose = 'test' AND result IS NULL RETURNING state`,
    [state, JSON.stringify(result)],
  );
  return rows.length > 0;
}

/** A test sign-in of this organization started by `startedBy`, answered or not, unless expired. */
export async function findSsoTest(
  db: Queryable,
  state: string,
  organizationId: string,
  startedBy: string,
  now: Date,
): Promise<SsoPendingRow | undefined> {
  const { rows } = await db.query<SsoPendingRow>(
    `SELECT * FROM sso_pending
      WHERE state = $1 AND purpose = 'test' AND organization_id = $2 AND started_by = $3 AND expires_at > $4`,
    [state, organizationId, startedBy, now],
  );
  return rows[0];
}

/** Takes (deletes and returns) the answered sign-in of this state, if it belongs to this interaction. */
export async function takeAnsweredSsoPending(
  db: Queryable,
  state: string,
  interactionUid: string,
  now: Date,
): Promise<SsoPendingRow | undefined> {
  const { rows } = await db.query<SsoPendingRow>(
    `DELETE FROM sso_pending
      WHERE state = $1 AND purpose = 'sign-in' AND interaction_uid = $2 AND identity IS NOT NULL AND expires_at > $3
     RETURNING *`,
    [state, interactionUid, now],
  );
  return rows[0];
}

export async function deleteExpiredSsoPending(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sso_pending WHERE expires_at <= $1', [now]);
}
