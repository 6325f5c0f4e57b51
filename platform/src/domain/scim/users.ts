import { DEFAULT_ROLE, USER_TEXT_FIELDS, isOutsideDomains, isSystemRole, validateEmail } from '@meridian/schema';
import type { PlatformConfig } from '../../config.js';
import type { EditableFields } from '../../contract/users.js';
import type { Database, Queryable } from '../../db/database.js';
import { recordAuditEvent } from '../audit.js';
import type { ServiceCaller } from '../caller.js';
import { getOrganization, type OrganizationRow } from '../organizations.js';
import { createUser, setUserActive, updateUser } from '../users.js';
import { userTextColumns } from '../user-text.js';
import { findSsoConnection } from '../../stores/sso.js';
import {
  findScimUser,
  findScimUserByEmail,
  markScimRemoved,
  reviveScimUser,
  selectScimUsers,
  updateScimColumns,
  type ScimUserRow,
} from '../../stores/scim-users.js';
import { invalidValue, resourceNotFound, uniqueness, mutability } from './errors.js';
import { LIST_SCHEMA, readListQuery, type ScimListQuery } from './list.js';
import { patchedUser } from './patch.js';
import { nameOf, readUserInput, roleFrom, toScimUser, type ScimUserInput } from './user-resource.js';

// The /Users service: each request is one transaction composing the domain's user services (createUser,
// updateUser, setUserActive), so a directory meets every rule the console does (user limit, seats,
// domains, the last Org Admin, grantable roles, sessions ended on deactivation, the audit trail).

/** Who calls: the token's organization, acting as its Org Admin through `who` (routes.ts builds it). */
export interface ScimCaller {
  organizationId: string;
  /** The token's id: a list's people are charged to its budget. */
  tokenId: string;
  who: ServiceCaller;
}

export type ScimConfig = Pick<PlatformConfig, 'scimBaseUrl' | 'productName' | 'consoleUrl'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The database as the domain's services take it, inside the transaction `tx`: their own transaction
 * is this one, so one SCIM request commits or fails whole.
 */
export const within = (db: Database, tx: Queryable): Database => ({
  ...db,
  query: tx.query.bind(tx),
  transaction: (work) => work(tx),
});

async function resourceOf(db: Queryable, organizationId: string, id: string, forUpdate = false) {
  const row = UUID.test(id) ? await findScimUser(db, organizationId, id, forUpdate) : undefined;
  if (!row) throw resourceNotFound(id);
  return row;
}

const answer = (row: ScimUserRow, config: ScimConfig) => toScimUser(row, config.scimBaseUrl, config.productName);

export async function getScimUser(db: Queryable, config: ScimConfig, caller: ScimCaller, id: string) {
  return answer(await resourceOf(db, caller.organizationId, id), config);
}

/** RFC 7644 §3.4.2: a ListResponse of the organization's resources. */
export async function listScimUsers(db: Queryable, config: ScimConfig, caller: ScimCaller, query: ScimListQuery) {
  const { startIndex, store } = readListQuery(query, caller.organizationId);
  const { rows, total } = await selectScimUsers(db, store);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => answer(row, config)),
  };
}

/**
 * Makes the person what `input` says, through the domain's services: activation first (the user limit
 * counts them), then name, role and texts, deactivation last (ending their sessions), then the directory's
 * own attributes. Each service runs only for a real change, so an unchanged PUT records nothing.
 */
async function save(
  db: Database,
  tx: Queryable,
  config: ScimConfig,
  caller: ScimCaller,
  row: ScimUserRow,
  input: ScimUserInput,
  created = false,
) {
  const inTx = within(db, tx);
  const { organizationId, who } = caller;
  if (input.active === true && !row.active)
    await setUserActive(inTx, who, row.email, true, config.productName, organizationId);
  const edits: EditableFields = {};
  const name = nameOf(input, row.name);
  const role = roleFrom(input, row.role);
  if (name !== row.name) edits.name = name;
  if (role !== row.role) edits.role = role;
  const text = userTextColumns(input.text, row);
  for (const { field, column } of USER_TEXT_FIELDS) if (text[column] !== row[column]) edits[field] = text[column];
  if (Object.keys(edits).length > 0) await updateUser(inTx, who, row.email, organizationId, edits, config.productName);
  if (input.active === false && row.active)
    await setUserActive(inTx, who, row.email, false, config.productName, organizationId);
  const changed = await updateScimColumns(tx, row.email, input.externalId, input.attributes);
  // A new person's event (createUser's) already records their creation.
  if (changed && !created) {
    // What has no column of its own is not in the user's audited fields: the event says it changed.
    await recordAuditEvent(tx, who.source, {
      action: 'user.update',
      organizationId,
      target: { type: 'user', id: row.email },
      details: { directoryAttributes: 'changed' },
    });
  }
  return (await findScimUserByEmail(tx, row.email))!;
}

