import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  OWN_CREDENTIAL_FEATURE,
  actorOf,
  actsOnOwnRecord,
  organizationAdmitsPeople,
  validateCredentialLifetime,
  validateCredentialName,
  CREDENTIAL_LIFETIME_DAYS,
  type Operation,
} from '@meridian/schema';
import type { Database, Queryable } from '../db/database.js';
import {
  insertCredential,
  lockOwnedCredential,
  markCredentialDisabled,
  selectOrganizationCredentials,
  type CredentialOwner,
  type CredentialRow,
} from '../stores/credentials.js';
import type { ListQuery } from '../stores/sql.js';
import { auditChanges, recordAuditEvent, type AuditSource } from './audit.js';
import type { Caller, Guard, ServiceCaller } from './caller.js';
import { assertValid, conflict, forbidden, notFound } from './errors.js';
import { toCredential } from './credential-records.js';
import { assertFeature } from './features.js';
import { getOrganization } from './organizations.js';
import { userInScope, type UserRow } from './users.js';
import { digestOfSecret, newRandomSecret } from './random-secrets.js';

export type { CredentialOwner, CredentialRow };

/** What the creator chooses (both optional: an empty body makes an unnamed 90-day credential). */
export interface CredentialChoices {
  name?: string | null;
  lifetime_days?: number;
}

export interface NewCredential extends CredentialChoices {
  organizationId: string;
  /** null for an organization's own credential. */
  userEmail: string | null;
  createdBy: string;
}

/** The name trimmed (blank is no name) and the lifetime, each checked against schema/'s rule. */
function checkedChoices(choices: CredentialChoices): { name: string | null; lifetimeDays: number } {
  const name = choices.name?.trim() || null;
  const lifetimeDays = choices.lifetime_days ?? CREDENTIAL_LIFETIME_DAYS;
  assertValid([
    { param: 'name', msg: name === null ? null : validateCredentialName(name) },
    { param: 'lifetime_days', msg: validateCredentialLifetime(lifetimeDays) },
  ]);
  return { name, lifetimeDays };
}

/**
 * Creates a credential with a random secret; only the secret's hash is stored, so the secret returned
 * here is the only copy there will ever be.
 */
export async function createCredential(
  db: Queryable,
  credential: NewCredential,
): Promise<{ row: CredentialRow; secret: string }> {
  const choices = checkedChoices(credential);
  const secret = newRandomSecret();
  const row = await insertCredential(db, {
    ...choices,
    id: `cred_${randomBytes(12).toString('hex')}`,
    organizationId: credential.organizationId,
    userEmail: credential.userEmail,
    secretHash: digestOfSecret(secret),
    createdBy: credential.createdBy,
  });
  return { row, secret };
}

/**
 * Disables a credential of `owner`; another owner's credential answers 404 like a missing one. Answers
 * the credential before and after (for the audit trail); run it in a transaction.
 */
export async function disableCredential(
  tx: Queryable,
  id: string,
  owner: CredentialOwner,
): Promise<{ before: CredentialRow; after: CredentialRow }> {
  const before = await lockOwnedCredential(tx, id, owner);
  if (!before) throw notFound('Credential');
  return { before, after: await markCredentialDisabled(tx, id) };
}

const ONLY_DISABLE = 'A credential can only be disabled. Create a new credential instead.';

/**
 * The user whose credentials `principal` may manage (decisions.md "Data-access credentials"): their own
 * when data-access management is available to their organization and direct data access is enabled for
 * them, whatever their role; another user's with user:update-profile in their own organization.
 */
async function credentialOwner(
  db: Queryable,
  caller: Caller,
  guard: Guard,
  operation: Extract<Operation, 'createUserCredential' | 'disableUserCredential'>,
  email: string,
  productName: string,
): Promise<UserRow> {
  const owner = await userInScope(db, { caller, guard }, operation, email);
  // One's own credentials need no user:update-profile (the decision lets one's own record through), but
  // the organization's data-access management and the user's own direct data access, both stored here.
  if (actsOnOwnRecord(operation, actorOf(caller), email)) {
    await assertFeature(db, owner.organization_id, OWN_CREDENTIAL_FEATURE, productName);
    if (!owner.direct_data_access_enabled) throw forbidden(MESSAGES.ownDataAccessOff);
  }
  return owner;
}

