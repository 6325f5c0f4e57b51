import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRow } from '../../platform/rest-types.js';
import { organizationPath } from '../organization/platform.js';

/** A feature as it resolves for one organization (stage available and licensed). */
export type RestFeature = RestRow<'getFeatures'>;

/** Every feature as it resolves for one organization. */
export async function organizationFeatures(platform: PlatformClient, organizationId: string): Promise<RestFeature[]> {
  return (await platform.get<RestBody<'getFeatures'>>(`${organizationPath(organizationId)}/features`)).data;
}
