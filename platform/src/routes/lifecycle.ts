import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  canPerform,
  lifecycleRefusal,
  type JobKind,
  type LifecycleAction,
  type Operation,
  type OrganizationStatus,
} from '@meridian/schema';
import { auditSourceOf, principalOf } from '../app.js';
import { auditChanges, recordAuditEvent, type AuditAction, type AuditSource } from '../domain/audit.js';
import type { Queryable } from '../db/database.js';
import { authorize } from '../http/access.js';
import { assertValid, conflict } from '../http/errors.js';
import { BODY_ERRORS, organizationIdParam, responses } from '../contract/common.js';
import { activation, jobBody, organizationWithJobsBody, segmentSwitch } from '../contract/organizations.js';
import { jobStatuses, jobsView, jobView, loadJobs, refreshJobs, startJob } from '../domain/jobs.js';
import { getOrganization, toOrganization, type OrganizationRow } from '../domain/organizations.js';
import type { RouteDeps } from './deps.js';
import { licensesAfter } from './licenses.js';

/**
 * The moves that start a job: which operation allows it, the job, the status it leads to, and the
 * name in its REST operationIds (getOnboarding, startOnboarding).
 */
const JOB_MOVES: {
  path: string;
  name: string;
  action: LifecycleAction;
  operation: Operation;
  kind: JobKind;
  status: OrganizationStatus;
}[] = [
  {
    path: 'onboarding',
    name: 'Onboarding',
    action: 'onboard',
    operation: 'startOnboarding',
    kind: 'onboarding',
    status: 'onboarding',
  },
  {
    path: 'deployment',
    name: 'Deployment',
    action: 'deploy',
    operation: 'startDeployment',
    kind: 'deployment',
    status: 'deploying',
  },
  {
    path: 'offboarding',
    name: 'Offboarding',
    action: 'offboard',
    operation: 'offboardOrganization',
    kind: 'offboarding',
    status: 'offboarding',
  },
];

/** Every move answers the organization with its jobs, or 409 in the state machine's words. */
const moveResponses = responses({ 200: organizationWithJobsBody }, [...BODY_ERRORS, 401, 403, 404, 409]);

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
 * state machine of schema/, then `apply` the move and record it in the audit trail. A refused move
 * answers 409 in the schema's words (and records nothing).
 */
async function move(
  db: RouteDeps['db'],
  source: AuditSource,
  organizationId: string,
  action: LifecycleAction,
  apply: (tx: Queryable, organization: OrganizationRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await getOrganization(tx, organizationId, true);
    await refreshJobs(tx, organizationId);
    // Read again: finishing a job can change the status (offboarding → offboarded).
    const organization = await getOrganization(tx, organizationId);
    const jobs = await loadJobs(tx, organizationId);
    if (!canPerform(action, organization.status, jobStatuses(jobs)))
      throw conflict(lifecycleRefusal(action, organization.status));
    await apply(tx, organization);
    const moved = await organizationWithJobs(tx, organizationId);
    await recordAuditEvent(tx, source, {
      action: AUDIT_ACTION[action],
      organizationId,
      target: { type: 'organization', id: organizationId },
      changes: auditChanges('organization', toOrganization(organization), moved),
    });
    return moved;
  });
}

export async function lifecycleRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  for (const { path, action, operation, kind, status, name } of JOB_MOVES) {
    app.get(
      `/organization/:id/${path}`,
      {
        schema: {
          operationId: `get${name}`,
          tags: ['lifecycle'],
          summary: `Progress of the organization's ${kind} job`,
          params: organizationIdParam,
          response: responses({ 200: jobBody }, [400, 401, 403, 404]),
        },
      },
      async (request) => {
        const organizationId = request.params.id;
        authorize(principalOf(request), 'organization', { organizationId });
        return db.transaction(async (tx) => {
          await getOrganization(tx, organizationId);
          await refreshJobs(tx, organizationId);
          return jobView((await loadJobs(tx, organizationId))[kind], kind);
        });
      },
    );

    app.post(
      `/organization/:id/${path}`,
      {
        schema: {
          operationId: `start${name}`,
          tags: ['lifecycle'],
          summary: `Start the ${kind} job (empty body)`,
          params: organizationIdParam,
          response: moveResponses,
        },
      },
      async (request) => {
        const organizationId = request.params.id;
        authorize(principalOf(request), operation, { organizationId });
        return move(db, auditSourceOf(request), organizationId, action, async (tx) => {
          await startJob(tx, organizationId, kind, config.jobStepMs);
          await tx.query('UPDATE organizations SET status = $2, updated_at = now() WHERE id = $1', [
            organizationId,
            status,
          ]);
        });
      },
    );
  }

  app.post(
    '/organization/:id/activation',
    {
      schema: {
        operationId: 'activateOrganization',
        tags: ['lifecycle'],
        summary: 'Activate the organization (after deployment, or again after offboarding)',
        params: organizationIdParam,
        body: activation,
        response: moveResponses,
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'activateOrganization', { organizationId });
      return move(db, auditSourceOf(request), organizationId, 'activate', async (tx) => {
        await tx.query(`UPDATE organizations SET status = 'active', active = true, updated_at = now() WHERE id = $1`, [
          organizationId,
        ]);
      });
    },
  );

  app.post(
    '/organization/:id/segment-switch',
    {
      schema: {
        operationId: 'switchSegment',
        tags: ['lifecycle'],
        summary: 'Switch the customer segment (and Medicare license, optionally licenses) of an active organization',
        params: organizationIdParam,
        body: segmentSwitch,
        response: moveResponses,
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'switchSegment', { organizationId });
      const body = request.body;
      const segment = (await db.query('SELECT 1 FROM customer_segments WHERE id = $1', [body.customer_segment]))
        .rows[0];
      assertValid([
        {
          param: 'customer_segment',
          msg: segment ? null : `Customer segment ${body.customer_segment} does not exist.`,
        },
      ]);
      return move(db, auditSourceOf(request), organizationId, 'switchSegment', async (tx, organization) => {
        const licenses = body.licenses ? await licensesAfter(tx, organization, body.licenses) : organization.licenses;
        await tx.query(
          'UPDATE organizations SET customer_segment = $2, medicare_licensed = $3, licenses = $4, updated_at = now() WHERE id = $1',
          [organizationId, body.customer_segment, body.medicare_licensed, licenses],
        );
      });
    },
  );
}
