import type { JobKind } from '@meridian/schema';
import type { RestBody, RestRequest } from '../../platform/rest-types.js';
import type { PlatformClient } from '../../platform/client-types.js';
import { organizationPath, type RestOrganization } from '../organization/platform.js';

/** A lifecycle job as GET /organization/:id/{onboarding|deployment|offboarding} answers it. */
export type RestJob = RestBody<'getOnboarding'>;
export type RestJobs = RestBody<'getOrganization'>['jobs'];
/** A job's or a step's state: jobs use the schema's statuses, steps not yet reached are 'pending'. */
export type RestJobStatus = RestJob['status'] | RestJob['steps'][number]['status'];

/** The URL segment of each job (POST starts it, GET reads it). */
export const JOB_PATHS: Readonly<Record<JobKind, string>> = {
  onboarding: 'onboarding',
  deployment: 'deployment',
  offboarding: 'offboarding',
};

/** A lifecycle move answers the organization with its jobs. */
export function startJob(platform: PlatformClient, id: string, kind: JobKind): Promise<RestOrganization> {
  return platform.post<RestOrganization>(`${organizationPath(id)}/${JOB_PATHS[kind]}`);
}

export function activate(platform: PlatformClient, id: string): Promise<RestOrganization> {
  return platform.post<RestOrganization>(`${organizationPath(id)}/activation`, { active: true });
}

export type RestSegmentSwitch = RestRequest<'switchSegment'>;

export function switchSegment(
  platform: PlatformClient,
  id: string,
  body: RestSegmentSwitch,
): Promise<RestOrganization> {
  return platform.post<RestOrganization>(`${organizationPath(id)}/segment-switch`, body);
}

/** Who and what reaches the organization now (GET /organization/:id/access): what offboarding ends. */
export type RestOrganizationAccess = RestBody<'getOrganizationAccess'>;

export function organizationAccess(platform: PlatformClient, id: string): Promise<RestOrganizationAccess> {
  return platform.get<RestOrganizationAccess>(`${organizationPath(id)}/access`);
}