function assertDisabling(body: { credential_enabled: boolean }): void {
  assertValid([{ param: 'credential_enabled', msg: body.credential_enabled ? ONLY_DISABLE : null }]);
}

const created = (row: CredentialRow, secret: string) => ({ ...toCredential(row), secret });

/**
 * A credential is access: none is made for an organization that is not active, nor for its people
 * (before activation there is nothing to reach; from the start of offboarding access has ended), by
 * anyone. Checked under the organization's row lock, which offboarding takes too, so a credential is
 * never created beside an offboarding that disables the others.
 */
async function assertOrganizationAdmits(tx: Queryable, organizationId: string): Promise<void> {
  const organization = await getOrganization(tx, organizationId, true);
  if (!organizationAdmitsPeople(organization.status))
    throw conflict(MESSAGES.credentialOrganizationInactive(organization.name, organization.status));
}

/** Creates a credential and records it (never its secret) in one transaction. */
async function createAudited(db: Database, source: AuditSource, credential: NewCredential) {
  return db.transaction(async (tx) => {
    await assertOrganizationAdmits(tx, credential.organizationId);
    const result = await createCredential(tx, credential);
    await recordAuditEvent(tx, source, {
      action: 'credential.create',
      organizationId: result.row.organization_id,
      target: { type: 'credential', id: result.row.id },
      changes: auditChanges('credential', null, toCredential(result.row)),
    });
    return result;
  });
}

/** Disables a credential and records it in one transaction; answers the credential as it now is. */
async function disableAudited(db: Database, source: AuditSource, id: string, owner: CredentialOwner) {
  return db.transaction(async (tx) => {
    const { before, after } = await disableCredential(tx, id, owner);
    await recordAuditEvent(tx, source, {
      action: 'credential.disable',
      organizationId: after.organization_id,
      target: { type: 'credential', id },
      changes: auditChanges('credential', toCredential(before), toCredential(after)),
    });
    return toCredential(after);
  });
}

/** The caller acting on credentials: who they are, their permission check, their audit source. */
export interface CredentialCaller extends ServiceCaller {
  productName: string;
}

/** Creates a user's credential (their own, or another's they manage); the answer holds its only secret. */
export async function createUserCredential(
  db: Database,
  who: CredentialCaller,
  email: string,
  choices: CredentialChoices = {},
) {
  const owner = await credentialOwner(db, who.caller, who.guard, 'createUserCredential', email, who.productName);
  if (!owner.direct_data_access_enabled) {
    throw conflict(MESSAGES.dataAccessOff(email));
  }
  if (!owner.active) throw conflict(MESSAGES.credentialOwnerInactive(email));
  const { row, secret } = await createAudited(db, who.source, {
    organizationId: owner.organization_id,
    userEmail: email,
    createdBy: who.caller.subject,
    ...choices,
  });
  return created(row, secret);
}

/** Disables a user's credential (the body may only disable). */
export async function disableUserCredential(
  db: Database,
  who: CredentialCaller,
  email: string,
  credentialId: string,
  body: { credential_enabled: boolean },
) {
  await credentialOwner(db, who.caller, who.guard, 'disableUserCredential', email, who.productName);
  assertDisabling(body);
  return disableAudited(db, who.source, credentialId, { userEmail: email });
}

/** A page of an organization's own credentials. */
export async function listOrganizationCredentials(db: Queryable, organizationId: string, query: ListQuery) {
  await getOrganization(db, organizationId);
  const { rows, total } = await selectOrganizationCredentials(db, organizationId, query);
  const now = new Date();
  return { data: rows.map((row) => toCredential(row, now)), total };
}

/** Creates an organization's own credential; the answer holds its only secret. */
export async function createOrganizationCredential(
  db: Database,
  source: AuditSource,
  organizationId: string,
  createdBy: string,
  choices: CredentialChoices = {},
) {
  await getOrganization(db, organizationId);
  const { row, secret } = await createAudited(db, source, { organizationId, userEmail: null, createdBy, ...choices });
  return created(row, secret);
}

/** Disables an organization's own credential (the body may only disable). */
export async function disableOrganizationCredential(
  db: Database,
  source: AuditSource,
  organizationId: string,
  credentialId: string,
  body: { credential_enabled: boolean },
) {
  assertDisabling(body);
  return disableAudited(db, source, credentialId, { organizationId });
}
