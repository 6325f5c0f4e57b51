import { DEFAULT_ROLE, type Role } from '@meridian/schema';
import type { Database, Queryable } from '../../db/database.js';
import { getOrganization } from '../organizations.js';
import { updateUser } from '../users.js';
import {
  countGroupMembersBesides,
  groupTimes,
  lockGroupPeople,
  selectGroupMembers,
  type GroupPersonRow,
} from '../../stores/scim-groups.js';
import { ScimError, invalidValue, mutability, uniqueness } from './errors.js';
import {
  filterGroups,
  fixedGroupsWords,
  groupOf,
  groupsOf,
  readGroupPatch,
  readGroupPut,
  toScimGroup,
  type MemberChange,
  type ScimGroupOf,
} from './group-resource.js';
import { LIST_SCHEMA, readPage, type ScimListQuery } from './list.js';
import { isObject } from './user-resource.js';
import { within, type ScimCaller, type ScimConfig } from './users.js';

// The /Groups service: a group is a role, so a membership change is a role change, made through the
// domain's updateUser as /Users makes one (the last Org Admin, grantable roles, the audit trail with the
// directory as actor). Each request is one transaction: an unknown member or a refusal changes nothing.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const groupNotFound = (id: string) => new ScimError(404, `No Group has the id ${id}.`);

function theGroup(id: string, config: ScimConfig): ScimGroupOf {
  const group = groupOf(id, config.productName);
  if (!group) throw groupNotFound(id);
  return group;
}

async function answerOf(db: Queryable, config: ScimConfig, caller: ScimCaller, group: ScimGroupOf, members: boolean) {
  const times = await groupTimes(db, caller.organizationId);
  const listed = members ? await selectGroupMembers(db, caller.organizationId, group.role) : undefined;
  return toScimGroup(
    group,
    config.scimBaseUrl,
    { created: times.created_at, lastModified: times.last_modified },
    listed,
  );
}

/** RFC 7644 §3.4.1: the group, its members (one query, two columns) unless `members` is false. */
export async function getScimGroup(
  db: Queryable,
  config: ScimConfig,
  caller: ScimCaller,
  id: string,
  members: boolean,
) {
  return answerOf(db, config, caller, theGroup(id, config), members);
}

const SORTABLE: Readonly<Record<string, (group: ScimGroupOf) => string>> = {
  displayname: (group) => group.displayName.toLowerCase(),
  id: (group) => group.role,
};

function sorted(groups: ScimGroupOf[], sortBy: string | undefined, sortOrder: string | undefined) {
  const order = (sortOrder ?? 'ascending').toLowerCase();
  if (order !== 'ascending' && order !== 'descending')
    throw invalidValue(`sortOrder must be ascending or descending, not ${JSON.stringify(sortOrder)}.`);
  if (sortBy === undefined) return order === 'descending' ? [...groups].reverse() : groups;
  const key = SORTABLE[sortBy.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/, '')];
  if (!key) throw invalidValue(`sortBy ${sortBy} is not sortable. Sort groups by displayName or id.`);
  const direction = order === 'descending' ? -1 : 1;
  return [...groups].sort((a, b) => direction * key(a).localeCompare(key(b)));
}

/**
 * RFC 7644 §3.4.2: a ListResponse of the groups the filter matches. A list never carries members: Org
 * Users holds every person of the organization, and GET /Groups/{id} answers them.
 */
export async function listScimGroups(db: Queryable, config: ScimConfig, caller: ScimCaller, query: ScimListQuery) {
  const { startIndex, count } = readPage(query);
  const matched = sorted(filterGroups(groupsOf(config.productName), query.filter), query.sortBy, query.sortOrder);
  const page = matched.slice(startIndex - 1, startIndex - 1 + count);
  const times = page.length > 0 ? await groupTimes(db, caller.organizationId) : undefined;
  return {
    schemas: [LIST_SCHEMA],
    totalResults: matched.length,
    startIndex,
    itemsPerPage: page.length,
    Resources: page.map((group) =>
      toScimGroup(group, config.scimBaseUrl, { created: times!.created_at, lastModified: times!.last_modified }),
    ),
  };
}

/** The people a request names, locked; 400 invalidValue naming every id that is no person of the organization. */
async function peopleOf(tx: Queryable, caller: ScimCaller, organizationName: string, changes: MemberChange[]) {
  const ids = [...new Set(changes.flatMap((change) => change.ids ?? []))];
  const people = await lockGroupPeople(
    tx,
    caller.organizationId,
    ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()),
  );
  const byId = new Map(people.map((person) => [person.scim_id, person]));
  const unknown = ids.filter((id) => !byId.has(id.toLowerCase()));
  if (unknown.length > 0)
    throw invalidValue(
      `members: ${unknown.map((id) => JSON.stringify(id)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} the id of no person of ${organizationName}. Nothing was changed.`,
    );
  return (id: string) => byId.get(id.toLowerCase())!;
}

/**
 * Applies the changes to the group's members as role changes: joining a group takes its role; leaving
 * one takes the default role (Org User), so the default role's group cannot be left but by joining the
 * other. Joins run first, so a PUT that swaps Org Admins never leaves the organization without one.
 */
