import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_INFO,
  AUDIT_ACTIONS,
  AUDIT_AREA_LABELS,
  auditActionGroups,
  describeAuditEvent,
  isAuditAction,
  type AuditEventWords,
} from './audit.js';
import { auditDetailLabel, auditDetailText, auditFieldLabel, auditValueText } from './audit-fields.js';
import { signInMethodsText } from './sign-in-methods.js';

/** A platform-shaped event (values as stored, details an object), overridden per case. */
const event = (overrides: Partial<AuditEventWords> = {}): AuditEventWords => ({
  actor: 'admin@meridian.test',
  actorName: 'A. Operator',
  actorKind: 'user',
  action: 'user.deactivate',
  organizationId: 'acme',
  targetId: 'j.doe@acme.test',
  changes: [],
  details: null,
  ...overrides,
});

describe('the audit actions', () => {
  it('each have a label and a meaning, labels distinct', () => {
    expect(Object.keys(AUDIT_ACTION_INFO)).toEqual([...AUDIT_ACTIONS]);
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_INFO[action].label);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_INFO[action].meaning).toMatch(/\.$/);
  });

  it('are the ones the GraphQL contract documents for AuditEvent.action', () => {
    const contract = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    const documented = /What was done: ([^"]+?)\.\s*"""/.exec(contract)?.[1] ?? '';
    const names = documented.split(/,\s*|\s+or\s+/).map((name) => name.trim());
    expect(names).toEqual([...AUDIT_ACTIONS]);
  });

  it('fall into labelled areas by their prefix, in their order, each action once', () => {
    const groups = auditActionGroups();
    expect(groups.flatMap((group) => group.actions)).toEqual([...AUDIT_ACTIONS]);
    for (const group of groups) {
      expect(group.label, group.area).toBe(AUDIT_AREA_LABELS[group.area]);
      expect(group.actions.every((action) => action === group.area || action.startsWith(`${group.area}.`))).toBe(true);
    }
    expect(groups.find((group) => group.area === 'sign-in')?.actions).toEqual([
      'sign-in',
      'sign-in.failed',
      'sign-in.locked',
    ]);
  });

  it('tells a known action from another string', () => {
    expect(isAuditAction('user.deactivate')).toBe(true);
    expect(isAuditAction('user.delete')).toBe(false);
  });
});

describe('an event in words', () => {
  it.each<[Partial<AuditEventWords>, string]>([
    [{}, 'A. Operator deactivated j.doe@acme.test'],
    [{ actorName: null }, 'admin@meridian.test deactivated j.doe@acme.test'],
    [
      { actor: 'meridian-cli', actorName: null, actorKind: 'client', action: 'licenses.update', targetId: 'acme' },
      'meridian-cli (internal tool) changed the licenses of acme',
    ],
    [
      {
        action: 'organization.update',
        targetId: 'initech',
        changes: [
          { field: 'name', before: 'Initech', after: 'Initech Inc' },
          { field: 'domain', before: null, after: 'initech.test' },
        ],
      },
      'A. Operator updated organization initech (name, domains)',
    ],
    [
      { action: 'user.data-access', changes: [{ field: 'direct_data_access_enabled', before: true, after: false }] },
      'A. Operator turned direct data access off for j.doe@acme.test',
    ],
    [
      { action: 'credential.create', targetId: 'cred-1', changes: [{ field: 'userEmail', after: 'j.doe@acme.test' }] },
      'A. Operator created credential cred-1 for j.doe@acme.test',
    ],
    [
      {
        actor: 'x@y.test',
        actorName: null,
        actorKind: 'anonymous',
        action: 'sign-in.failed',
        details: { reason: 'inactive' },
      },
      'A sign-in as x@y.test failed: the user is inactive',
    ],
    [
      { actor: 'x@y.test', actorName: null, actorKind: 'anonymous', action: 'sign-in.locked' },
      'A sign-in as x@y.test was refused: too many failed attempts',
    ],
    [
      {
        actorKind: 'anonymous',
        actorName: null,
        action: 'password.reset-request',
        targetId: 'x@y.test',
        details: { linkSent: false },
      },
      'A password reset link was requested for x@y.test (no link sent)',
    ],
    [{ action: 'sign-in', actorName: 'Jo Doe' }, 'Jo Doe signed in'],
    [
      { action: 'sign-in', actorName: 'Jo Doe', details: { methods: ['pwd', 'otp', 'mfa'] } },
      'Jo Doe signed in with password and authenticator code',
    ],
    [
      { action: 'sign-in', actorName: 'Jo Doe', details: [{ name: 'methods', value: '["fed"]' }] },
      'Jo Doe signed in with single sign-on',
    ],
    [
      {
        action: 'user.update',
        changes: [
          { field: 'direct_data_access_enabled', before: 'false', after: 'true' },
          { field: 'tableauConfig.tableauLicense', before: null, after: 'viewer' },
        ],
      },
      'A. Operator updated user j.doe@acme.test (direct data access, Tableau license)',
    ],
    [
      {
        action: 'provider-links.remove',
        targetId: null,
        changes: [
          { field: '1', before: 'Employed', after: null },
          { field: '2', before: 'Other', after: null },
        ],
        details: { kind: 'provider_relationship' },
      },
      'A. Operator removed 2 provider relationships of acme',
    ],
    [{ action: 'user.role-change', targetId: null }, 'A. Operator changed the role of an unknown target'],
    [{ action: 'something.new' }, 'A. Operator did something.new to j.doe@acme.test'],
  ])('%j reads "%s"', (overrides, sentence) => {
    expect(describeAuditEvent(event(overrides))).toBe(sentence);
  });

  it('names a failed job’s step and reason, in the name of whoever started it', () => {
    const failed = event({
      action: 'organization.job-failed',
      targetId: 'stark',
      details: { job: 'deployment', step: 'Configure sign-in', reason: 'The organization has no domain.' },
    });
    expect(describeAuditEvent(failed)).toBe(
      'A. Operator started the deployment of stark, which failed at “Configure sign-in”: The organization has no domain.',
    );
  });

  it('names a completed step of a job, in the name of whoever started it', () => {
    const step = event({
      action: 'organization.job-step',
      targetId: 'stark',
      details: { job: 'onboarding', step: 'Load reference data' },
    });
    expect(describeAuditEvent(step)).toBe(
      'A. Operator started the onboarding of stark, whose step “Load reference data” completed',
    );
  });

  it('reads the gateway’s shape alike: enum kinds, values as text, details as a list', () => {
    expect(
      describeAuditEvent(
        event({
          actorKind: 'USER',
          action: 'user.data-access',
          changes: [{ field: 'direct_data_access_enabled', before: 'true', after: 'false' }],
        }),
      ),
    ).toBe('A. Operator turned direct data access off for j.doe@acme.test');
    expect(
      describeAuditEvent(
        event({ actorKind: 'ANONYMOUS', action: 'sign-in.failed', details: [{ name: 'reason', value: 'inactive' }] }),
      ),
    ).toBe('A sign-in as admin@meridian.test failed: the user is inactive');
    expect(
      describeAuditEvent(
        event({
          actorKind: 'ANONYMOUS',
          action: 'sign-in.failed',
          details: [
            { name: 'method', value: 'oidc' },
            { name: 'reason', value: 'sso-idp-error' },
            { name: 'idpError', value: 'access_denied' },
            { name: 'idpErrorDescription', value: 'Not assigned' },
          ],
        }),
      ),
    ).toBe(
      'A sign-in as admin@meridian.test through single sign-on (OpenID Connect) failed: the identity provider refused it (access_denied: Not assigned)',
    );
    expect(
      describeAuditEvent(
        event({
          actorKind: 'ANONYMOUS',
          action: 'sign-in.failed',
          details: { method: 'saml', reason: 'sso-invalid-response', refusal: 'signature' },
        }),
      ),
    ).toBe(
      'A sign-in as admin@meridian.test through single sign-on (SAML) failed: the identity provider’s answer did not verify (signature)',
    );
    expect(describeAuditEvent(event({ actor: 'meridian-cli', actorName: null, actorKind: 'CLIENT' }))).toBe(
      'meridian-cli (internal tool) deactivated j.doe@acme.test',
    );
  });
});

