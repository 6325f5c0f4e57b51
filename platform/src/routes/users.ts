import type { FastifyInstance } from 'fastify';
import { hash } from '@node-rs/argon2';
import {
  DEFAULT_ROLE,
  ROLES,
  TABLEAU_LICENSES,
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
import { auditSourceOf, principalOf } from '../app.js';
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
import { containsPattern, listBody, listQuerySchema, orderBy, page, type ListQuery } from '../http/lists.js';
import { conflictBody, emailParam, errorResponses, organizationIdQuery } from '../contract/common.js';
import { userStatusQuery } from '../contract/invitations.js';
import { STATUS_CONDITIONS, sendInvitation, type UserStatus } from '../domain/invitations.js';
import type { RouteDeps } from './deps.js';

const SORTABLE = { name: 'lower(name)', email: 'email', role: 'role', active: 'active', createdAt: 'created_at' };

const userFields = {
  name: { type: 'string', maxLength: 200 },
  alternateEmail: { type: ['string', 'null'], maxLength: 254, description: 'Empty or null: none.' },
  role: { type: 'string', enum: ROLES },
  tableauConfig: {
    type: 'object',
    additionalProperties: false,
    properties: { tableauLicense: { type: ['string', 'null'], enum: [...TABLEAU_LICENSES, null] } },
    required: ['tableauLicense'],
  },
  direct_data_access_enabled: { type: 'boolean' },
} as const;

interface CreateBody extends EditableFields {
  name: string;
  email: string;
  /** Omitted: the user is invited to set their own (issue 18). */
  password?: string;
  allowOutsideDomain?: boolean;
}
interface PutBody extends EditableFields {
  email: string;
  active?: boolean;
}

const conflictResponse = { 409: { description: 'Limit reached, email taken or self-protection', ...conflictBody } };

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

export async function userRoutes(app: FastifyInstance, { db, config }: RouteDeps): Promise<void> {
  app.get<{ Querystring: ListQuery & { organizationId?: string; email?: string; status?: UserStatus } }>(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'List the users of an organization, or search every organization (system roles)',
        querystring: {
          type: 'object',
          properties: {
            organizationId: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              description: 'Omit to search all organizations.',
            },
            email: { type: 'string', maxLength: 254, description: 'Exact email (case-insensitive).' },
            ...userStatusQuery,
            ...listQuerySchema,
          },
        },
        response: errorResponses,
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
      if (query.search) {
        // This expression is the one users_search_idx (trigram) indexes.
        params.push(containsPattern(query.search));
        conditions.push(`(email || ' ' || lower(name)) LIKE $${params.length}`);
      }
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

  app.get<{ Params: { email: string } }>(
    '/user/email/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'One user (anyone reads their own), with a summary of their organization',
        params: emailParam,
        response: errorResponses,
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

  app.post<{ Querystring: { organizationId: string }; Body: CreateBody }>(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user in an organization',
        querystring: organizationIdQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email'],
          properties: {
            ...userFields,
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: 200, description: 'Omit to invite the user to set their own.' },
            allowOutsideDomain: {
              type: 'boolean',
              description: 'Confirms an email outside the organization’s domains (recorded in the audit trail).',
            },
          },
        },
        response: { ...errorResponses, ...conflictResponse },
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

  app.put<{ Querystring: { organizationId?: string }; Body: PutBody }>(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'Update a user (?organizationId); a body of only {email, active} activates or deactivates',
        querystring: { type: 'object', properties: organizationIdQuery.properties },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email'],
          properties: { ...userFields, email: { type: 'string', maxLength: 254 }, active: { type: 'boolean' } },
        },
        response: { ...errorResponses, ...conflictResponse },
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

  app.put<{ Params: { email: string }; Body: { direct_data_access_enabled: boolean } }>(
    '/user/:email/data-access',
    {
      schema: {
        tags: ['users'],
        summary: "Enable or disable a user's direct data access (disabling also disables their credentials)",
        params: emailParam,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['direct_data_access_enabled'],
          properties: { direct_data_access_enabled: { type: 'boolean' } },
        },
        response: errorResponses,
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
