import type { ListResult, PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestQuery, RestRequest, RestRow } from '../../platform/rest-types.js';
import { listOf } from '../common/platform.js';

/**
 * A user record as the platform answers it (spec section 3); it never carries the password. Only
 * GET /user/email/{email} adds `organization`: what every user may know of their own organization.
 */
export type RestUser = RestRow<'listUsers'> & Partial<Pick<RestBody<'getUser'>, 'organization'>>;

export type RestUserCreate = RestRequest<'createUser'>;
/** Fields of PUT /user?organizationId: the body without the email naming the user and the activation flag. */
export type RestUserFields = Omit<RestRequest<'updateUser'>, 'email' | 'active'>;

/** One user; anyone reads their own. Every lazy read of a user goes through this one call. */
export function getUser(platform: PlatformClient, email: string): Promise<RestUser> {
  return platform.call('getUser', { path: { email } });
}

/** Users of an organization, or (without organizationId) of every organization. */
export async function listUsers(
  platform: PlatformClient,
  query: RestQuery<'listUsers'>,
): Promise<ListResult<RestUser>> {
  return listOf(await platform.call('listUsers', { query }));
}

export function createUser(platform: PlatformClient, organizationId: string, body: RestUserCreate): Promise<RestUser> {
  return platform.call('createUser', { query: { organizationId }, body });
}

export function updateUser(
  platform: PlatformClient,
  organizationId: string,
  email: string,
  fields: RestUserFields,
): Promise<RestUser> {
  const body: RestRequest<'updateUser'> = { email, ...fields };
  return platform.call('updateUser', { query: { organizationId }, body });
}

/** PUT /user with a body of only {email, active} is the activation call. */
export function setUserActive(platform: PlatformClient, email: string, active: boolean): Promise<RestUser> {
  const body: RestRequest<'updateUser'> = { email, active };
  return platform.call('updateUser', { body });
}

export function setUserDataAccess(platform: PlatformClient, email: string, enabled: boolean): Promise<RestUser> {
  const body: RestRequest<'setUserDataAccess'> = { direct_data_access_enabled: enabled };
  return platform.call('setUserDataAccess', { path: { email }, body });
}
