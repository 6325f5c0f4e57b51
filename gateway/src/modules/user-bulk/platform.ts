import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRequest } from '../../platform/rest-types.js';

export type RestSetUsersActive = RestRequest<'setUsersActive'>;
export type RestSetUsersActiveResult = RestBody<'setUsersActive'>;

/** POST /user/bulk/active: one call for the whole selection; the platform batches it. */
export function setUsersActive(
  platform: PlatformClient,
  organizationId: string,
  body: RestSetUsersActive,
): Promise<RestSetUsersActiveResult> {
  return platform.call('setUsersActive', { query: { organizationId }, body });
}
