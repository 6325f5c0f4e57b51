import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { isSystemRole } from '@meridian/schema';
import { principalOf } from '../http/request.js';
import { listAuditEvents } from '../domain/audit.js';
import { authorize } from '../http/access.js';
import { responses } from '../contract/common.js';
import { auditPageBody, auditQuery } from '../contract/audit.js';
import type { RouteDeps } from './deps.js';

export async function auditRoutes(fastify: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/audit-events',
    {
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        summary: 'The audit trail, newest first, filtered and cursor-paged',
        description:
          'System roles read every event; an Org Admin only their own organization’s (organizationId defaults to it, another is 403). `from` is inclusive, `to` exclusive.',
        querystring: auditQuery,
        response: responses({ 200: auditPageBody }, [400, 401, 403]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const asked = request.query.organizationId;
      authorize(principal, 'auditEvents', { organizationId: asked ?? principal.organizationId });
      // Org roles are held to their own organization whatever they asked; system roles filter as asked.
      const organizationId = isSystemRole(principal.role) ? asked : principal.organizationId;
      return listAuditEvents(db, request.query, organizationId);
    },
  );
}
