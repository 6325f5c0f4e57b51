import type { OrganizationStatus } from '@meridian/schema';
import { organizationTabPath } from '../../components/entity-links.js';
import { PATHS } from '../../routes/paths.js';

/**
 * The organizations list filtered to a segment (and a lifecycle state): where a bar of "Organizations
 * by segment" or a count of its table leads. The list reads `segment` and `status` (GraphQL enum form).
 */
export function organizationsListPath(segment: string, status?: OrganizationStatus): string {
  const params = new URLSearchParams({ segment });
  if (status) params.set('status', status.toUpperCase());
  return `${PATHS.organizations}?${params.toString()}`;
}

/** Where a bar of "License use against limits" leads: that organization's licenses. */
export const licenseUsePath = (organizationId: string): string => organizationTabPath(organizationId, 'licenses');
