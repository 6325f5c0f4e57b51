import { ROLES, USER_TEXT_FIELDS, normalizeEmail, roleLabel, validateUserText, type Role } from '@meridian/schema';
import type { ScimUserRow } from '../../stores/scim-users.js';
import type { GivenUserText } from '../user-text.js';
import { invalidSyntax, invalidValue } from './errors.js';

// The User resource (RFC 7643 §4.1, §4.3) and a user row: what Meridian has a column for (email, name,
// role, active, and the texts of schema's USER_TEXT_FIELDS such as title) comes from the row; what it
// has none for is kept as the directory sent it.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** Attributes kept in scim_attributes and answered back as given (RFC 7643 §4.1, with their types). */
const KEPT_STRINGS = ['nickName', 'profileUrl', 'userType', 'preferredLanguage', 'locale', 'timezone'];
const KEPT_LISTS = ['phoneNumbers', 'ims', 'photos', 'addresses', 'entitlements', 'x509Certificates'];
/** Core attributes read from or written to the row's columns, or ignored (readOnly, or a password). */
const OWN = [
  ...['id', 'externalId', 'meta', 'schemas', 'userName', 'name', 'displayName', 'active', 'emails', 'roles'],
  ...USER_TEXT_FIELDS.map(({ scimAttribute }) => scimAttribute),
];
const IGNORED = ['password', 'groups'];

/** Every top-level attribute of the resource, by its lowercase name (attribute names are case-insensitive, RFC 7643 §2.1). */
export const CORE_ATTRIBUTES: ReadonlyMap<string, string> = new Map(
  [...OWN, ...IGNORED, ...KEPT_STRINGS, ...KEPT_LISTS].map((name) => [name.toLowerCase(), name]),
);

export type ScimUser = Record<string, unknown> & { id: string; userName: string; meta: Record<string, unknown> };

/** The resource of a row, as every answer gives it. */
export function toScimUser(row: ScimUserRow, baseUrl: string, productName: string): ScimUser {
  const { name: nameParts, [ENTERPRISE_SCHEMA]: enterprise, ...kept } = row.scim_attributes;
  return {
    schemas: enterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: row.scim_id,
    ...(row.scim_external_id === null ? {} : { externalId: row.scim_external_id }),
    userName: row.email,
    displayName: row.name,
    name: { ...(isObject(nameParts) ? nameParts : {}), formatted: row.name },
    active: row.active,
    emails: [{ value: row.email, type: 'work', primary: true }],
    roles: [{ value: row.role, display: roleLabel(row.role, productName), primary: true }],
    ...kept,
    ...Object.fromEntries(
      USER_TEXT_FIELDS.filter(({ column }) => row[column] !== null).map((spec) => [
        spec.scimAttribute,
        row[spec.column],
      ]),
    ),
    ...(enterprise ? { [ENTERPRISE_SCHEMA]: enterprise } : {}),
    meta: {
      resourceType: 'User',
      created: row.created_at.toISOString(),
      lastModified: row.updated_at.toISOString(),
      location: `${baseUrl}/Users/${row.scim_id}`,
    },
  };
}

/** What a POST, a PUT or a patched resource asks for, read and checked. */
export interface ScimUserInput {
  userName: string;
  displayName?: string;
  /** name.formatted, and "givenName familyName", for when displayName is not given. */
  formattedName?: string;
  partsName?: string;
  /** The roles listed, in order; undefined when none are. */
  roles?: Role[];
  active?: boolean;
  /** Every text field by its attribute (title): a resource without one clears it (RFC 7644 §3.5.1). */
  text: GivenUserText;
  externalId: string | null;
  /** What goes to scim_attributes (name parts, kept attributes, the enterprise extension). */
  attributes: Record<string, unknown>;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The body's top-level attributes under their canonical names; unknown ones are left out (RFC 7644 §3.3 lets a provider ignore them). */
function canonical(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    // null means unassigned (RFC 7644 §3.5.1): the same as absent.
    if (value === null) continue;
    const name =
      key.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase()
        ? ENTERPRISE_SCHEMA
        : CORE_ATTRIBUTES.get(key.toLowerCase());
    if (name) out[name] = value;
  }
  return out;
}

