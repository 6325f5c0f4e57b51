import type { JobKind } from '@meridian/schema';
import type { OperationId, RestBody, RestRequest } from '../../platform/rest-types.js';
import type { PlatformClient } from '../../platform/client-types.js';
import type { RestOrganization } from '../organization/platform.js';

/** A lifecycle job as GET /organization/:id/{onboarding|deployment|offboarding} answers it. */
export type RestJob = RestBody<'getOnboarding'>;
export type RestJobs = RestBody<'getOrganization'>['jobs'];
/** A job's or a step's state: jobs use the schema's statuses, steps not yet reached are 'pending'. */
export type RestJobStatus = RestJob['status'] | RestJob['steps'][number]['status'];

/** The operation that starts each job. */
const JOB_STARTS = {
  onboarding: 'startOnboarding',
  deployment: 'startDeployment',
  offboarding: 'startOffboarding',
} as const satisfies Readonly<Record<JobKind, OperationId>>;

/** A lifecycle move answers the organization with its jobs. */
export function startJob(platform: PlatformClient, id: string, kind: JobKind): Promise<RestOrganization> {
  return platform.call(JOB_STARTS[kind], { path: { id } });
}

export function activate(platform: PlatformClient, id: string): Promise<RestOrganization> {
  return platform.call('activateOrganization', { path: { id }, body: { active: true } });
}

export type RestSegmentSwitch = RestRequest<'switchSegment'>;

export function switchSegment(
  platform: PlatformClient,
  id: string,
  body: RestSegmentSwitch,
): Promise<RestOrganization> {
  return platform.call('switchSegment', { path: { id }, body });
}

/** Who and what reaches the organization now (GET /organization/:id/access): what offboarding ends. */
export type RestOrganizationAccess = RestBody<'getOrganizationAccess'>;

export function organizationAccess(platform: PlatformClient, id: string): Promise<RestOrganizationAccess> {
  return platform.call('getOrganizationAccess', { path: { id } });
}
