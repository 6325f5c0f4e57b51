import {
  canPerform,
  isOperatorsOrganization,
  lifecycleRefusal,
  operatorsOffboardingRefusal,
  type JobKind,
  type LifecycleAction,
  type OrganizationStatus,
} from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { LicensesPatch } from '../contract/organizations.js';
import type { Database, Queryable } from '../db/database.js';
import {
  markOrganizationActive,
  updateOrganizationSegment,
  updateOrganizationStatus,
  type OrganizationRow,
} from '../stores/organizations.js';
import { auditChanges, recordAuditEvent, type AuditAction, type AuditSource } from './audit.js';
import { assertValid, conflict } from './errors.js';
import { jobStatuses, jobsView, jobView, loadJobs, refreshJobs, startJob } from './jobs.js';
import { licensesAfter } from './licenses.js';
import { endOrganizationAccess } from './organization-access.js';
import { getOrganization, toOrganization, unknownSegmentProblem } from './organizations.js';

/** The audit action of each lifecycle move. */
const AUDIT_ACTION: Record<LifecycleAction, AuditAction> = {
  onboard: 'organization.onboard',
  deploy: 'organization.deploy',
  activate: 'organization.activate',
  offboard: 'organization.offboard',
  switchSegment: 'organization.segment-switch',
};

/** The organization with the state of its three jobs: what every lifecycle move answers. */
async function organizationWithJobs(tx: Queryable, organizationId: string) {
  const organization = await getOrganization(tx, organizationId);
  return { ...toOrganization(organization), jobs: jobsView(await loadJobs(tx, organizationId)) };
}

/**
 * One lifecycle move in one transaction: lock the organization, bring its jobs up to date, check the
 * state machine of schema/, then `apply` the move and record it in the audit trail (with the details
 * `apply` answers). A refused move answers 409 in the schema's words (and records nothing); the
 * operators' own organization is never offboarded.
 */
async function move(
  db: Database,
  source: AuditSource,
  organizationId: string,
  action: LifecycleAction,
  productName: string,
  apply: (tx: Queryable, organization: OrganizationRow) => Promise<Record<string, unknown> | void>,
) {
  return db.transaction(async (tx) => {
    await getOrganization(tx, organizationId, true);
    await refreshJobs(tx, organizationId);
    // Read again: finishing a job can change the status (offboarding → offboarded).
    const organization = await getOrganization(tx, organizationId);
    const jobs = await loadJobs(tx, organizationId);
    if (action === 'offboard' && isOperatorsOrganization(organization.name, productName))
      throw conflict(operatorsOffboardingRefusal(productName));
    if (!canPerform(action, organization.status, jobStatuses(jobs)))
      throw conflict(lifecycleRefusal(action, organization.status));
    const details = await apply(tx, organization);
    const moved = await organizationWithJobs(tx, organizationId);
    await recordAuditEvent(tx, source, {
      action: AUDIT_ACTION[action],
      organizationId,
      target: { type: 'organization', id: organizationId },
      changes: auditChanges('organization', toOrganization(organization), moved),
      ...(details ? { details } : {}),
    });
    return moved;
  });
}

/** The progress of one of the organization's jobs, brought up to now. */
export async function jobProgress(db: Database, organizationId: string, kind: JobKind) {
  return db.transaction(async (tx) => {
    await getOrganization(tx, organizationId);
    await refreshJobs(tx, organizationId);
    return jobView((await loadJobs(tx, organizationId))[kind], kind);
  });
}

/** What a lifecycle move needs of the configuration. */
export type LifecycleConfig = Pick<PlatformConfig, 'jobStepMs' | 'productName'>;

/**
 * A move that starts a job (onboard, deploy, offboard): the job begins and the status is the one it
 * leads to. Offboarding ends the organization's access at once, in the same transaction: its people's
 * sessions, every credential, the directory's tokens (its event's details count what ended).
 */
export async function startLifecycleJob(
  db: Database,
  source: AuditSource,
  organizationId: string,
  job: { action: LifecycleAction; kind: JobKind; status: OrganizationStatus },
  config: LifecycleConfig,
) {
  return move(db, source, organizationId, job.action, config.productName, async (tx) => {
    await startJob(tx, organizationId, job.kind, config.jobStepMs);
    await updateOrganizationStatus(tx, organizationId, job.status);
    if (job.action === 'offboard') return { ended: await endOrganizationAccess(tx, source, organizationId) };
  });
}

/**
 * Activates the organization (after deployment, or again after offboarding); its people may work
 * again, but no credential is re-enabled and no SCIM token revived: new ones are made.
 */
export async function activateOrganization(
  db: Database,
  source: AuditSource,
  organizationId: string,
  config: Pick<PlatformConfig, 'productName'>,
) {
  return move(db, source, organizationId, 'activate', config.productName, (tx) =>
    markOrganizationActive(tx, organizationId),
  );
}

/** Switches the customer segment and Medicare license, and the licenses when `change` names them. */
export async function switchSegment(
  db: Database,
  source: AuditSource,
  organizationId: string,
  change: { customer_segment: string; medicare_licensed: boolean; licenses?: LicensesPatch },
  config: Pick<PlatformConfig, 'productName'>,
) {
  assertValid([await unknownSegmentProblem(db, change.customer_segment)]);
  return move(db, source, organizationId, 'switchSegment', config.productName, async (tx, organization) => {
    const licenses = change.licenses ? await licensesAfter(tx, organization, change.licenses) : organization.licenses;
    await updateOrganizationSegment(tx, organizationId, {
      customerSegment: change.customer_segment,
      medicareLicensed: change.medicare_licensed,
      licenses,
    });
  });
}
