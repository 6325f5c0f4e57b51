import type { JobKind, JobStatus } from '@meridian/schema';
import type { PlatformClient } from '../../platform/client-types.js';
import { organizationPath, type RestLicensesPatch, type RestOrganization } from '../organization/platform.js';

/** A job's or a step's state: jobs use the schema's statuses, steps not yet reached are 'pending'. */
export type RestJobStatus = JobStatus | 'pending';

export interface RestJobStep {
  name: string;
  status: RestJobStatus;
  /** Why a failed step failed. */
  message?: string;
}

/** A lifecycle job as GET /organization/:id/{onboarding|deployment|offboarding} answers it. */
export interface RestJob {
  status: JobStatus;
  startedAt: string | null;
  completedAt: string | null;
  steps: RestJobStep[];
}

export type RestJobs = Record<JobKind, RestJob>;

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

export interface RestSegmentSwitch {
  customer_segment: string;
  medicare_licensed: boolean;
  licenses?: RestLicensesPatch;
}

export function switchSegment(
  platform: PlatformClient,
  id: string,
  body: RestSegmentSwitch,
): Promise<RestOrganization> {
  return platform.post<RestOrganization>(`${organizationPath(id)}/segment-switch`, body);
}
