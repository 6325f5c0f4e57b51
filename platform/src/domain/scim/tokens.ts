import { randomBytes } from 'node:crypto';
import { validateScimTokenLabel } from '@meridian/schema';
import type { Database, Queryable } from '../../db/database.js';
import {
  findScimToken,
  insertScimToken,
  revokeScimTokenRow,
  revokeScimTokensOfOrganization,
  selectScimTokens,
  spendScimBudget,
  useScimToken,
  type ScimTokenRow,
} from '../../stores/scim-tokens.js';
import { recordAuditEvent, type AuditActor, type AuditSource } from '../audit.js';
import { assertValid, notFound } from '../errors.js';
import { getOrganization } from '../organizations.js';
import { digestOfSecret, newRandomSecret } from '../random-secrets.js';

/**
 * An organization's SCIM tokens (issue 31): operators and its admins create, rotate and revoke them;
 * a customer's directory presents one as a bearer token to /scim/v2 and reaches only that organization's
 * users. A token is 256 random bits shown once; only its SHA-256 is kept (a slow hash adds nothing to
 * a secret that long, and every SCIM request looks one up).
 */

/** Tokens start with it, so secret scanners and people can tell what one is. */
export const SCIM_TOKEN_PREFIX = 'mscim_';

export interface ScimToken {
  id: string;
  label: string;
  hint: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function toScimToken(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    label: row.label,
    hint: row.token_hint,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** The actor a token's requests are recorded as: the organization's directory, named by the token. */
export function directoryActor(token: Pick<ScimTokenRow, 'id' | 'organization_id'>): AuditActor {
  return { id: `scim:${token.id}`, kind: 'directory', role: null, organizationId: token.organization_id };
}

export async function listScimTokens(db: Queryable, organizationId: string): Promise<ScimToken[]> {
  await getOrganization(db, organizationId);
  return (await selectScimTokens(db, organizationId)).map(toScimToken);
}

async function issue(tx: Queryable, organizationId: string, label: string, createdBy: string) {
  const token = `${SCIM_TOKEN_PREFIX}${newRandomSecret()}`;
  const row = await insertScimToken(tx, {
    id: `scim_${randomBytes(9).toString('hex')}`,
    organization_id: organizationId,
    label,
    token_hash: digestOfSecret(token),
    token_hint: token.slice(-4),
    created_by: createdBy,
  });
  return { row, token };
}

// 'provisioningId', not 'tokenId': the trail drops any detail named like a secret (audit.ts SECRET_KEY).
const audited = (
  tx: Queryable,
  source: AuditSource,
  action: 'scim-token.create' | 'scim-token.rotate' | 'scim-token.revoke',
  row: ScimTokenRow,
  details: Record<string, unknown> = {},
) =>
  recordAuditEvent(tx, source, {
    action,
    organizationId: row.organization_id,
    target: { type: 'organization', id: row.organization_id },
    details: { provisioningId: row.id, label: row.label, ...details },
  });

/** Creates a token for the organization's directory; the answer holds the token, never stored. */
export async function createScimToken(db: Database, source: AuditSource, organizationId: string, label: string) {
  assertValid([{ param: 'label', msg: validateScimTokenLabel(label) }]);
  const trimmed = label.trim();
  return db.transaction(async (tx) => {
    await getOrganization(tx, organizationId, true);
    const { row, token } = await issue(tx, organizationId, trimmed, source.actor.id);
    await audited(tx, source, 'scim-token.create', row);
    return { scimToken: toScimToken(row), token };
  });
}

async function workingToken(tx: Queryable, organizationId: string, id: string) {
  await getOrganization(tx, organizationId, true);
  const row = await findScimToken(tx, organizationId, id, true);
  if (!row) throw notFound('SCIM token');
  return row;
}

/** Replaces a token by a new one with its label; the old one stops working in the same transaction. */
export async function rotateScimToken(db: Database, source: AuditSource, organizationId: string, id: string) {
  return db.transaction(async (tx) => {
    const old = await workingToken(tx, organizationId, id);
    if (old.revoked_at) assertValid([{ param: 'tokenId', msg: 'This token is revoked: create a new one instead' }]);
    await revokeScimTokenRow(tx, old.id);
    const { row, token } = await issue(tx, organizationId, old.label, source.actor.id);
    await audited(tx, source, 'scim-token.rotate', row, { replaces: old.id });
    return { scimToken: toScimToken(row), token };
  });
}

/** Revokes a token (again: nothing changes, nothing is recorded twice). */
export async function revokeScimToken(db: Database, source: AuditSource, organizationId: string, id: string) {
  return db.transaction(async (tx) => {
    const old = await workingToken(tx, organizationId, id);
    if (old.revoked_at) return toScimToken(old);
    const row = await revokeScimTokenRow(tx, old.id);
    await audited(tx, source, 'scim-token.revoke', row);
    return toScimToken(row);
  });
}

/** One more unit per this many people a list answers: a page of 200 costs five requests, not one. */
export const PEOPLE_PER_UNIT = 50;
/** A budget no directory reaches, for SCIM_RATE_LIMIT_PER_MINUTE=0 (the same statement either way). */
const UNLIMITED = { capacity: 1e12, perSecond: 1e12 };

/** A token's budget for `perMinute` requests a minute: bursts of half a minute's, refilled evenly. */
export const scimBudgetOf = (perMinute: number) =>
  perMinute > 0 ? { capacity: Math.max(1, perMinute / 2), perSecond: perMinute / 60 } : UNLIMITED;

/** A token's request: allowed (one unit spent), or refused until a unit has refilled. */
export type ScimTokenUse =
  { token: ScimTokenRow; retryAfterSeconds: null } | { token: ScimTokenRow; retryAfterSeconds: number };

/**
 * The working token a bearer value is, with one request spent from its budget (or the seconds until one
 * is left); undefined when it is unknown, revoked, or not a SCIM token at all.
 */
export async function scimTokenOf(db: Queryable, bearer: string, perMinute: number): Promise<ScimTokenUse | undefined> {
  if (!bearer.startsWith(SCIM_TOKEN_PREFIX) || bearer.length > 200) return undefined;
  const budget = scimBudgetOf(perMinute);
  const used = await useScimToken(db, digestOfSecret(bearer), budget);
  if (!used) return undefined;
  const { units, ...token } = used;
  const retryAfterSeconds = units >= 1 ? null : Math.max(1, Math.ceil((1 - units) / budget.perSecond));
  return { token, retryAfterSeconds };
}

/** What a list cost beyond its request: one unit per PEOPLE_PER_UNIT people answered. */
export async function spendForPeople(db: Queryable, tokenId: string, people: number, perMinute: number) {
  if (perMinute > 0) await spendScimBudget(db, tokenId, Math.floor(people / PEOPLE_PER_UNIT));
}

/**
 * Revokes every working token of the organization in the caller's transaction, each recorded as
 * scim-token.revoke with `details` (offboarding says why); answers how many.
 */
export async function revokeOrganizationScimTokens(
  tx: Queryable,
  source: AuditSource,
  organizationId: string,
  details: Record<string, unknown>,
): Promise<number> {
  const revoked = await revokeScimTokensOfOrganization(tx, organizationId);
  for (const row of revoked) await audited(tx, source, 'scim-token.revoke', row, details);
  return revoked.length;
}
