import { ROLES, isSystemRole, roleLabel, type Role } from '@meridian/schema';
import type { Filter } from 'scim2-parse-filter';
import type { GroupMemberRow } from '../../stores/scim-groups.js';
import { ScimError, invalidFilter, invalidSyntax, invalidValue, mutability } from './errors.js';
import { parseFilter } from './filter.js';
import { patchOperationsOf } from './patch.js';
import { isObject } from './user-resource.js';

// The Group resource (RFC 7643 §4.2): Meridian's groups are the roles a directory can assign, fixed, one
// per organization role (never a system role); a person's membership is their role. Here: the
// resource, its filter, and what a PATCH or PUT asks of its members, read (the service applies it).

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** The roles that are groups, in ROLES' order: orgAdmin, orgUser. */
export const GROUP_ROLES: readonly Role[] = ROLES.filter((role) => !isSystemRole(role));

export interface ScimGroupOf {
  /** The group's id is its role's key. */
  role: Role;
  displayName: string;
}

/** "Org Admins": the plural of the role's label. */
export const groupName = (role: Role, productName: string) => `${roleLabel(role, productName)}s`;

export const groupsOf = (productName: string): ScimGroupOf[] =>
  GROUP_ROLES.map((role) => ({ role, displayName: groupName(role, productName) }));

/** The group of id `id` (ids are case-exact), or undefined. */
export const groupOf = (id: string, productName: string) => groupsOf(productName).find((group) => group.role === id);

/** The words every refusal to create, rename or delete a group shares. */
export const fixedGroupsWords = (productName: string) =>
  `${productName}’s groups are its roles: ${groupsOf(productName)
    .map((group) => group.displayName)
    .join(', ')}`;

export interface GroupTimes {
  created: Date;
  lastModified: Date;
}

/** The resource; `members` undefined leaves the attribute out (excluded, or a list). */
export function toScimGroup(group: ScimGroupOf, baseUrl: string, times: GroupTimes, members?: GroupMemberRow[]) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.role,
    displayName: group.displayName,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.scim_id,
            display: member.email,
            $ref: `${baseUrl}/Users/${member.scim_id}`,
            type: 'User',
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: times.created.toISOString(),
      lastModified: times.lastModified.toISOString(),
      location: `${baseUrl}/Groups/${group.role}`,
    },
  };
}

const CORE_PREFIX = `${GROUP_SCHEMA.toLowerCase()}:`;
/** An attribute name without the core Group schema's URN, lowercase. */
const attributeOf = (path: string) => {
  const lower = path.trim().toLowerCase();
  return lower.startsWith(CORE_PREFIX) ? lower.slice(CORE_PREFIX.length) : lower;
};

const COMPARE: Readonly<Record<string, (left: string, right: string) => boolean>> = {
  eq: (l, r) => l === r,
  ne: (l, r) => l !== r,
  co: (l, r) => l.includes(r),
  sw: (l, r) => l.startsWith(r),
  ew: (l, r) => l.endsWith(r),
  gt: (l, r) => l > r,
  ge: (l, r) => l >= r,
  lt: (l, r) => l < r,
  le: (l, r) => l <= r,
};

/** Whether the group matches the filter: displayName compares caseless, id exactly (RFC 7643 §8.7.1). */
function matches(filter: Filter, group: ScimGroupOf): boolean {
  switch (filter.op) {
    case 'and':
      return filter.filters.every((each) => matches(each, group));
    case 'or':
      return filter.filters.some((each) => matches(each, group));
    case 'not':
      return !matches(filter.filter, group);
    case '[]':
      throw invalidFilter(`${filter.attrPath}[...] cannot be filtered on. Filter /Groups on displayName or id.`);
    default: {
      const attribute = attributeOf(filter.attrPath);
      if (attribute !== 'displayname' && attribute !== 'id')
        throw invalidFilter(
          `The filter names ${filter.attrPath}, which cannot be filtered on. Filter /Groups on displayName or id.`,
        );
      if (filter.op === 'pr') return true;
      if (typeof filter.compValue !== 'string')
        throw invalidFilter(
          `${filter.attrPath} ${filter.op} ${JSON.stringify(filter.compValue)}: compare it with a string.`,
        );
      const caseless = attribute === 'displayname';
      const left = caseless ? group.displayName.toLowerCase() : group.role;
      const right = caseless ? filter.compValue.toLowerCase() : filter.compValue;
      return COMPARE[filter.op]!(left, right);
    }
  }
}

/** The groups a filter matches (RFC 7644 §3.4.2.2), read by scim2-parse-filter. */
export function filterGroups(groups: ScimGroupOf[], filter: string | undefined): ScimGroupOf[] {
  if (filter === undefined || filter.trim() === '') return groups;
  const ast = parseFilter(filter);
  return groups.filter((group) => matches(ast, group));
}

/** What a request asks of a group's members: ids are the people's User ids. */
export type MemberChange =
  | { kind: 'add'; ids: string[] }
  /** ids undefined: every member. */
  | { kind: 'remove'; ids?: string[] }
  | { kind: 'replace'; ids: string[] };

