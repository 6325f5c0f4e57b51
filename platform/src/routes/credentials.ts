import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { MESSAGES, OWN_CREDENTIAL_FEATURE, normalizeEmail, type Operation } from '@meridian/schema';
import { auditSourceOf, principalOf } from '../app.js';
import type { Database, Queryable } from '../db/database.js';
import { auditChanges, recordAuditEvent, type AuditSource } from '../domain/audit.js';
import {
  CREDENTIAL_COLUMNS,
  createCredential,
  disableCredential,
  toCredential,
  type CredentialOwner,
  type CredentialRow,
  type NewCredential,
} from '../domain/credentials.js';
import { assertFeature } from '../domain/features.js';
import { getOrganization } from '../domain/organizations.js';
import { findUser, userInScope, type UserRow } from '../domain/users.js';
import { authorize } from '../http/access.js';
import type { Principal } from '../http/auth.js';
import { assertValid, conflict, forbidden } from '../http/errors.js';
import { containsPattern, listBody, listQuerySchema, orderBy, page } from '../http/lists.js';
import { BODY_ERRORS, emailParam, organizationIdParam, responses } from '../contract/common.js';
import {
  createdCredentialBody,
  credentialBody,
  credentialDisable,
  credentialListBody,
  organizationCredentialParams,
  userCredentialParams,
} from '../contract/credentials.js';
import type { RouteDeps } from './deps.js';

const SORTABLE = { generated_timestamp: 'generated_at', id: 'id', credential_enabled: 'credential_enabled' };

const ONLY_DISABLE = 'A credential can only be disabled. Create a new credential instead.';

/**
 * The user whose credentials `principal` may manage (decisions.md "Data-access credentials"): their own
 * when data-access management is available to their organization and direct data access is enabled for
 * them, whatever their role; another user's with user:update-profile in their own organization.
 */
async function credentialOwner(
  db: Queryable,
  principal: Principal,
  operation: Extract<Operation, 'createUserCredential' | 'disableUserCredential'>,
  email: string,
  productName: string,
): Promise<UserRow> {
  if (principal.kind === 'user' && principal.subject === email) {
    const self = (await findUser(db, email))!;
    await assertFeature(db, self.organization_id, OWN_CREDENTIAL_FEATURE, productName);
    if (!self.direct_data_access_enabled) throw forbidden(MESSAGES.ownDataAccessOff);
    return self;
  }
  return userInScope(db, principal, operation, email);
}

function assertDisabling(body: { credential_enabled: boolean }): void {
  assertValid([{ param: 'credential_enabled', msg: body.credential_enabled ? ONLY_DISABLE : null }]);
}

const created = (row: CredentialRow, secret: string) => ({ ...toCredential(row), secret });

/** Creates a credential and records it (never its secret) in one transaction. */
function createAudited(db: Database, source: AuditSource, credential: NewCredential) {
  return db.transaction(async (tx) => {
    const result = await createCredential(tx, credential);
    await recordAuditEvent(tx, source, {
      action: 'credential.create',
      organizationId: result.row.organization_id,
      target: { type: 'credential', id: result.row.id },
      changes: auditChanges('credential', null, toCredential(result.row)),
    });
    return result;
  });
}

/** Disables a credential and records it in one transaction; answers the credential as it now is. */
function disableAudited(db: Database, source: AuditSource, id: string, owner: CredentialOwner) {
  return db.transaction(async (tx) => {
    const { before, after } = await disableCredential(tx, id, owner);
    await recordAuditEvent(tx, source, {
      action: 'credential.disable',
      organizationId: after.organization_id,
      target: { type: 'credential', id },
      changes: auditChanges('credential', toCredential(before), toCredential(after)),
    });
    return toCredential(after);
  });
}

export async function credentialRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/user/:email/credential',
    {
      schema: {
        operationId: 'createUserCredential',
        tags: ['credentials'],
        summary: "Create a user's data-access credential; the answer is the only time its secret is shown",
        description:
          'A 403 names the unlicensed feature when a user asks for their own; a 409 when direct data access is off for the user or they are inactive.',
        params: emailParam,
        response: responses({ 201: createdCredentialBody }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const email = normalizeEmail(request.params.email);
      const owner = await credentialOwner(db, principal, 'createUserCredential', email, config.productName);
      if (!owner.direct_data_access_enabled) {
        throw conflict(MESSAGES.dataAccessOff(email));
      }
      if (!owner.active) throw conflict(MESSAGES.credentialOwnerInactive(email));
      const { row, secret } = await createAudited(db, auditSourceOf(request), {
        organizationId: owner.organization_id,
        userEmail: email,
        createdBy: principal.subject,
      });
      return reply.status(201).send(created(row, secret));
    },
  );

  app.put(
    '/user/:email/credential/:credentialId',
    {
      schema: {
        operationId: 'disableUserCredential',
        tags: ['credentials'],
        summary: "Disable a user's data-access credential",
        params: userCredentialParams,
        body: credentialDisable,
        response: responses({ 200: credentialBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const email = normalizeEmail(request.params.email);
      await credentialOwner(db, principal, 'disableUserCredential', email, config.productName);
      assertDisabling(request.body);
      return disableAudited(db, auditSourceOf(request), request.params.credentialId, { userEmail: email });
    },
  );

  app.get(
    '/organization/:id/credential',
    {
      schema: {
        operationId: 'listOrganizationCredentials',
        tags: ['credentials'],
        summary: "An organization's own data-access credentials (not its users')",
        params: organizationIdParam,
        querystring: { type: 'object', properties: listQuerySchema },
        response: responses({ 200: credentialListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'organizationCredentials', { organizationId });
      await getOrganization(db, organizationId);
      const query = request.query;
      const params: unknown[] = [organizationId];
      let where = 'WHERE organization_id = $1 AND user_email IS NULL';
      if (query.search) {
        params.push(containsPattern(query.search));
        where += ` AND id LIKE $${params.length}`;
      }
      const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credentials ${where}`, params))
        .rows[0]!.n;
      const order = orderBy(query.sort ?? '-generated_timestamp', SORTABLE, 'generated_timestamp', 'id');
      const { rows } = await db.query<CredentialRow>(
        `SELECT ${CREDENTIAL_COLUMNS} FROM credentials ${where} ${order}${page(query, params)}`,
        params,
      );
      const now = new Date();
      return listBody(
        rows.map((row) => toCredential(row, now)),
        total,
        query,
      );
    },
  );

  app.post(
    '/organization/:id/credential',
    {
      schema: {
        operationId: 'createOrganizationCredential',
        tags: ['credentials'],
        summary: "Create an organization's data-access credential; the answer is the only time its secret is shown",
        params: organizationIdParam,
        response: responses({ 201: createdCredentialBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const organizationId = request.params.id;
      authorize(principal, 'createOrganizationCredential', { organizationId });
      await getOrganization(db, organizationId);
      const { row, secret } = await createAudited(db, auditSourceOf(request), {
        organizationId,
        userEmail: null,
        createdBy: principal.subject,
      });
      return reply.status(201).send(created(row, secret));
    },
  );

  app.put(
    '/organization/:id/credential/:credentialId',
    {
      schema: {
        operationId: 'disableOrganizationCredential',
        tags: ['credentials'],
        summary: "Disable an organization's data-access credential",
        params: organizationCredentialParams,
        body: credentialDisable,
        response: responses({ 200: credentialBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      authorize(principalOf(request), 'disableOrganizationCredential', { organizationId });
      assertDisabling(request.body);
      return disableAudited(db, auditSourceOf(request), request.params.credentialId, { organizationId });
    },
  );
}
