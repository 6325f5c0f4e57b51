// The audit trail as the REST API records it: every write route leaves exactly one event with the
// right fields, a refused write none, no event holds a secret, sign-in attempts are recorded, events
// are never changed (by a route or by SQL) and survive a restart.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { FIXTURE_PASSWORD, fixtureNpis } from '../test-support/fixture.js';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';
import { auditFieldLabel, AUDIT_FIELD_LABELS } from '@meridian/schema';
import { AUDIT_ACTIONS, AUDITED_FIELDS, auditChanges, recordAuditEvent, type AuditChange } from './audit.js';
import type { AuditEventRow } from '../stores/audit.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** An event as stored, without its position (id and time vary from run to run). */
type EventRow = Omit<AuditEventRow, 'event_id' | 'occurred_us' | 'occurred_at'> & { id: string };

const EVENT_COLUMNS = `id::text AS id, actor, actor_kind, actor_name, actor_role, actor_organization_id, action,
  organization_id, target_type, target_id, changes, details, request_id, client_ip`;

async function lastEventId(): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_events');
  return rows[0]!.id;
}

/** Events the routes recorded after `id` (a lifecycle job's own progress, which a route's read may advance, left out). */
async function eventsAfter(id: string): Promise<EventRow[]> {
  const { rows } = await platform.db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM audit_events WHERE id > $1 AND action NOT LIKE 'organization.job-%' ORDER BY id`,
    [id],
  );
  return rows;
}

/** Everything a test sent that must never appear in an event: passwords, secrets, tokens. */
const secrets = new Set<string>([FIXTURE_PASSWORD]);
const NEW_PASSWORD = 'audit-new-password-2';
const NEWER_PASSWORD = 'audit-newer-password-3';
const CREATED_PASSWORD = 'audit-created-password-1';
/** A single sign-on connection's client secret: never in an event. */
const SSO_SECRET = 'sso-client-secret-1';
for (const password of [NEW_PASSWORD, NEWER_PASSWORD, CREATED_PASSWORD, SSO_SECRET]) secrets.add(password);

/** Who sends a request: a fixture (or created) user's email, or the internal tool. */
type Sender = string | { client: string };

async function headersOf(sender: Sender | null, n: number): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'x-request-id': `audit-req-${n}`,
    'x-meridian-client-ip': `203.0.113.${n}`,
  };
  if (sender === null) return headers;
  const token =
    typeof sender === 'string'
      ? await platform.tokens.user(sender)
      : await platform.tokens.client(sender.client, 'systemAdmin', 'meridian');
  secrets.add(token);
  return { ...headers, authorization: `Bearer ${token}` };
}

/** No sender runs in this file: the endpoint is never called. */
const WEBHOOK_URL = 'http://127.0.0.1:9/audit';

const NPIS = fixtureNpis();
const ORG = 'audit-org';
/** Filled in as the cases run: ids the platform chose, a link's one-time token. */
const captured: {
  userCredential?: string;
  orgCredential?: string;
  resetToken?: string;
  scimToken?: string;
  webhook?: string;
} = {};

interface WriteCase {
  name: string;
  as: Sender | null;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  status: number;
  /** The one event's fields (changes compared exactly when given). */
  event: () => Partial<EventRow>;
  /** Lets the platform's lifecycle jobs finish first. */
  waitMs?: number;
  then?: (body: Record<string, unknown>) => Promise<void> | void;
}

const admin = 'admin@meridian.test';
const user = (email: string, role: string, organizationId: string) => ({
  actor: email,
  actor_kind: 'user',
  actor_role: role,
  actor_organization_id: organizationId,
});
const asAdmin = user(admin, 'systemAdmin', 'meridian');
const orgTarget = { organization_id: ORG, target_type: 'organization', target_id: ORG };
const userTarget = (email: string) => ({ organization_id: ORG, target_type: 'user', target_id: email });

/** The suite runs on PGlite and again on PostgreSQL, where a backup is refused (409) and records nothing. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const CASES: WriteCase[] = [
  {
    name: 'POST /organization',
    as: admin,
    method: 'POST',
    url: () => '/organization',
    body: () => ({
      id: ORG,
      name: 'Audit Org',
      domain: ['audit.test'],
      primaryContact: { name: 'Pat', email: 'contact@audit.test' },
      customer_segment: 'employer',
      medicare_licensed: false,
    }),
    status: 201,
    event: () => ({ action: 'organization.create', ...asAdmin, actor_name: 'Ada Admin', ...orgTarget }),
  },
  {
    name: 'PUT /organization',
    as: admin,
    method: 'PUT',
    url: () => `/organization?organizationId=${ORG}`,
    body: () => ({ name: 'Audit Org Renamed' }),
    status: 200,
    event: () => ({
      action: 'organization.update',
      ...asAdmin,
      ...orgTarget,
      changes: [{ field: 'name', before: 'Audit Org', after: 'Audit Org Renamed' }],
    }),
  },
  {
    name: 'PUT /licenses (as an internal tool)',
    as: { client: 'meridian-cli' },
    method: 'PUT',
    url: () => `/licenses?organizationId=${ORG}`,
    body: () => ({ licenses: { user_limit: 25, products: { managed_providers: { enabled: true } } } }),
    status: 200,
    event: () => ({
      action: 'licenses.update',
      actor: 'meridian-cli',
      actor_kind: 'client',
      actor_name: null,
      actor_role: 'systemAdmin',
      actor_organization_id: 'meridian',
      ...orgTarget,
      changes: expect.arrayContaining([
        { field: 'licenses.user_limit', before: expect.any(Number), after: 25 },
        { field: 'licenses.products.managed_providers.enabled', before: null, after: true },
      ]) as AuditChange[],
    }),
  },
  {
    name: 'POST /organization/:id/onboarding',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/onboarding`,
    status: 200,
    event: () => ({
      action: 'organization.onboard',
      ...orgTarget,
      changes: [{ field: 'status', before: 'created', after: 'onboarding' }],
    }),
  },
  {
    name: 'POST /organization/:id/deployment',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/deployment`,
    waitMs: 200,
    status: 200,
    event: () => ({
      action: 'organization.deploy',
      ...orgTarget,
      changes: [{ field: 'status', before: 'onboarding', after: 'deploying' }],
    }),
  },
  {
    name: 'POST /organization/:id/activation',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/activation`,
    body: () => ({ active: true }),
    waitMs: 200,
    status: 200,
    event: () => ({
      action: 'organization.activate',
      ...orgTarget,
      changes: [
        { field: 'active', before: false, after: true },
        { field: 'status', before: 'deploying', after: 'active' },
      ],
    }),
  },
  {
    name: 'POST /organization/:id/segment-switch',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/segment-switch`,
    body: () => ({ customer_segment: 'government', medicare_licensed: true }),
    status: 200,
    event: () => ({
      action: 'organization.segment-switch',
      ...orgTarget,
      changes: [
        { field: 'customer_segment', before: 'employer', after: 'government' },
        { field: 'medicare_licensed', before: false, after: true },
      ],
    }),
  },
  {
    name: 'POST /user',
    as: admin,
    method: 'POST',
    url: () => `/user?organizationId=${ORG}`,
    body: () => ({ name: 'Pat Audit', email: 'Pat@Audit.test', password: CREATED_PASSWORD, role: 'orgAdmin' }),
    status: 201,
    event: () => ({
      action: 'user.create',
      ...asAdmin,
      ...userTarget('pat@audit.test'),
      changes: [
        { field: 'name', before: null, after: 'Pat Audit' },
        { field: 'email', before: null, after: 'pat@audit.test' },
        { field: 'alternateEmail', before: null, after: null },
        { field: 'role', before: null, after: 'orgAdmin' },
        { field: 'active', before: null, after: true },
        { field: 'direct_data_access_enabled', before: null, after: false },
        { field: 'organizationId', before: null, after: ORG },
        { field: 'tableauConfig.tableauLicense', before: null, after: null },
      ].filter((change) => change.after !== null),
    }),
  },
  {
    name: 'POST /user (an Org User, by the new Org Admin)',
    as: 'pat@audit.test',
    method: 'POST',
    url: () => `/user?organizationId=${ORG}`,
    body: () => ({ name: 'Sam Audit', email: 'sam@audit.test', password: CREATED_PASSWORD }),
    status: 201,
    event: () => ({
      action: 'user.create',
      ...user('pat@audit.test', 'orgAdmin', ORG),
      actor_name: 'Pat Audit',
      ...userTarget('sam@audit.test'),
    }),
  },
  {
    name: 'POST /user without a password (an invitation)',
    as: admin,
    method: 'POST',
    url: () => `/user?organizationId=${ORG}`,
    body: () => ({ name: 'Ivy Audit', email: 'ivy@audit.test' }),
    status: 201,
    event: () => ({
      action: 'invitation.send',
      ...asAdmin,
      ...userTarget('ivy@audit.test'),
      changes: expect.arrayContaining([{ field: 'email', before: null, after: 'ivy@audit.test' }]),
    }),
  },
  {
    name: 'POST /user/:email/invitation',
    as: admin,
    method: 'POST',
    url: () => '/user/ivy@audit.test/invitation',
    status: 200,
    event: () => ({ action: 'invitation.resend', ...asAdmin, ...userTarget('ivy@audit.test'), changes: [] }),
  },
  {
    name: 'DELETE /user/:email/invitation',
    as: admin,
    method: 'DELETE',
    url: () => '/user/ivy@audit.test/invitation',
    status: 200,
    event: () => ({ action: 'invitation.revoke', ...asAdmin, ...userTarget('ivy@audit.test'), changes: [] }),
  },
  {
    name: 'PUT /user (fields)',
    as: admin,
    method: 'PUT',
    url: () => `/user?organizationId=${ORG}`,
    body: () => ({ email: 'pat@audit.test', name: 'Pat Renamed' }),
    status: 200,
    event: () => ({
      action: 'user.update',
      ...userTarget('pat@audit.test'),
      changes: [{ field: 'name', before: 'Pat Audit', after: 'Pat Renamed' }],
    }),
  },
  {
    name: 'PUT /user (a role, with another field: one event)',
    as: 'pat@audit.test',
    method: 'PUT',
    url: () => `/user?organizationId=${ORG}`,
    body: () => ({ email: 'sam@audit.test', role: 'orgAdmin', name: 'Sam Admin' }),
    status: 200,
    event: () => ({
      action: 'user.role-change',
      actor_name: 'Pat Renamed',
      ...userTarget('sam@audit.test'),
      changes: [
        { field: 'name', before: 'Sam Audit', after: 'Sam Admin' },
        { field: 'role', before: 'orgUser', after: 'orgAdmin' },
      ],
    }),
  },
  {
    name: 'PUT /user {email, active: false}',
    as: admin,
    method: 'PUT',
    url: () => '/user',
    body: () => ({ email: 'sam@audit.test', active: false }),
    status: 200,
    event: () => ({
      action: 'user.deactivate',
      ...userTarget('sam@audit.test'),
      changes: [{ field: 'active', before: true, after: false }],
    }),
  },
  {
    name: 'PUT /user {email, active: true}',
    as: admin,
    method: 'PUT',
    url: () => '/user',
    body: () => ({ email: 'sam@audit.test', active: true }),
    status: 200,
    event: () => ({
      action: 'user.activate',
      ...userTarget('sam@audit.test'),
      changes: [{ field: 'active', before: false, after: true }],
    }),
  },
  {
    name: 'PUT /user/:email/data-access',
    as: admin,
    method: 'PUT',
    url: () => '/user/pat@audit.test/data-access',
    body: () => ({ direct_data_access_enabled: true }),
    status: 200,
    event: () => ({
      action: 'user.data-access',
      ...userTarget('pat@audit.test'),
      changes: [{ field: 'direct_data_access_enabled', before: false, after: true }],
    }),
  },
  {
    name: "POST /user/:email/credential (one's own)",
    as: 'pat@audit.test',
    method: 'POST',
    url: () => '/user/pat@audit.test/credential',
    status: 201,
    then: (body) => {
      captured.userCredential = String(body.id);
      secrets.add(String(body.secret));
    },
    event: () => ({
      action: 'credential.create',
      ...user('pat@audit.test', 'orgAdmin', ORG),
      organization_id: ORG,
      target_type: 'credential',
      target_id: captured.userCredential!,
      changes: [
        { field: 'id', before: null, after: captured.userCredential },
        { field: 'organizationId', before: null, after: ORG },
        { field: 'userEmail', before: null, after: 'pat@audit.test' },
        { field: 'credential_enabled', before: null, after: true },
      ],
    }),
  },
  {
    name: 'PUT /user/:email/credential/:id',
    as: admin,
    method: 'PUT',
    url: () => `/user/pat@audit.test/credential/${captured.userCredential}`,
    body: () => ({ credential_enabled: false }),
    status: 200,
    event: () => ({
      action: 'credential.disable',
      ...asAdmin,
      organization_id: ORG,
      target_type: 'credential',
      target_id: captured.userCredential!,
      changes: [{ field: 'credential_enabled', before: true, after: false }],
    }),
  },
  {
    name: 'POST /organization/:id/credential',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/credential`,
    status: 201,
    then: (body) => {
      captured.orgCredential = String(body.id);
      secrets.add(String(body.secret));
    },
    event: () => ({
      action: 'credential.create',
      organization_id: ORG,
      target_type: 'credential',
      target_id: captured.orgCredential!,
    }),
  },
  {
    name: 'PUT /organization/:id/credential/:id',
    as: admin,
    method: 'PUT',
    url: () => `/organization/${ORG}/credential/${captured.orgCredential}`,
    body: () => ({ credential_enabled: false }),
    status: 200,
    event: () => ({
      action: 'credential.disable',
      organization_id: ORG,
      target_type: 'credential',
      target_id: captured.orgCredential!,
      changes: [{ field: 'credential_enabled', before: true, after: false }],
    }),
  },
  {
    name: 'PUT /organization/:id/provider-links (one NPI)',
    as: 'pat@audit.test',
    method: 'PUT',
    url: () => `/organization/${ORG}/provider-links`,
    body: () => ({ kind: 'provider_alias', links: [{ npi: NPIS[0], value: 'Alias One' }] }),
    status: 200,
    event: () => ({
      action: 'provider-links.upsert',
      organization_id: ORG,
      target_type: 'provider',
      target_id: NPIS[0]!,
      changes: [{ field: NPIS[0]!, before: null, after: 'Alias One' }],
      details: { kind: 'provider_alias', rows: 1, created: 1, updated: 0, unchanged: 0, errors: 0 },
    }),
  },
  {
    name: 'PUT /organization/:id/provider-links (a batch, one row refused)',
    as: 'pat@audit.test',
    method: 'PUT',
    url: () => `/organization/${ORG}/provider-links`,
    body: () => ({
      kind: 'provider_alias',
      links: [
        { npi: NPIS[0], value: 'Alias Renamed' },
        { npi: NPIS[1], value: 'Alias Two' },
        { npi: '1234567890', value: 'Bad check digit' },
      ],
    }),
    status: 200,
    event: () => ({
      action: 'provider-links.upsert',
      organization_id: ORG,
      target_type: 'provider-batch',
      target_id: null,
      changes: [
        { field: NPIS[0]!, before: 'Alias One', after: 'Alias Renamed' },
        { field: NPIS[1]!, before: null, after: 'Alias Two' },
      ],
      details: { kind: 'provider_alias', rows: 3, created: 1, updated: 1, unchanged: 0, errors: 1 },
    }),
  },
  {
    name: 'POST /organization/:id/provider-links/remove',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/provider-links/remove`,
    body: () => ({ kind: 'provider_alias', npis: [NPIS[1], NPIS[2]] }),
    status: 200,
    event: () => ({
      action: 'provider-links.remove',
      organization_id: ORG,
      target_type: 'provider-batch',
      changes: [{ field: NPIS[1]!, before: 'Alias Two', after: null }],
      details: { kind: 'provider_alias', rows: 2, removed: 1, notFound: 1, errors: 0 },
    }),
  },
  {
    name: 'POST /password/forgot (anonymous)',
    as: null,
    method: 'POST',
    url: () => '/password/forgot',
    body: () => ({ email: 'PAT@audit.test' }),
    status: 202,
    then: async () => {
      const outbox = await platform.rest.inject({ method: 'GET', url: '/dev/outbox?recipient=pat@audit.test' });
      const link = outbox.json<{ data: { link: string }[] }>().data[0]!.link;
      captured.resetToken = new URL(link).searchParams.get('token')!;
      secrets.add(captured.resetToken);
    },
    event: () => ({
      action: 'password.reset-request',
      actor: 'pat@audit.test',
      actor_kind: 'anonymous',
      actor_name: null,
      actor_role: null,
      actor_organization_id: null,
      ...userTarget('pat@audit.test'),
      changes: [],
      details: { linkSent: true },
    }),
  },
  {
    name: 'POST /password/create (with the emailed link)',
    as: null,
    method: 'POST',
    url: () => '/password/create',
    body: () => ({ token: captured.resetToken, password: NEW_PASSWORD }),
    status: 204,
    event: () => ({
      action: 'password.create',
      ...user('pat@audit.test', 'orgAdmin', ORG),
      actor_name: 'Pat Renamed',
      ...userTarget('pat@audit.test'),
      changes: [],
    }),
  },
  {
    name: 'POST /password/change',
    as: 'pat@audit.test',
    method: 'POST',
    url: () => '/password/change',
    body: () => ({ currentPassword: NEW_PASSWORD, newPassword: NEWER_PASSWORD }),
    status: 204,
    event: () => ({ action: 'password.change', ...user('pat@audit.test', 'orgAdmin', ORG), changes: [] }),
  },
  {
    name: 'POST /user/:email/password-reset',
    as: admin,
    method: 'POST',
    url: () => '/user/sam@audit.test/password-reset',
    status: 202,
    event: () => ({ action: 'password.reset-initiate', ...asAdmin, ...userTarget('sam@audit.test'), changes: [] }),
  },
  {
    name: 'POST /users/:email/mfa/reset',
    as: admin,
    method: 'POST',
    url: () => '/users/sam@audit.test/mfa/reset',
    status: 204,
    event: () => ({ action: 'mfa.reset', ...asAdmin, ...userTarget('sam@audit.test'), changes: [] }),
  },
  {
    name: 'POST /users/:email/sessions/revoke',
    as: admin,
    method: 'POST',
    url: () => '/users/sam@audit.test/sessions/revoke',
    body: () => ({}),
    status: 200,
    event: () => ({ action: 'session.revoke', ...asAdmin, ...userTarget('sam@audit.test'), changes: [] }),
  },
  {
    name: 'POST /login',
    as: null,
    method: 'POST',
    url: () => '/login',
    body: () => ({ email: 'pat@audit.test', password: NEWER_PASSWORD }),
    status: 200,
    event: () => ({ action: 'sign-in', ...user('pat@audit.test', 'orgAdmin', ORG), ...userTarget('pat@audit.test') }),
  },
  {
    name: 'PUT /organization/:id/sso',
    as: admin,
    method: 'PUT',
    url: () => `/organization/${ORG}/sso`,
    // Saving never contacts the issuer (nothing listens on port 1); the secret never reaches the event.
    body: () => ({
      protocol: 'oidc',
      issuer: 'http://127.0.0.1:1/',
      clientId: 'meridian',
      clientSecret: SSO_SECRET,
    }),
    status: 200,
    event: () => ({
      action: 'sso.set',
      ...orgTarget,
      changes: [
        { field: 'sso.protocol', before: null, after: 'oidc' },
        { field: 'sso.ssoOnly', before: null, after: false },
        { field: 'sso.defaultRole', before: null, after: 'orgUser' },
        { field: 'sso.trustIdpMfa', before: null, after: false },
        { field: 'sso.adminEmergencyAccess', before: null, after: true },
        { field: 'sso.issuer', before: null, after: 'http://127.0.0.1:1/' },
        { field: 'sso.clientId', before: null, after: 'meridian' },
      ],
    }),
  },
  {
    name: 'DELETE /organization/:id/sso',
    as: admin,
    method: 'DELETE',
    url: () => `/organization/${ORG}/sso`,
    status: 204,
    event: () => ({
      action: 'sso.remove',
      ...orgTarget,
      changes: [
        { field: 'sso.protocol', before: 'oidc', after: null },
        { field: 'sso.ssoOnly', before: false, after: null },
        { field: 'sso.defaultRole', before: 'orgUser', after: null },
        { field: 'sso.trustIdpMfa', before: false, after: null },
        { field: 'sso.adminEmergencyAccess', before: true, after: null },
        { field: 'sso.issuer', before: 'http://127.0.0.1:1/', after: null },
        { field: 'sso.clientId', before: 'meridian', after: null },
      ],
    }),
  },
  {
    name: 'POST /organization/:id/scim-tokens',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/scim-tokens`,
    body: () => ({ label: 'Entra ID' }),
    status: 201,
    then: (body) => {
      captured.scimToken = (body.scimToken as { id: string }).id;
      // The token itself never reaches an event.
      secrets.add(body.token as string);
    },
    event: () => ({
      action: 'scim-token.create',
      ...asAdmin,
      ...orgTarget,
      details: { provisioningId: captured.scimToken, label: 'Entra ID' },
    }),
  },
  {
    name: 'POST /organization/:id/scim-tokens/:tokenId/rotate',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/scim-tokens/${captured.scimToken}/rotate`,
    status: 201,
    then: (body) => {
      const replaced = captured.scimToken;
      captured.scimToken = (body.scimToken as { id: string }).id;
      expect(captured.scimToken).not.toBe(replaced);
      secrets.add(body.token as string);
    },
    event: () => ({ action: 'scim-token.rotate', ...asAdmin, ...orgTarget }),
  },
  {
    name: 'DELETE /organization/:id/scim-tokens/:tokenId',
    as: admin,
    method: 'DELETE',
    url: () => `/organization/${ORG}/scim-tokens/${captured.scimToken}`,
    status: 200,
    event: () => ({
      action: 'scim-token.revoke',
      ...asAdmin,
      ...orgTarget,
      details: { provisioningId: captured.scimToken, label: 'Entra ID' },
    }),
  },
  {
    name: 'POST /organization/:id/webhooks',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/webhooks`,
    body: () => ({ url: WEBHOOK_URL, events: ['user.create'] }),
    status: 201,
    then: (body) => {
      captured.webhook = (body.webhook as { id: string }).id;
      // The signing secret never reaches an event.
      secrets.add(body.secret as string);
    },
    event: () => ({
      action: 'webhook.create',
      ...asAdmin,
      ...orgTarget,
      details: { webhookId: captured.webhook, url: WEBHOOK_URL, events: ['user.create'] },
    }),
  },
  {
    name: 'PATCH /organization/:id/webhooks/:webhookId',
    as: admin,
    method: 'PATCH',
    url: () => `/organization/${ORG}/webhooks/${captured.webhook}`,
    body: () => ({ events: null }),
    status: 200,
    event: () => ({
      action: 'webhook.update',
      ...asAdmin,
      ...orgTarget,
      details: { webhookId: captured.webhook, url: WEBHOOK_URL, events: null },
    }),
  },
  ...(['pause', 'resume'] as const).map((move): WriteCase => ({
    name: `POST /organization/:id/webhooks/:webhookId/${move}`,
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/webhooks/${captured.webhook}/${move}`,
    status: 200,
    event: () => ({
      action: `webhook.${move}`,
      ...asAdmin,
      ...orgTarget,
      details: expect.objectContaining({ webhookId: captured.webhook, url: WEBHOOK_URL }) as Record<string, unknown>,
    }),
  })),
  {
    name: 'POST /organization/:id/webhooks/:webhookId/rotate-secret',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/webhooks/${captured.webhook}/rotate-secret`,
    status: 200,
    then: (body) => {
      secrets.add(body.secret as string);
    },
    event: () => ({
      action: 'webhook.rotate-secret',
      ...asAdmin,
      ...orgTarget,
      details: { webhookId: captured.webhook, url: WEBHOOK_URL },
    }),
  },
  {
    name: 'DELETE /organization/:id/webhooks/:webhookId',
    as: admin,
    method: 'DELETE',
    url: () => `/organization/${ORG}/webhooks/${captured.webhook}`,
    status: 200,
    event: () => ({
      action: 'webhook.delete',
      ...asAdmin,
      ...orgTarget,
      details: { webhookId: captured.webhook, url: WEBHOOK_URL },
    }),
  },
  {
    name: 'POST /organization/:id/offboarding',
    as: admin,
    method: 'POST',
    url: () => `/organization/${ORG}/offboarding`,
    status: 200,
    event: () => ({
      action: 'organization.offboard',
      ...orgTarget,
      changes: [{ field: 'status', before: 'active', after: 'offboarding' }],
    }),
  },
  ...(onPostgres
    ? []
    : [
        {
          name: 'POST /admin/backup',
          as: admin,
          method: 'POST',
          url: () => '/admin/backup',
          status: 200,
          event: () => ({
            action: 'backup.create',
            ...asAdmin,
            organization_id: null,
            target_type: 'organization',
            target_id: null,
          }),
        } satisfies WriteCase,
      ]),
];

/** Each event as it was right after its request, to check at the end that nothing changed it. */
const recorded = new Map<string, string>();

async function send(c: Pick<WriteCase, 'as' | 'method' | 'url' | 'body'>, n: number) {
  const body = c.body?.();
  return platform.rest.inject({
    method: c.method,
    url: c.url(),
    headers: await headersOf(c.as, n),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('every write route', () => {
  it('is in the table, and every action but the failed sign-ins is recorded by one of its cases', () => {
    const tested = new Set(CASES.map((c) => c.event().action));
    // A job's steps and failure are no write route's: the job records them as it runs (routes/lifecycle.test.ts).
    // Nor are a person's own factors: the provider's pages record them (oidc/mfa.test.ts); only a reset is REST's.
    const notWrites = (action: string) =>
      action.startsWith('sign-in.') ||
      action.startsWith('organization.job-') ||
      (action.startsWith('mfa.') && action !== 'mfa.reset') ||
      // PostgreSQL is backed up with its own tools: the route refuses there (backup/backup.test.ts).
      (action === 'backup.create' && onPostgres) ||
      // The sender records it when an endpoint's retries are spent (routes/webhooks.test.ts).
      action === 'webhook.failing';
    const missing = AUDIT_ACTIONS.filter((action) => !tested.has(action) && !notWrites(action));
    expect(missing).toEqual([]);
  });

  it.each(CASES.map((c, n) => ({ ...c, n: n + 1 })))('$name leaves exactly one event', async (c) => {
    if (c.waitMs) await new Promise((resolve) => setTimeout(resolve, c.waitMs));
    const before = await lastEventId();
    const response = await send(c, c.n);
    expect(response.statusCode, response.body).toBe(c.status);
    // A backup answers a tarball, not JSON.
    const json = /^application\/json/.test(String(response.headers['content-type']));
    await c.then?.(response.body && json ? response.json<Record<string, unknown>>() : {});
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    // The gateway's request id and its client's address arrive as forwarded.
    expect(events[0]).toMatchObject({ request_id: `audit-req-${c.n}`, client_ip: `203.0.113.${c.n}`, ...c.event() });
    recorded.set(events[0]!.id, JSON.stringify(events[0]));
  });
});

describe('a refused write', () => {
  const REFUSED: (Pick<WriteCase, 'name' | 'as' | 'method' | 'url' | 'body' | 'status'> & { n?: number })[] = [
    {
      name: 'duplicate organization id (409)',
      as: admin,
      method: 'POST',
      url: () => '/organization',
      body: () => ({
        id: 'acme',
        name: 'Again',
        domain: ['again.test'],
        primaryContact: { name: 'A', email: 'a@again.test' },
        customer_segment: 'employer',
        medicare_licensed: false,
      }),
      status: 409,
    },
    {
      name: 'an unknown field (400)',
      as: admin,
      method: 'PUT',
      url: () => '/organization?organizationId=acme',
      body: () => ({ name: 'X', status: 'active' }),
      status: 400,
    },
    {
      name: "another tenant's organization (403)",
      as: 'orgadmin@acme.test',
      method: 'PUT',
      url: () => '/organization?organizationId=globex',
      body: () => ({ name: 'Taken over' }),
      status: 403,
    },
    {
      name: 'deactivating oneself (409)',
      as: 'orgadmin@acme.test',
      method: 'PUT',
      url: () => '/user',
      body: () => ({ email: 'orgadmin@acme.test', active: false }),
      status: 409,
    },
    {
      name: 'a user created by an Org User (403)',
      as: 'user@acme.test',
      method: 'POST',
      url: () => '/user?organizationId=acme',
      body: () => ({ name: 'No', email: 'no@acme.test', password: CREATED_PASSWORD }),
      status: 403,
    },
    {
      name: 'a user limit below the users in use (409)',
      as: admin,
      method: 'PUT',
      url: () => '/licenses?organizationId=acme',
      body: () => ({ licenses: { user_limit: 1 } }),
      status: 409,
    },
    {
      name: 'onboarding an active organization (409)',
      as: admin,
      method: 'POST',
      url: () => '/organization/acme/onboarding',
      status: 409,
    },
    {
      name: 'a wrong current password (400)',
      as: 'user@acme.test',
      method: 'POST',
      url: () => '/password/change',
      body: () => ({ currentPassword: 'not-the-password-1', newPassword: NEWER_PASSWORD }),
      status: 400,
    },
    {
      name: 'a used password link (400)',
      as: null,
      method: 'POST',
      url: () => '/password/create',
      body: () => ({ token: captured.resetToken, password: 'yet-another-password-4' }),
      status: 400,
    },
    {
      name: 'a credential for a user without direct data access (409)',
      as: admin,
      method: 'POST',
      url: () => '/user/orgadmin@globex.test/credential',
      status: 409,
    },
    {
      name: "another tenant's provider links (403)",
      as: 'orgadmin@acme.test',
      method: 'PUT',
      url: () => '/organization/globex/provider-links',
      body: () => ({ kind: 'provider_alias', links: [{ npi: NPIS[0], value: 'X' }] }),
      status: 403,
    },
    {
      name: 'a disabled credential re-enabled (400)',
      as: admin,
      method: 'PUT',
      url: () => `/organization/${ORG}/credential/${captured.orgCredential}`,
      body: () => ({ credential_enabled: true }),
      status: 400,
    },
  ];

  it.each(REFUSED.map((c, n) => ({ ...c, n: 100 + n })))('$name leaves none', async (c) => {
    const before = await lastEventId();
    const response = await send(c, c.n);
    expect(response.statusCode, response.body).toBe(c.status);
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('sign-in attempts', () => {
  const login = (email: string, password: string) =>
    platform.rest.inject({ method: 'POST', url: '/login', payload: { email, password } });

  it('records a wrong password and an unknown email alike, the known one in its organization', async () => {
    const before = await lastEventId();
    expect((await login('user@acme.test', 'wrong-password-1')).statusCode).toBe(401);
    expect((await login('nobody@nowhere.test', 'wrong-password-1')).statusCode).toBe(401);
    const [known, unknown] = await eventsAfter(before);
    const failed = { action: 'sign-in.failed', actor_kind: 'anonymous', actor_role: null, actor_name: null };
    expect(known).toMatchObject({
      ...failed,
      actor: 'user@acme.test',
      organization_id: 'acme',
      target_type: 'user',
      target_id: 'user@acme.test',
      details: { reason: 'invalid-credentials' },
      client_ip: '127.0.0.1',
    });
    expect(unknown).toMatchObject({ ...failed, actor: 'nobody@nowhere.test', organization_id: null });
    expect(unknown!.details).toEqual(known!.details);
  });

  it('records a refused inactive user, and the lockout', async () => {
    const before = await lastEventId();
    expect((await login('inactive@acme.test', FIXTURE_PASSWORD)).statusCode).toBe(403);
    for (let i = 0; i < 5; i++) expect((await login('locked@nowhere.test', 'wrong-password-1')).statusCode).toBe(401);
    expect((await login('locked@nowhere.test', 'wrong-password-1')).statusCode).toBe(423);
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.action, e.details])).toEqual([
      ['sign-in.failed', { reason: 'inactive' }],
      ...Array.from({ length: 5 }, () => ['sign-in.failed', { reason: 'invalid-credentials' }]),
      ['sign-in.locked', { minutes: 15 }],
    ]);
  });

  it('records nothing for a request refused before any check (400)', async () => {
    const before = await lastEventId();
    const response = await platform.rest.inject({ method: 'POST', url: '/login', payload: { email: 'a@b.test' } });
    expect(response.statusCode).toBe(400);
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('every audited field', () => {
  it('has the words the console shows for it (schema’s AUDIT_FIELD_LABELS), a product by its key', () => {
    const fields = Object.values(AUDITED_FIELDS).flat();
    const unnamed = fields.filter((field) => !field.includes('*') && AUDIT_FIELD_LABELS[field] === undefined);
    expect(unnamed).toEqual([]);
    expect(auditFieldLabel('licenses.products.claims_data.enabled')).toBe('Product claims_data');
  });
});

describe('no event', () => {
  it('holds a password, a secret, a token or a hash', async () => {
    const { rows } = await platform.db.query<{ json: string }>(
      'SELECT row_to_json(e)::text AS json FROM audit_events e ORDER BY id',
    );
    expect(rows.length).toBeGreaterThan(CASES.length);
    const forbidden = [...secrets];
    // What the database stores instead: argon2 password hashes, sha256 hashes of secrets and tokens.
    for (const secret of secrets) forbidden.push(createHash('sha256').update(secret).digest('hex'));
    forbidden.push('$argon2');
    expect(forbidden.length).toBeGreaterThan(12);
    for (const { json } of rows) for (const secret of forbidden) expect(json).not.toContain(secret);
  });

  it('keeps a field the allow-list does not name, even one named like a secret inside an allowed path', () => {
    const before = { name: 'A', password_hash: 'x', licenses: { products: { secret_token: { enabled: false } } } };
    const after = { name: 'B', password_hash: 'y', licenses: { products: { secret_token: { enabled: true } } } };
    expect(auditChanges('organization', before, after)).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
  });
});

describe('append-only', () => {
  it('no route changed an event after it was recorded', async () => {
    expect(recorded.size).toBe(CASES.length);
    const { rows } = await platform.db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM audit_events WHERE id = ANY($1) ORDER BY id`,
      [[...recorded.keys()]],
    );
    expect(new Map(rows.map((row) => [row.id, JSON.stringify(row)]))).toEqual(recorded);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of events', async () => {
    const count = async () =>
      (await platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events')).rows[0]!.n;
    const before = await count();
    await expect(platform.db.query(`UPDATE audit_events SET action = 'sign-in'`)).rejects.toThrow(/append-only/);
    await expect(platform.db.query('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
    // Even a statement that matches no row.
    await expect(platform.db.query('DELETE FROM audit_events WHERE id < 0')).rejects.toThrow(/append-only/);
    await expect(platform.db.query('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });

  it('an event written in a transaction that fails is gone with it', async () => {
    const before = await lastEventId();
    const source = {
      actor: { id: admin, kind: 'user', role: 'systemAdmin', organizationId: 'meridian' },
      origin: { requestId: 'rolled-back', clientIp: null },
    } as const;
    await expect(
      platform.db.transaction(async (tx) => {
        await recordAuditEvent(tx, source, {
          action: 'organization.update',
          organizationId: 'acme',
          target: { type: 'organization', id: 'acme' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('events on disk', () => {
  it('survive a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-audit-'));
    try {
      const first = await openPglite(dataDir);
      await migrate(first);
      await first.transaction((tx) =>
        recordAuditEvent(
          tx,
          {
            actor: { id: 'meridian-cli', kind: 'client', role: 'systemAdmin', organizationId: 'meridian' },
            origin: { requestId: 'r-1', clientIp: '198.51.100.7' },
          },
          {
            action: 'organization.update',
            organizationId: 'acme',
            target: { type: 'organization', id: 'acme' },
            changes: [{ field: 'name', before: 'A', after: 'B' }],
          },
        ),
      );
      await first.close();
      const again = await openPglite(dataDir);
      try {
        const { rows } = await again.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM audit_events`);
        expect(rows).toEqual([
          expect.objectContaining({
            actor: 'meridian-cli',
            action: 'organization.update',
            request_id: 'r-1',
            client_ip: '198.51.100.7',
            changes: [{ field: 'name', before: 'A', after: 'B' }],
          }),
        ]);
        await expect(again.query('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
