import type { OrganizationStatus } from '@meridian/schema';
import type { ListResult, PlatformClient, Query } from '../../platform/client-types.js';
import { segment } from '../common/platform.js';
import type { RestJobs } from '../lifecycle/platform.js';

/** Tableau seats; the *_used keys come with include=licenses_used (read-only usage). */
export interface RestTableauUserLicenses {
  explorer_count: number;
  viewer_count: number;
  explorer_used?: number;
  viewer_used?: number;
}

/** An organization's licenses as the platform answers them; active_users comes with include=licenses_used. */
export interface RestLicenses {
  user_limit: number;
  tableau_user_licenses: RestTableauUserLicenses;
  products: Record<string, { enabled: boolean }>;
  active_users?: number;
}

/** Changes to licenses (PUT /licenses, segment-switch): only what is named changes. */
export interface RestLicensesPatch {
  user_limit?: number;
  tableau_user_licenses?: { explorer_count?: number; viewer_count?: number };
  products?: Record<string, { enabled: boolean }>;
}

/** An organization as the platform answers it (spec section 3 field names). */
export interface RestOrganization {
  id: string;
  name: string;
  active: boolean;
  status: OrganizationStatus;
  domain: string[];
  callbackUrls: string[];
  primaryContact: { name?: string; email?: string };
  licenses: RestLicenses;
  preferences: { bi_portal?: { default_states?: string[] } };
  customer_segment: string;
  medicare_licensed: boolean;
  onboarding: { bi?: { portal_url?: string } };
  createdAt: string;
  updatedAt: string;
  /** GET /organization/:id and the lifecycle moves add the state of the three jobs. */
  jobs?: RestJobs;
}

/** REST sort keys of GET /organization (its allow-list). */
export type RestOrganizationSortField = 'name' | 'id' | 'status' | 'customer_segment' | 'createdAt';

export interface RestOrganizationCreate {
  id: string;
  name: string;
  domain: string[];
  primaryContact: { name: string; email: string };
  customer_segment: string;
  medicare_licensed: boolean;
}

export interface RestOrganizationUpdate {
  name?: string;
  domain?: string[];
  callbackUrls?: string[];
  primaryContact?: { name: string; email: string };
  preferences?: { bi_portal: { default_states: string[] } };
  /** portal_url null removes the portal URL. */
  onboarding?: { bi: { portal_url: string | null } };
}

/** Seat usage is always asked for: Organization.licenses then needs no second call. */
const WITH_USAGE = { include: 'licenses_used' } as const;

export const organizationPath = (id: string) => `/organization/${segment(id)}`;

/**
 * One organization with its jobs and license usage. Every lazy field that needs more than a list row
 * reads through this one call, which the client makes once per request.
 */
export function getOrganization(platform: PlatformClient, id: string): Promise<RestOrganization> {
  return platform.get<RestOrganization>(organizationPath(id), WITH_USAGE);
}

export function listOrganizations(platform: PlatformClient, query: Query): Promise<ListResult<RestOrganization>> {
  return platform.list<RestOrganization>('/organization', { ...query, ...WITH_USAGE });
}

export function createOrganization(platform: PlatformClient, body: RestOrganizationCreate): Promise<RestOrganization> {
  return platform.post<RestOrganization>('/organization', body);
}

export function updateOrganization(
  platform: PlatformClient,
  id: string,
  body: RestOrganizationUpdate,
): Promise<RestOrganization> {
  return platform.put<RestOrganization>('/organization', body, { organizationId: id });
}

export function updateLicenses(
  platform: PlatformClient,
  id: string,
  licenses: RestLicensesPatch,
): Promise<RestOrganization> {
  return platform.put<RestOrganization>('/licenses', { licenses }, { organizationId: id });
}
