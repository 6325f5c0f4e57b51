import type { PlatformClient } from '../../platform/client-types.js';
import type { RestRow } from '../../platform/rest-types.js';

/** A feature as it resolves for one organization (stage available and licensed). */
export type RestFeature = RestRow<'getFeatures'>;

/** Every feature as it resolves for one organization. */
export async function organizationFeatures(platform: PlatformClient, organizationId: string): Promise<RestFeature[]> {
  return (await platform.call('getFeatures', { path: { id: organizationId } })).data;
}