describe('what people read of an event’s fields, values and details', () => {
  it('names fields as the forms do, and a field without words by its own', () => {
    expect(auditFieldLabel('direct_data_access_enabled')).toBe('Direct data access');
    expect(auditFieldLabel('licenses.user_limit')).toBe('User limit');
    expect(auditFieldLabel('licenses.products.managed_providers.enabled')).toBe('Product managed_providers');
    expect(auditFieldLabel('sso.trustIdpMfa')).toBe('Trust the identity provider’s second factor');
    expect(auditFieldLabel('webhook.retryBudget')).toBe('Retry budget');
  });

  it('reads roles by their labels, yes/no fields in words and lists joined, from either shape', () => {
    expect(auditValueText('role', 'orgUser', 'Meridian')).toBe('Org User');
    expect(auditValueText('sso.defaultRole', 'systemViewer', 'Meridian')).toBe('Meridian Viewer');
    expect(auditValueText('active', 'false', 'Meridian')).toBe('Inactive');
    expect(auditValueText('active', true, 'Meridian')).toBe('Active');
    expect(auditValueText('direct_data_access_enabled', 'true', 'Meridian')).toBe('On');
    expect(auditValueText('medicare_licensed', 'false', 'Meridian')).toBe('No');
    expect(auditValueText('domain', '["acme.test","acme.example"]', 'Meridian')).toBe('acme.test, acme.example');
    expect(auditValueText('sso.protocol', 'saml', 'Meridian')).toBe('SAML');
    expect(auditValueText('tableauConfig.tableauLicense', 'explorer', 'Meridian')).toBe('Explorer');
    expect(auditValueText('status', 'onboarding', 'Meridian')).toBe('Onboarding');
    expect(auditValueText('name', null, 'Meridian')).toBeNull();
    expect(auditValueText('name', 'null', 'Meridian')).toBeNull();
    expect(auditValueText('name', 'Acme Health', 'Meridian')).toBe('Acme Health');
  });

  it('names sign-in methods from their RFC 8176 codes', () => {
    expect(auditDetailLabel('methods')).toBe('Signed in with');
    expect(auditDetailText('methods', '["fed"]')).toBe('Single sign-on');
    expect(auditDetailText('methods', ['fed', 'mfa'])).toBe('Single sign-on with a second factor');
    expect(auditDetailText('methods', '["pwd","hwk","mfa"]')).toBe('Password and passkey');
    expect(signInMethodsText(['pwd'])).toBe('Password');
    expect(signInMethodsText(['pwd', 'otp', 'mfa'])).toBe('Password and authenticator code');
    expect(signInMethodsText(['pwd', 'xyz'])).toBe('Password and xyz');
    expect(signInMethodsText([])).toBe('Unknown');
  });

  it('reads a refusal’s reason and a factor’s kind in words', () => {
    expect(auditDetailText('reason', 'sso-only')).toBe('The organization signs in with single sign-on only');
    expect(auditDetailText('reason', 'something-new')).toBe('Something-new');
    expect(auditDetailText('kind', 'totp')).toBe('Authenticator app');
    expect(auditDetailText('minutes', '15')).toBe('15 minutes');
    expect(auditDetailText('linkSent', 'false')).toBe('No');
  });
});