/** active as a boolean; Entra ID sends the strings "True" and "False". */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${attribute} must be true or false, not ${JSON.stringify(value)}.`);
}

/** A role from its key or its label, any case ("orgAdmin", "Org Admin"); the domain decides whether it may be granted. */
function roleOf(value: unknown, productName: string): Role {
  const wanted = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const role = ROLES.find(
    (each) => each.toLowerCase() === wanted || roleLabel(each, productName).toLowerCase() === wanted,
  );
  if (role) return role;
  throw invalidValue(
    `roles: ${JSON.stringify(value)} is not a ${productName} role. Use orgAdmin or orgUser (or Org Admin, Org User).`,
  );
}

function rolesOf(value: unknown, productName: string): Role[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => roleOf(isObject(entry) ? entry.value : entry, productName));
}

function keptAttributes(body: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_STRINGS) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'string') throw invalidValue(`${key} must be a string.`);
    kept[key] = body[key];
  }
  for (const key of KEPT_LISTS) {
    if (body[key] === undefined) continue;
    const list = body[key];
    if (!Array.isArray(list) || !list.every(isObject)) throw invalidValue(`${key} must be a list of objects.`);
    if (list.length > 0) kept[key] = list;
  }
  const enterprise = body[ENTERPRISE_SCHEMA];
  if (enterprise !== undefined) {
    if (!isObject(enterprise)) throw invalidValue(`${ENTERPRISE_SCHEMA} must be an object.`);
    if (Object.keys(enterprise).length > 0) kept[ENTERPRISE_SCHEMA] = enterprise;
  }
  return kept;
}

/** The text fields' attributes (title), each checked by its field's rule; one not sent is none. */
function textOf(body: Record<string, unknown>): GivenUserText {
  const given: GivenUserText = {};
  for (const spec of USER_TEXT_FIELDS) {
    const value = body[spec.scimAttribute];
    if (value !== undefined && typeof value !== 'string') throw invalidValue(`${spec.scimAttribute} must be a string.`);
    const problem = validateUserText(spec, value);
    if (problem) throw invalidValue(`${spec.scimAttribute}: ${problem}`);
    given[spec.field] = value ?? null;
  }
  return given;
}

/** Reads a User resource sent by a directory (POST, PUT) or made by a PATCH. */
export function readUserInput(raw: unknown, productName: string): ScimUserInput {
  if (!isObject(raw)) throw invalidSyntax('The body must be a JSON object: a User resource.');
  const schemas = raw.schemas;
  if (!Array.isArray(schemas) || !schemas.some((each) => String(each).toLowerCase() === USER_SCHEMA.toLowerCase()))
    throw invalidSyntax(`schemas must list ${USER_SCHEMA}.`);
  const body = canonical(raw);
  const userName = text(body.userName);
  if (!userName) throw invalidValue('userName is required: the person’s email address.');
  if (body.name !== undefined && !isObject(body.name)) throw invalidValue('name must be an object.');
  const { formatted, ...nameParts } = body.name ?? {};
  for (const [part, value] of Object.entries(nameParts))
    if (value !== null && typeof value !== 'string') throw invalidValue(`name.${part} must be a string.`);
  if (body.displayName !== undefined && typeof body.displayName !== 'string')
    throw invalidValue('displayName must be a string.');
  if (body.externalId !== undefined && typeof body.externalId !== 'string')
    throw invalidValue('externalId must be a string.');
  const parts = [text(nameParts.givenName), text(nameParts.familyName)].filter(Boolean).join(' ');
  const keptName = Object.fromEntries(Object.entries(nameParts).filter(([, value]) => typeof value === 'string'));
  return {
    userName: normalizeEmail(userName),
    displayName: text(body.displayName),
    formattedName: text(formatted),
    partsName: parts || undefined,
    roles: body.roles === undefined ? undefined : rolesOf(body.roles, productName),
    active: body.active === undefined ? undefined : booleanOf(body.active, 'active'),
    text: textOf(body),
    externalId: body.externalId ?? null,
    attributes: {
      ...(Object.keys(keptName).length > 0 ? { name: keptName } : {}),
      ...keptAttributes(body),
    },
  };
}

/** Meridian's name: displayName, else name.formatted, else "givenName familyName", else the current name, else the userName. */
export const nameOf = (input: ScimUserInput, current?: string) =>
  input.displayName ?? input.formattedName ?? input.partsName ?? current ?? input.userName;

/**
 * The role a list asks for: the last one that differs from the current role (a PATCH "add" appends
 * the new one after it), or the current one; none listed keeps the current role.
 */
export function roleFrom(input: ScimUserInput, current: Role): Role {
  const changed = (input.roles ?? []).filter((role) => role !== current);
  return changed[changed.length - 1] ?? current;
}
