import type { FastifyInstance } from 'fastify';
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
import { containsPattern, listBody, listQuerySchema, orderBy, page, type ListQuery } from '../http/lists.js';
import { conflictBody, errorResponses, organizationIdParam } from '../contract/common.js';
import type { RouteDeps } from './deps.js';

const SORTABLE = { generated_timestamp: 'generated_at', id: 'id', credential_enabled: 'credential_enabled' };

const ONLY_DISABLE = 'A credential can only be disabled. Create a new credential instead.';

const userCredentialParams = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    credentialId: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['email', 'credentialId'],
} as const;
const organizationCredentialParams = {
  type: 'object',
  properties: { id: organizationIdParam.properties.id, credentialId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id', 'credentialId'],
} as const;

const disableBody = {
  type: 'object',
  additionalProperties: false,
  required: ['credential_enabled'],
  properties: {
    credential_enabled: { type: 'boolean', description: 'Only false: a credential is disabled, never re-enabled.' },
  },
} as const;

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

export async function credentialRoutes(app: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  app.post<{ Params: { email: string } }>(
    '/user/:email/credential',
    {
      schema: {
        tags: ['credentials'],
        summary: "Create a user's data-access credential; the answer is the only time its secret is shown",
        params: { type: 'object', properties: userCredentialParams.properties, required: ['email'] },
        response: {
          ...errorResponses,
          409: { description: 'Direct data access is off or the user is inactive', ...conflictBody },
        },
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

  app.put<{ Params: { email: string; credentialId: string }; Body: { credential_enabled: boolean } }>(
    '/user/:email/credential/:credentialId',
    {
      schema: {
        tags: ['credentials'],
        summary: "Disable a user's data-access credential",
        params: userCredentialParams,
        body: disableBody,
        response: errorResponses,
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

  app.get<{ Params: { id: string }; Querystring: ListQuery }>(
    '/organization/:id/credential',
    {
      schema: {
        tags: ['credentials'],
        summary: "An organization's own data-access credentials (not its users')",
        params: organizationIdParam,
        querystring: { type: 'object', properties: listQuerySchema },
        response: errorResponses,
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

  app.post<{ Params: { id: string } }>(
    '/organization/:id/credential',
    {
      schema: {
        tags: ['credentials'],
        summary: "Create an organization's data-access credential; the answer is the only time its secret is shown",
        params: organizationIdParam,
        response: errorResponses,
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

  app.put<{ Params: { id: string; credentialId: string }; Body: { credential_enabled: boolean } }>(
    '/organization/:id/credential/:credentialId',
    {
      schema: {
        tags: ['credentials'],
        summary: "Disable an organization's data-access credential",
        params: organizationCredentialParams,
        body: disableBody,
        response: errorResponses,
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