async function applyChanges(
  db: Database,
  tx: Queryable,
  config: ScimConfig,
  caller: ScimCaller,
  group: ScimGroupOf,
  changes: MemberChange[],
) {
  const organization = await getOrganization(tx, caller.organizationId, true);
  const personOf = await peopleOf(tx, caller, organization.name, changes);
  const wanted = new Map<string, GroupPersonRow & { to: Role }>();
  const roleNow = (person: GroupPersonRow) => wanted.get(person.scim_id)?.to ?? person.role;
  const defaultGroup = groupOf(DEFAULT_ROLE, config.productName)!;
  const otherGroups = groupsOf(config.productName).filter((each) => each.role !== DEFAULT_ROLE);
  const leave = (person: GroupPersonRow) => {
    if (roleNow(person) !== group.role) return;
    if (group.role === DEFAULT_ROLE)
      throw invalidValue(
        `members: ${person.email} (id ${person.scim_id}) cannot leave ${group.displayName}: a person leaves ${group.displayName} only by joining ${otherGroups.map((each) => each.displayName).join(' or ')}.`,
      );
    wanted.set(person.scim_id, { ...person, to: DEFAULT_ROLE });
  };
  const join = (person: GroupPersonRow) => wanted.set(person.scim_id, { ...person, to: group.role });
  /** Everyone in the group now: the stored members as the changes so far leave them, and those who joined. */
  const members = async () => {
    const stored = (await selectGroupMembers(tx, caller.organizationId, group.role)).map((member) => ({
      ...member,
      role: group.role,
    }));
    const joined = [...wanted.values()].filter((person) => person.to === group.role && person.role !== group.role);
    return [...stored.filter((person) => roleNow(person) === group.role), ...joined];
  };

  for (const change of changes) {
    const named = (change.ids ?? []).map(personOf);
    if (change.kind === 'add') named.forEach(join);
    else if (change.kind === 'remove' && change.ids) named.forEach(leave);
    else if (change.kind === 'remove') (await members()).forEach(leave);
    else if (group.role === DEFAULT_ROLE) {
      // Replacing the default role's members may only add: everyone not listed would have no role to go to.
      const listed = new Set(named.map((person) => person.scim_id));
      const besides = await countGroupMembersBesides(tx, caller.organizationId, group.role, [
        ...listed,
        ...wanted.keys(),
      ]);
      const moved = [...wanted.values()].filter((person) => person.to === group.role && !listed.has(person.scim_id));
      if (besides + moved.length > 0)
        throw invalidValue(
          `members: ${besides + moved.length} current ${besides + moved.length === 1 ? 'member is' : 'members are'} not listed. A replacement of ${defaultGroup.displayName}’s members must list everyone in it: a person leaves ${defaultGroup.displayName} only by joining ${otherGroups.map((each) => each.displayName).join(' or ')}.`,
        );
      named.forEach(join);
    } else {
      named.forEach(join);
      const listed = new Set(named.map((person) => person.scim_id));
      (await members()).filter((person) => !listed.has(person.scim_id)).forEach(leave);
    }
  }

  const changed = [...wanted.values()]
    .filter((person) => person.to !== person.role)
    .sort((a, b) => Number(a.to === DEFAULT_ROLE) - Number(b.to === DEFAULT_ROLE) || a.email.localeCompare(b.email));
  for (const person of changed)
    await updateUser(
      within(db, tx),
      caller.who,
      person.email,
      caller.organizationId,
      { role: person.to },
      config.productName,
    );
}

/** RFC 7644 §3.5.2: members added and removed as role changes; displayName cannot change. */
export async function patchScimGroup(db: Database, config: ScimConfig, caller: ScimCaller, id: string, body: unknown) {
  const group = theGroup(id, config);
  const changes = readGroupPatch(body, group, config.productName);
  await db.transaction((tx) => applyChanges(db, tx, config, caller, group, changes));
}

/** RFC 7644 §3.5.1: exactly the listed people are members (for Org Users: the list may only add). */
export async function replaceScimGroup(
  db: Database,
  config: ScimConfig,
  caller: ScimCaller,
  id: string,
  body: unknown,
  members: boolean,
) {
  const group = theGroup(id, config);
  const change = readGroupPut(body, group, config.productName);
  return db.transaction(async (tx) => {
    await applyChanges(db, tx, config, caller, group, [change]);
    return answerOf(tx, config, caller, group, members);
  });
}

/** RFC 7644 §3.3: the groups are fixed; one of their names is a conflict, any other name is not a role. */
export function createScimGroup(config: ScimConfig, body: unknown): never {
  const displayName = isObject(body) && typeof body.displayName === 'string' ? body.displayName.trim() : undefined;
  const existing = groupsOf(config.productName).find(
    (group) => group.displayName.toLowerCase() === displayName?.toLowerCase(),
  );
  if (existing) throw uniqueness(`${existing.displayName} exists: id ${existing.role}.`);
  throw invalidValue(`${fixedGroupsWords(config.productName)}. Add people to one of them (PATCH /Groups/{id}).`);
}

/** RFC 7644 §3.6: a role cannot be deleted. */
export function deleteScimGroup(config: ScimConfig, id: string): never {
  const group = theGroup(id, config);
  throw mutability(`${group.displayName} cannot be deleted: ${fixedGroupsWords(config.productName)}.`);
}
