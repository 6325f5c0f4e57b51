import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { JobKind, LifecycleAction, Operation, OrganizationStatus } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../http/request.js';
import { authorize } from '../http/access.js';
import { BODY_ERRORS, organizationIdParam, responses } from '../contract/common.js';
import {
  activation,
  jobBody,
  organizationAccessBody,
  organizationWithJobsBody,
  segmentSwitch,
} from '../contract/organizations.js';
import { activateOrganization, jobProgress, startLifecycleJob, switchSegment } from '../domain/lifecycle.js';
import { organizationAccess } from '../domain/organization-access.js';
import type { RouteDeps } from './deps.js';

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
        return jobProgress(db, organizationId, kind);
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
        return startLifecycleJob(db, auditSourceOf(request), organizationId, { action, kind, status }, config);
      },
    );
  }

  app.get(
    '/organization/:id/access',
    {
      schema: {
        operationId: 'getOrganizationAccess',
        tags: ['lifecycle'],
        summary: 'Who and what reaches the organization now: signed-in people, credentials, SCIM tokens',
        params: organizationIdParam,
        response: responses({ 200: organizationAccessBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'organizationAccess', { organizationId });
      return organizationAccess(db, organizationId);
    },
  );

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
      return activateOrganization(db, auditSourceOf(request), organizationId, config);
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
      return switchSegment(db, auditSourceOf(request), organizationId, request.body, config);
    },
  );
}
