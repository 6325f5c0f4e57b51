import { OPERATIONS, checkPermission, isSystemRole } from '@meridian/schema';
import type { Caller } from '../../context.js';
import type { PlatformClient } from '../../platform/client-types.js';
import { getOrganization, type RestOrganization } from '../organization/platform.js';
import { listUsers, type RestUser } from '../user/platform.js';

/** What Query.search hands to SearchResults' fields: each list is read only when it is asked for. */
export interface SearchQuery {
  /** Trimmed, within the lengths of schema's search rules. */
  text: string;
  limit: number;
}

/** Whose users a caller searches: every organization's (null), one organization's, or none. */
type UserScope = { organizationId: string | null } | 'none';

/** The table's own checks: the palette gives no role more than the lists it stands for. */
const holds = (caller: Caller, operation: 'organizations' | 'organization' | 'users') =>
  checkPermission(caller.role, OPERATIONS[operation], undefined, () => undefined);

function userScopeOf(caller: Caller): UserScope {
  // searchAllUsers: users:read and a system role; otherwise users of the caller's own organization.
  if (isSystemRole(caller.role)) return holds(caller, 'users') ? { organizationId: null } : 'none';
  return holds(caller, 'users') && caller.organizationId ? { organizationId: caller.organizationId } : 'none';
}

/** Matches as the platform's list search does: the text anywhere in the id or the name, any case. */
const organizationMatches = (organization: RestOrganization, text: string) =>
  `${organization.id} ${organization.name}`.toLowerCase().includes(text.toLowerCase());

/**
 * Organizations whose name or id contains the text: from the organizations list for those who may read
 * it; for an organization role that may read its own organization, that one when it matches.
 */
export async function searchOrganizations(
  platform: PlatformClient,
  caller: Caller,
  { text, limit }: SearchQuery,
): Promise<RestOrganization[]> {
  if (holds(caller, 'organizations')) {
    // GET /organization without include=licenses_used: the palette shows names, not seat usage.
    return (await platform.list<RestOrganization>('/organization', { search: text, sort: 'name', limit })).rows;
  }
  if (!holds(caller, 'organization') || !caller.organizationId) return [];
  const own = await getOrganization(platform, caller.organizationId);
  return organizationMatches(own, text) ? [own] : [];
}

/** Users whose name or email contains the text, in the caller's scope; the platform checks it again. */
export async function searchUsers(
  platform: PlatformClient,
  caller: Caller,
  { text, limit }: SearchQuery,
): Promise<RestUser[]> {
  const scope = userScopeOf(caller);
  if (scope === 'none') return [];
  const organizationId = scope.organizationId ?? undefined;
  return (await listUsers(platform, { search: text, sort: 'name', limit, organizationId })).rows;
}