/** A members value: a list of {"value": "<User id>"} (Entra adds "$ref": null), or one of them. */
function memberIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    if (!isObject(member) || typeof member.value !== 'string' || member.value.trim() === '')
      throw invalidValue(`members: each member is {"value": "<a User’s id>"}, not ${JSON.stringify(member)}.`);
    return member.value.trim();
  });
}

/** The ids of `members[value eq "<id>"]` (or of several, joined by or). */
function idsOfValueFilter(filter: Filter, path: string): string[] {
  if (filter.op === 'or') return filter.filters.flatMap((each) => idsOfValueFilter(each, path));
  if (filter.op === 'eq' && filter.attrPath.toLowerCase() === 'value' && typeof filter.compValue === 'string')
    return [filter.compValue];
  throw new ScimError(
    400,
    `The path ${path} can only select members by value: members[value eq "<id>"].`,
    'invalidPath',
  );
}

/** A path naming members through a value filter, as its ids; undefined when the path is another. */
function filteredMembers(path: string): string[] | undefined {
  if (!path.includes('[')) return undefined;
  let ast: Filter;
  try {
    ast = parseFilter(path);
  } catch {
    throw new ScimError(400, `The path ${JSON.stringify(path)} cannot be read.`, 'invalidPath');
  }
  if (ast.op !== '[]' || attributeOf(ast.attrPath) !== 'members')
    throw new ScimError(400, `The path ${JSON.stringify(path)} names no attribute a group can change.`, 'invalidPath');
  return idsOfValueFilter(ast.valFilter, path);
}

/** A displayName sent for the group: the same name is no change; another is refused (the group is a role). */
function sameName(value: unknown, group: ScimGroupOf, productName: string) {
  if (typeof value === 'string' && value.trim().toLowerCase() === group.displayName.toLowerCase()) return;
  throw mutability(`displayName cannot change: ${fixedGroupsWords(productName)}. ${group.displayName} keeps its name.`);
}

/** One operation's change to the members, or none (an unchanged displayName). */
function changeOf(
  op: 'add' | 'remove' | 'replace',
  path: string | undefined,
  value: unknown,
  group: ScimGroupOf,
  productName: string,
): MemberChange[] {
  if (path === undefined) {
    if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path (RFC 7644 §3.5.2.2).', 'noTarget');
    if (!isObject(value))
      throw invalidValue('An operation without a path carries an object of attributes as its value.');
    return Object.entries(value).flatMap(([key, each]) => changeOf(op, key, each, group, productName));
  }
  const filtered = filteredMembers(path);
  if (filtered) {
    if (op !== 'remove')
      throw new ScimError(
        400,
        `${op} cannot take the path ${path}: add or replace members with path "members".`,
        'invalidPath',
      );
    return [{ kind: 'remove', ids: filtered }];
  }
  switch (attributeOf(path)) {
    case 'members':
      if (op === 'remove') return [{ kind: 'remove', ...(value === undefined ? {} : { ids: memberIdsOf(value) }) }];
      return [{ kind: op, ids: value === undefined ? [] : memberIdsOf(value) }];
    case 'displayname':
      if (op === 'remove') throw mutability(`displayName is required; ${group.displayName} keeps its name.`);
      sameName(value, group, productName);
      return [];
    case 'id':
    case 'meta':
    case 'externalid':
    case 'schemas':
      throw mutability(`${path} of a group cannot change: ${fixedGroupsWords(productName)}.`);
    default:
      throw new ScimError(
        400,
        `The path ${JSON.stringify(path)} names no attribute of the Group resource.`,
        'invalidPath',
      );
  }
}

/** RFC 7644 §3.5.2: what a PatchOp message asks of the group's members, in order. */
export function readGroupPatch(body: unknown, group: ScimGroupOf, productName: string): MemberChange[] {
  return patchOperationsOf(body).flatMap((operation) => {
    const op = operation.op.toLowerCase() as 'add' | 'remove' | 'replace';
    const path = typeof operation.path === 'string' ? operation.path : undefined;
    return changeOf(op, path, (operation as { value?: unknown }).value, group, productName);
  });
}

/** RFC 7644 §3.5.1: a PUT's members are the whole membership (none listed: no members); displayName must be the group's. */
export function readGroupPut(body: unknown, group: ScimGroupOf, productName: string): MemberChange {
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object: a Group resource.');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.some((each) => String(each).toLowerCase() === GROUP_SCHEMA.toLowerCase()))
    throw invalidSyntax(`schemas must list ${GROUP_SCHEMA}.`);
  const key = (name: string) => Object.keys(body).find((each) => each.toLowerCase() === name.toLowerCase());
  const displayName = key('displayName');
  if (displayName === undefined) throw invalidValue('displayName is required (RFC 7643 §4.2).');
  sameName(body[displayName], group, productName);
  const members = key('members');
  const value = members === undefined ? null : body[members];
  return { kind: 'replace', ids: value === null ? [] : memberIdsOf(value) };
}
