import {
  allowedActions,
  failedJobOf,
  isOperatorsOrganization,
  jobFailureLabel,
  JOB_KINDS,
  JOB_STATUSES,
  LIFECYCLE_ACTIONS,
  type JobKind,
  type JobStatuses,
  type OrganizationStatus,
} from '@meridian/schema';
import type { GatewayContext } from '../../context.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { licenseFieldNames, toLicensesPatch } from '../organization/licenses.js';
import { getOrganization, type RestOrganization } from '../organization/platform.js';
import {
  activate,
  organizationAccess,
  startJob,
  switchSegment,
  type RestJobs,
  type RestJobStatus,
} from './platform.js';

/** A job's statuses, and a step's 'pending' (not yet reached). */
const JOB_AND_STEP_STATUSES = [...JOB_STATUSES, 'pending'] as const satisfies readonly RestJobStatus[];

/** In these states the allowed moves depend on how a job went; in the others the status alone decides. */
const JOB_DEPENDENT: readonly OrganizationStatus[] = ['onboarding', 'deploying', 'offboarding'];

/**
 * The organization's jobs: those it came with (a single read, a lifecycle move), else the single read,
 * which the client makes once per request however many fields ask.
 */
async function jobsOf(organization: RestOrganization, { platform }: GatewayContext): Promise<RestJobs> {
  return organization.jobs ?? (await getOrganization(platform, organization.id)).jobs!;
}

function jobStatuses(jobs: RestJobs): JobStatuses {
  return Object.fromEntries(JOB_KINDS.map((kind) => [kind, jobs[kind].status]));
}

const job = (kind: JobKind) => async (organization: RestOrganization, _: unknown, context: GatewayContext) =>
  (await jobsOf(organization, context))[kind];

/** The failed job the status waits on (schema's failedJobOf), with its failed step, or null. */
async function lifecycleProblem(organization: RestOrganization, context: GatewayContext) {
  if (!JOB_DEPENDENT.includes(organization.status)) return null;
  const jobs = await jobsOf(organization, context);
  const kind = failedJobOf(organization.status, jobStatuses(jobs));
  if (kind === null) return null;
  const failed = jobs[kind].steps.find((step) => step.status === 'failed');
  return {
    job: kind,
    label: jobFailureLabel(kind),
    step: failed?.name ?? null,
    reason: failed?.message ?? null,
    failedAt: jobs[kind].completedAt,
    attempts: jobs[kind].attempts,
  };
}

/** A lifecycle move: the organization as it now is, or the refusal (409) as an input error. */
const move = (work: () => Promise<RestOrganization>) =>
  withFieldErrors({ prefix: '' }, async () => ({ organization: await work() }));

export const lifecycleResolvers: Resolvers = {
  JobStatus: enumValues(JOB_AND_STEP_STATUSES),
  LifecycleAction: enumValues(LIFECYCLE_ACTIONS),

  Organization: {
    // A list row has no jobs: only an organization in a job-dependent state costs a read (no N+1 otherwise).
    allowedActions: async (organization, _, context) => {
      const needsJobs = JOB_DEPENDENT.includes(organization.status);
      const statuses = needsJobs ? jobStatuses(await jobsOf(organization, context)) : {};
      // The operators' own organization is never offboarded (the platform refuses it too).
      const operatorsOrganization = isOperatorsOrganization(organization.name, context.productName);
      return allowedActions(organization.status, statuses, { operatorsOrganization });
    },
    access: (organization, _, { platform }) => organizationAccess(platform, organization.id),
    // Same cost as allowedActions: a read only for organizations in a job-dependent state, shared per request.
    lifecycleProblem: (organization, _, context) => lifecycleProblem(organization, context),
    onboarding: job('onboarding'),
    deployment: job('deployment'),
    offboarding: job('offboarding'),
  },

  JobStep: {
    // The platform sends a message only with a failed step; the contract says null otherwise.
    message: (step) => (step.status === 'failed' && step.message ? step.message : null),
  },

  Mutation: {
    startOnboarding: (_, { id }, { platform }) => move(() => startJob(platform, id, 'onboarding')),
    startDeployment: (_, { id }, { platform }) => move(() => startJob(platform, id, 'deployment')),
    offboardOrganization: (_, { id }, { platform }) => move(() => startJob(platform, id, 'offboarding')),
    activateOrganization: (_, { id }, { platform }) => move(() => activate(platform, id)),
    switchSegment: (_, { id, input }, { platform }) =>
      withFieldErrors(licenseFieldNames('input.licenses'), async () => ({
        organization: await switchSegment(platform, id, {
          customer_segment: input.customerSegment,
          medicare_licensed: input.medicareLicensed,
          ...(input.licenses ? { licenses: toLicensesPatch(input.licenses) } : {}),
        }),
      })),
  },
};
