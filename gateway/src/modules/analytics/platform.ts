import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody } from '../../platform/rest-types.js';

/** GET /analytics/summary: the analytics screen in one call. */
export type RestAnalyticsSummary = RestBody<'getAnalyticsSummary'>;

export function analyticsSummary(platform: PlatformClient): Promise<RestAnalyticsSummary> {
  return platform.call('getAnalyticsSummary');
}