/** One answer for an address outside the domains and one another organization (or an operator) holds: nothing revealed. */
const cannotProvision = (email: string, organization: OrganizationRow) =>
  invalidValue(
    `userName ${email} cannot be provisioned in ${organization.name}: it must be an address of the organization’s email domains (${organization.domain.join(', ')}) that no other account uses.`,
  );

/** RFC 7644 §3.3: creates the person, or provisions again a resource DELETE removed. */
export async function createScimUser(db: Database, config: ScimConfig, caller: ScimCaller, body: unknown) {
  const input = readUserInput(body, config.productName);
  const email = input.userName;
  const emailProblem = validateEmail(email);
  if (emailProblem) throw invalidValue(`userName: ${emailProblem}`);
  const row = await db.transaction(async (tx) => {
    const organization = await getOrganization(tx, caller.organizationId, true);
    const existing = await findScimUserByEmail(tx, email, true);
    if (existing && (existing.organization_id !== organization.id || isSystemRole(existing.role)))
      throw cannotProvision(email, organization);
    if (existing && !existing.scim_removed)
      throw uniqueness(`userName ${email} is already provisioned in ${organization.name} (id ${existing.scim_id}).`);
    if (existing) {
      await reviveScimUser(tx, email);
      const revived = (await findScimUserByEmail(tx, email))!;
      return save(db, tx, config, caller, revived, { ...input, active: input.active ?? true });
    }
    if (isOutsideDomains(email, organization.domain)) throw cannotProvision(email, organization);
    // With single sign-on the person signs in through their identity provider: no invitation to set a password.
    const invite = (await findSsoConnection(tx, organization.id)) === undefined;
    const role = roleFrom(input, DEFAULT_ROLE);
    await createUser(
      within(db, tx),
      caller.who,
      organization.id,
      { email, name: nameOf(input), role, ...input.text },
      config,
      {
        invite,
        provenance: 'scim',
      },
    );
    const created = (await findScimUserByEmail(tx, email))!;
    return save(db, tx, config, caller, created, input, true);
  });
  return answer(row, config);
}

/** RFC 7644 §3.5.1: the whole resource; userName cannot change, omitted attributes are cleared. */
export async function replaceScimUser(db: Database, config: ScimConfig, caller: ScimCaller, id: string, body: unknown) {
  const input = readUserInput(body, config.productName);
  const row = await db.transaction(async (tx) => {
    await getOrganization(tx, caller.organizationId, true);
    const current = await resourceOf(tx, caller.organizationId, id, true);
    if (input.userName !== current.email)
      throw mutability(`userName cannot change once provisioned (it is ${current.email}).`);
    return save(db, tx, config, caller, current, input);
  });
  return answer(row, config);
}

/** RFC 7644 §3.5.2: the operations applied to the current resource, then saved as a PUT of it. */
export async function patchScimUser(db: Database, config: ScimConfig, caller: ScimCaller, id: string, body: unknown) {
  const row = await db.transaction(async (tx) => {
    await getOrganization(tx, caller.organizationId, true);
    const current = await resourceOf(tx, caller.organizationId, id, true);
    const input = readUserInput(patchedUser(answer(current, config), body), config.productName);
    return save(db, tx, config, caller, current, input);
  });
  return answer(row, config);
}

/** RFC 7644 §3.6: the person is deactivated (their sessions end) and the resource is gone. */
export async function deleteScimUser(db: Database, config: ScimConfig, caller: ScimCaller, id: string) {
  await db.transaction(async (tx) => {
    await getOrganization(tx, caller.organizationId, true);
    const current = await resourceOf(tx, caller.organizationId, id, true);
    await setUserActive(within(db, tx), caller.who, current.email, false, config.productName, caller.organizationId);
    await markScimRemoved(tx, current.email);
  });
}
