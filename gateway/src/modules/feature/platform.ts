import type { ResolvedFeature } from '@meridian/schema';
import type { PlatformClient } from '../../platform/client-types.js';
import { organizationPath } from '../organization/platform.js';

/** Every feature as it resolves for one organization (stage available and licensed). */
export async function organizationFeatures(
  platform: PlatformClient,
  organizationId: string,
): Promise<ResolvedFeature[]> {
  return (await platform.get<{ data: ResolvedFeature[] }>(`${organizationPath(organizationId)}/features`)).data;
}
