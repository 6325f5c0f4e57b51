import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { hash } from '@node-rs/argon2';
import {
  DEFAULT_ROLE,
  grantableRoles,
  isOutsideDomains,
  isSystemRole,
  normalizeEmail,
  outsideDomainsMessage,
  roleInOrganizationRefusal,
  roleLabel,
  validateEmail,
  validateName,
  validatePassword,
} from '@meridian/schema';
import { auditSourceOf, principalOf } from '../http/request.js';
import { auditChanges, recordAuditEvent } from '../domain/audit.js';
import { getOrganization } from '../domain/organizations.js';
import {
  USER_COLUMNS,
  alternateEmailOf,
  assertSeat,
  assertUserPlace,
  findUser,
  toUser,
  userCount,
  setUserActive,
  setUserDataAccess,
  toUserWithCredentials,
  toUsers,
  updateUser,
  userInScope,
  type EditableFields,
  type UserRow,
} from '../domain/users.js';
import { authorize } from '../http/access.js';
import type { Principal } from '../http/auth.js';
import { assertValid, conflict } from '../http/errors.js';
import { listBody, listQuerySchema, orderBy, page, searchTextMatches } from '../http/lists.js';
import { BODY_ERRORS, emailParam, organizationIdQuery, responses } from '../contract/common.js';
import {
  dataAccessUpdate,
  userBody,
  userCreate,
  userListBody,
  userQuery,
  userUpdate,
  userWithOrganizationBody,
} from '../contract/users.js';
import { userStatusQuery } from '../contract/invitations.js';
import { STATUS_CONDITIONS, sendInvitation } from '../domain/invitations.js';
import type { RouteDeps } from './deps.js';

const SORTABLE = { name: 'lower(name)', email: 'email', role: 'role', active: 'active', createdAt: 'created_at' };

/** Field problems shared by create and update: a blank name, a bad alternate email, a role the caller may not grant. */
function fieldProblems(
  principal: Principal,
  body: EditableFields,
  productName: string,
): { param: string; msg: string | null }[] {
  const grantable = grantableRoles(principal.role);
  return [
    { param: 'name', msg: body.name !== undefined ? validateName(body.name) : null },
    { param: 'alternateEmail', msg: body.alternateEmail ? validateEmail(normalizeEmail(body.alternateEmail)) : null },
    {
      param: 'role',
      msg:
        body.role === undefined || grantable.includes(body.role)
          ? null
          : grantable.length === 0
            ? 'You cannot grant roles.'
            : `You can grant only these roles: ${grantable.map((role) => roleLabel(role, productName)).join(', ')}.`,
    },
  ];
}

/**
 * Emails are unique across tenants, so a refusal must say the email is taken; to an organization's own
 * admin it says no more (not which organization, the same words whether it is theirs or another's),
 * while operators, who see every tenant, are told where (decisions.md).
 */
function emailTakenMessage(principal: Principal, email: string, organizationId: string): string {
  if (isSystemRole(principal.role)) return `A user with email ${email} already exists (in ${organizationId}).`;
  return `The email ${email} is already in use. Choose another email, or ask an operator to move the existing account.`;
}

