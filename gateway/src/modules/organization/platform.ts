import type { ListResult, PlatformClient } from '../../platform/client-types.js';
import { listOf } from '../common/platform.js';
import type { RestBody, RestQuery, RestRequest, RestRow } from '../../platform/rest-types.js';

/** An organization's licenses as the platform answers them; the usage keys come with include=licenses_used. */
export type RestLicenses = RestOrganization['licenses'];
export type RestTableauUserLicenses = RestLicenses['tableau_user_licenses'];

/** Changes to licenses (PUT /licenses, segment-switch): only what is named changes. */
export type RestLicensesPatch = RestRequest<'updateLicenses'>['licenses'];

/**
 * An organization as the platform answers it (spec section 3 field names). GET /organization/:id and
 * the lifecycle moves add the state of the three jobs; list rows have none.
 */
export type RestOrganization = RestRow<'listOrganizations'> & Partial<Pick<RestBody<'getOrganization'>, 'jobs'>>;

export type RestOrganizationCreate = RestRequest<'createOrganization'>;
export type RestOrganizationUpdate = RestRequest<'updateOrganization'>;

/** Seat usage (licenses.active_users, tableau_user_licenses.*_used): counted by the platform only when asked for. */
const WITH_USAGE = { include: 'licenses_used' } as const;

/** What an organization read asks the platform for beyond the record itself. */
export interface OrganizationReadOptions {
  /** Seat usage: only when a selected field reads it (selectsSeatUsage), since the platform counts users for it. */
  usage?: boolean;
}

/**
 * One organization with its jobs, and its license usage when asked. Every lazy field that needs more
 * than a list row reads through this call, which the client makes once per request for each question
 * (with or without usage).
 */
export function getOrganization(
  platform: PlatformClient,
  id: string,
  { usage = false }: OrganizationReadOptions = {},
): Promise<RestOrganization> {
  return platform.call('getOrganization', { path: { id }, query: usage ? WITH_USAGE : undefined });
}

export async function listOrganizations(
  platform: PlatformClient,
  query: RestQuery<'listOrganizations'>,
  { usage = false }: OrganizationReadOptions = {},
): Promise<ListResult<RestOrganization>> {
  return listOf(await platform.call('listOrganizations', { query: usage ? { ...query, ...WITH_USAGE } : query }));
}

export function createOrganization(platform: PlatformClient, body: RestOrganizationCreate): Promise<RestOrganization> {
  return platform.call('createOrganization', { body });
}

export function updateOrganization(
  platform: PlatformClient,
  id: string,
  body: RestOrganizationUpdate,
): Promise<RestOrganization> {
  return platform.call('updateOrganization', { query: { organizationId: id }, body });
}

export function updateLicenses(
  platform: PlatformClient,
  id: string,
  licenses: RestLicensesPatch,
): Promise<RestOrganization> {
  return platform.call('updateLicenses', { query: { organizationId: id }, body: { licenses } });
}
