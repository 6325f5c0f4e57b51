import type { FeatureKey } from '@meridian/schema';
import type { GatewayContext } from '../context.js';
import { organizationFeatures } from '../modules/feature/platform.js';
import { PlatformCallCancelled, PlatformError } from '../platform/errors.js';

/**
 * Whether a feature is available to an organization (stage and license, as the platform resolves it
 * with schema's resolveFeature), from GET /organization/{id}/features, made once per request per
 * organization (the request's platform client answers repeated GETs from its map).
 *
 * 'unknown' when the caller's own token may not read the organization's features (an Org User lacks
 * organization:read): the platform enforces the same feature on the call itself and its refusal
 * surfaces as FEATURE_UNAVAILABLE, so the decision is left to it.
 */
export async function featureAvailability(
  context: GatewayContext,
  organizationId: string,
  key: FeatureKey,
): Promise<boolean | 'unknown'> {
  try {
    const features = await organizationFeatures(context.platform, organizationId);
    return features.find((feature) => feature.key === key)?.isAvailable === true;
  } catch (error) {
    if (
      error instanceof PlatformError &&
      !(error instanceof PlatformCallCancelled) &&
      (error.status === 403 || error.status === 404)
    ) {
      context.log.debug({ organizationId, feature: key, status: error.status }, 'Feature check left to the platform');
      return 'unknown';
    }
    throw error;
  }
}