export async function userRoutes(fastify: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/user',
    {
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'List the users of an organization, or search every organization (system roles)',
        querystring: {
          type: 'object',
          properties: { ...userQuery.properties, ...userStatusQuery, ...listQuerySchema },
        },
        response: responses({ 200: userListBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const query = request.query;
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (query.organizationId !== undefined) {
        authorize(principal, 'users', { organizationId: query.organizationId });
        await getOrganization(db, query.organizationId);
        params.push(query.organizationId);
        conditions.push(`organization_id = $${params.length}`);
      } else {
        authorize(principal, 'searchAllUsers');
      }
      if (query.email !== undefined) {
        params.push(normalizeEmail(query.email));
        conditions.push(`email = $${params.length}`);
      }
      if (query.status !== undefined) conditions.push(STATUS_CONDITIONS[query.status]);
      if (query.search) conditions.push(searchTextMatches(query.search, params));
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      // Without a filter the total is the kept count (organization_user_counts), not a scan of every row.
      const filtered = query.search !== undefined || query.email !== undefined || query.status !== undefined;
      const total = filtered
        ? (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users ${where}`, params)).rows[0]!.n
        : await userCount(db, query.organizationId);
      const order = orderBy(query.sort, SORTABLE, 'name', 'email');
      const rows = (
        await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users ${where} ${order}${page(query, params)}`, params)
      ).rows;
      return listBody(await toUsers(db, rows), total, query);
    },
  );

  app.get(
    '/user/email/:email',
    {
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'One user (anyone reads their own), with a summary of their organization',
        params: emailParam,
        response: responses({ 200: userWithOrganizationBody }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const row = await userInScope(db, principalOf(request), 'user', normalizeEmail(request.params.email));
      // Every user may see their own organization's name and BI portal URL (the home page's BI Portal
      // button), even a role that may not read the organization itself.
      const organization = await getOrganization(db, row.organization_id);
      return {
        ...(await toUserWithCredentials(db, row)),
        organization: {
          id: organization.id,
          name: organization.name,
          biPortalUrl: organization.onboarding.bi?.portal_url ?? null,
        },
      };
    },
  );

  app.post(
    '/user',
    {
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a user in an organization',
        description: 'A 409 when the organization’s user limit or seats are reached, or the email is taken.',
        querystring: organizationIdQuery,
        body: userCreate,
        response: responses({ 201: { description: 'Created', ...userBody } }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { organizationId } = request.query;
      authorize(principal, 'createUser', { organizationId });
      const body = request.body;
      const email = normalizeEmail(body.email);
      assertValid([
        { param: 'email', msg: validateEmail(email) },
        { param: 'password', msg: body.password === undefined ? null : validatePassword(body.password) },
        ...fieldProblems(principal, body, config.productName),
      ]);
      // Hash before the transaction: it takes tens of milliseconds and must not hold the organization's lock.
      const passwordHash = body.password === undefined ? null : await hash(body.password);
      const license = body.tableauConfig?.tableauLicense ?? null;
      const row = await db.transaction(async (tx) => {
        const organization = await getOrganization(tx, organizationId, true);
        const role = body.role ?? DEFAULT_ROLE;
        const outside = isOutsideDomains(email, organization.domain);
        assertValid([
          { param: 'role', msg: roleInOrganizationRefusal(role, organization.name, config.productName) },
          {
            param: 'email',
            msg:
              outside && body.allowOutsideDomain !== true
                ? outsideDomainsMessage(email, organization.name, organization.domain)
                : null,
          },
        ]);
        const existing = await findUser(tx, email);
        if (existing) throw conflict(emailTakenMessage(principal, email, existing.organization_id), 'email');
        await assertUserPlace(tx, organization);
        await assertSeat(tx, organization, license);
        const { rows } = await tx.query<UserRow>(
          `INSERT INTO users (email, organization_id, name, alternate_email, password_hash, role, tableau_license, direct_data_access_enabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${USER_COLUMNS}`,
          [
            email,
            organizationId,
            body.name.trim(),
            alternateEmailOf(body.alternateEmail),
            passwordHash,
            role,
            license,
            body.direct_data_access_enabled ?? false,
          ],
        );
        // Without a password the new user is invited (issue 18): one event, the invitation, with the new record.
        if (passwordHash === null) await sendInvitation(tx, config, rows[0]!);
        await recordAuditEvent(tx, auditSourceOf(request), {
          action: passwordHash === null ? 'invitation.send' : 'user.create',
          organizationId,
          target: { type: 'user', id: email },
          changes: auditChanges('user', null, toUser(rows[0]!, [])),
          // The confirmed exception stays on record (decisions.md).
          ...(outside ? { details: { outsideDomains: organization.domain.join(', ') } } : {}),
        });
        return rows[0]!;
      });
      return reply.status(201).send(await toUserWithCredentials(db, row));
    },
  );

  app.put(
    '/user',
    {
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: 'Update a user (?organizationId); a body of only {email, active} activates or deactivates',
        description:
          'A 409 when the seats or the user limit are reached, or the change would leave the organization without an active Org Admin (self-protection).',
        querystring: { type: 'object', properties: organizationIdQuery.properties },
        body: userUpdate,
        response: responses({ 200: userBody }, [...BODY_ERRORS, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const body = request.body;
      const email = normalizeEmail(body.email);
      const { organizationId } = request.query;
      const isActivation = body.active !== undefined && Object.keys(body).length === 2;
      if (isActivation)
        return toUserWithCredentials(
          db,
          await setUserActive(db, principal, auditSourceOf(request), email, body.active!, organizationId),
        );
      assertValid([
        { param: 'organizationId', msg: organizationId === undefined ? 'A value is required' : null },
        {
          param: 'active',
          msg: body.active !== undefined ? 'Activate or deactivate with a body of only email and active.' : null,
        },
        ...fieldProblems(principal, body, config.productName),
      ]);
      return toUserWithCredentials(
        db,
        await updateUser(db, principal, auditSourceOf(request), email, organizationId!, body, config.productName),
      );
    },
  );

  app.put(
    '/user/:email/data-access',
    {
      schema: {
        operationId: 'setUserDataAccess',
        tags: ['users'],
        summary: "Enable or disable a user's direct data access (disabling also disables their credentials)",
        params: emailParam,
        body: dataAccessUpdate,
        response: responses({ 200: userBody }, [...BODY_ERRORS, 401, 403, 404]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const email = normalizeEmail(request.params.email);
      const enabled = request.body.direct_data_access_enabled;
      return toUserWithCredentials(db, await setUserDataAccess(db, principal, auditSourceOf(request), email, enabled));
    },
  );
}
