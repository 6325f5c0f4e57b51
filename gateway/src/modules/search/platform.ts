import { actorOf, decideAccess, type Operation } from '@meridian/schema';
import type { Caller } from '../../context.js';
import type { PlatformClient } from '../../platform/client-types.js';
import { getOrganization, listOrganizations, type RestOrganization } from '../organization/platform.js';
import { listUsers, type RestUser } from '../user/platform.js';

/** What Query.search hands to SearchResults' fields: each list is read only when it is asked for. */
export interface SearchQuery {
  /** Trimmed, within the lengths of schema's search rules. */
  text: string;
  limit: number;
}

/** Whose users a caller searches: every organization's (null), one organization's, or none. */
type UserScope = { organizationId: string | null } | 'none';

/**
 * Whether the caller may make the call a list of the palette stands for, on `organizationId` when it
 * names one: schema's decideAccess, so the palette gives no role more than those lists.
 */
const mayCall = (caller: Caller, operation: Operation, organizationId?: string) =>
  decideAccess(operation, actorOf(caller), {
    targets: organizationId === undefined ? [] : [{ organizationId }],
    featureAvailability: () => 'unknown',
  }).allowed === true;

function userScopeOf(caller: Caller): UserScope {
  if (mayCall(caller, 'searchAllUsers')) return { organizationId: null };
  if (caller.organizationId && mayCall(caller, 'users', caller.organizationId))
    return { organizationId: caller.organizationId };
  return 'none';
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
  if (mayCall(caller, 'organizations')) {
    // GET /organization without include=licenses_used: the palette shows names, not seat usage.
    return (await listOrganizations(platform, { search: text, sort: 'name', limit })).rows;
  }
  if (!caller.organizationId || !mayCall(caller, 'organization', caller.organizationId)) return [];
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
