// The one permission decision. Expectations are derived from the operation table and the role table
// (not from decideAccess), so a change to either table changes what is expected here.
import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  reachesOrganization,
  type AccessDecision,
  type AccessFacts,
  type Actor,
  type CompleteAccessFacts,
  type FeatureAvailability,
} from './decision.js';
import type { FeatureKey } from './features.js';
import { operationOfCall } from './field-operations.js';
import { MESSAGES } from './messages.js';
import { OPERATIONS, OWN_CREDENTIAL_FEATURE, type Operation, type OperationRequirement } from './operations.js';
import { ROLE_PERMISSIONS } from './permissions.js';
import { ROLES, SYSTEM_ROLES, type Role } from './roles.js';

const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];

/** Whom the operation acts on. */
type Target = 'none' | 'ownOrganization' | 'otherOrganization' | 'colleague' | 'otherTenantUser' | 'self';
const TARGETS: Target[] = ['none', 'ownOrganization', 'otherOrganization', 'colleague', 'otherTenantUser', 'self'];

const actorOf = (role: Role): Actor => ({ role, organizationId: 'acme', email: `${role}@acme.test` });

function factsOf(actor: Actor, target: Target, available: boolean): CompleteAccessFacts {
  const featureAvailability = (): FeatureAvailability => available;
  switch (target) {
    case 'none':
      return { targets: [], featureAvailability };
    case 'ownOrganization':
      return { targets: [{ organizationId: 'acme' }], featureAvailability };
    case 'otherOrganization':
      return { targets: [{ organizationId: 'globex' }], featureAvailability };
    case 'colleague':
      return { targetEmail: 'pat@acme.test', targets: [{ organizationId: 'acme', ofUser: true }], featureAvailability };
    case 'otherTenantUser':
      return {
        targetEmail: 'kim@globex.test',
        targets: [{ organizationId: 'globex', ofUser: true }],
        featureAvailability,
      };
    case 'self':
      return { targetEmail: actor.email, targets: [{ organizationId: 'acme', ofUser: true }], featureAvailability };
  }
}

/** What the tables say, written out rule by rule. */
function expected(operation: Operation, role: Role, target: Target, available: boolean): string {
  const requirement: OperationRequirement = OPERATIONS[operation];
  if (requirement.access !== 'permission') return 'allowed';
  const system = SYSTEM_ROLES.includes(role);
  const self = requirement.self === true && target === 'self';
  const member = requirement.member === true && ['ownOrganization', 'colleague', 'self'].includes(target);
  const held = (requirement.any ?? []).some((permission) => ROLE_PERMISSIONS[role].includes(permission));
  if (!held && !self && !member) return 'forbidden';
  if (requirement.scope === 'systemRole' && !system) return 'forbidden';
  if (requirement.scope === 'ownOrg' && !system && !self) {
    if (target === 'otherTenantUser') return 'notFound';
    if (target === 'otherOrganization') return 'forbidden';
  }
  const needsFeature = (requirement.feature && target !== 'none') || (self && requirement.selfFeature);
  if (needsFeature && !available) return 'featureUnavailable';
  return 'allowed';
}

const outcome = (decision: AccessDecision) => (decision.allowed ? 'allowed' : decision.kind);

describe('decideAccess against the tables', () => {
  const rows = OPERATION_NAMES.flatMap((operation) =>
    ROLES.flatMap((role) =>
      TARGETS.flatMap((target) => [true, false].map((available) => ({ operation, role, target, available }))),
    ),
  );

  it.each(OPERATION_NAMES)('%s: every role, target and feature state', (operation) => {
    for (const row of rows.filter((r) => r.operation === operation)) {
      const actor = actorOf(row.role);
      const decision = decideAccess(operation, actor, factsOf(actor, row.target, row.available));
      expect(outcome(decision), `${row.role} → ${row.target} (feature ${row.available})`).toBe(
        expected(operation, row.role, row.target, row.available),
      );
    }
  });

  it('meets every kind of answer somewhere, so no branch goes untested', () => {
    const kinds = new Set(rows.map((r) => expected(r.operation, r.role, r.target, r.available)));
    expect([...kinds].sort()).toEqual(['allowed', 'featureUnavailable', 'forbidden', 'notFound']);
  });

  it('answers each refusal with the words of MESSAGES', () => {
    const orgUser = actorOf('orgUser');
    const all = (target: Target, available = true) => factsOf(orgUser, target, available);
    expect(decideAccess('createOrganization', orgUser, all('none'))).toEqual({
      allowed: false,
      kind: 'forbidden',
      message: MESSAGES.permissionDenied,
    });
    expect(decideAccess('providerLinks', orgUser, all('ownOrganization', false))).toEqual({
      allowed: false,
      kind: 'featureUnavailable',
      message: MESSAGES.featureUnavailable,
      feature: 'feature:managed-providers',
    });
    const orgAdmin = actorOf('orgAdmin');
    expect(decideAccess('updateUser', orgAdmin, factsOf(orgAdmin, 'otherTenantUser', true))).toEqual({
      allowed: false,
      kind: 'notFound',
      message: MESSAGES.userNotFound,
    });
  });
});

describe('callers', () => {
  const facts: CompleteAccessFacts = { targets: [], featureAvailability: () => true };

  it('lets anyone do public operations; refuses anything else to anonymous callers', () => {
    const publicOperations = OPERATION_NAMES.filter((operation) => OPERATIONS[operation].access === 'public');
    expect(publicOperations.length).toBeGreaterThan(0);
    for (const operation of OPERATION_NAMES) {
      const decision = decideAccess(operation, null, facts);
      if (publicOperations.includes(operation)) expect(decision).toEqual({ allowed: true });
      else expect(decision).toEqual({ allowed: false, kind: 'unauthenticated', message: MESSAGES.signInRequired });
    }
  });

  it('answers signed-in operations USER_MISSING to a user the platform does not know', () => {
    const ghost: Actor = { role: 'orgUser', organizationId: '', email: 'ghost@acme.test', missingRecord: true };
    const signedIn = OPERATION_NAMES.filter((operation) => OPERATIONS[operation].access === 'signedIn');
    expect(signedIn.length).toBeGreaterThan(0);
    for (const operation of signedIn)
      expect(decideAccess(operation, ghost, facts)).toEqual({
        allowed: false,
        kind: 'userMissing',
        message: MESSAGES.userMissing,
      });
    expect(decideAccess('viewer', actorOf('orgUser'), facts)).toEqual({ allowed: true });
  });

  it("matches one's own record whatever the email's case; an internal tool has no own record", () => {
    const orgUser = actorOf('orgUser');
    const own = {
      targetEmail: 'ORGUSER@acme.test',
      targets: [{ organizationId: 'acme' }],
      featureAvailability: () => true,
    };
    expect(decideAccess('user', orgUser, own)).toEqual({ allowed: true });
    const tool: Actor = { role: 'orgUser', organizationId: 'acme' };
    expect(decideAccess('user', tool, { ...own, targetEmail: 'acme-tool' }).allowed).toBe(false);
  });

  it('refuses an organization the actor cannot see (null) as forbidden, never as missing', () => {
    const orgAdmin = actorOf('orgAdmin');
    const unseen: CompleteAccessFacts = {
      targetEmail: 'kim@globex.test',
      targets: [{ organizationId: null, ofUser: true }],
      featureAvailability: () => true,
    };
    expect(outcome(decideAccess('user', orgAdmin, unseen))).toBe('forbidden');
    expect(outcome(decideAccess('user', actorOf('systemViewer'), unseen))).toBe('allowed');
  });

  it('leaves a feature of unknown availability to whoever can tell', () => {
    const orgUser = actorOf('orgUser');
    const unknown = { targets: [{ organizationId: 'acme' }], featureAvailability: () => 'unknown' as const };
    expect(decideAccess('providerLinks', orgUser, unknown)).toEqual({ allowed: true });
  });

  it("needs one's own organization's data-access management for one's own credentials only", () => {
    const orgUser = actorOf('orgUser');
    const asked: [FeatureKey, string][] = [];
    const featureAvailability = (feature: FeatureKey, organizationId: string) => {
      asked.push([feature, organizationId]);
      return false;
    };
    const self = { targetEmail: orgUser.email, targets: [{ organizationId: 'acme' }], featureAvailability };
    expect(outcome(decideAccess('createUserCredential', orgUser, self))).toBe('featureUnavailable');
    expect(asked).toEqual([[OWN_CREDENTIAL_FEATURE, 'acme']]);
    const orgAdmin = actorOf('orgAdmin');
    const colleague = { ...self, targetEmail: 'pat@acme.test' };
    expect(outcome(decideAccess('createUserCredential', orgAdmin, colleague))).toBe('allowed');
  });
});

describe('facts gathered lazily', () => {
  /** Asks decideAccess until it answers, supplying each fact it names; returns the facts it asked for. */
  function askedFor(operation: Operation, actor: Actor, given: AccessFacts, available: boolean) {
    const asked: string[] = [];
    const availability = new Map<string, FeatureAvailability>();
    let facts: AccessFacts = {
      ...given,
      featureAvailability: (feature, organizationId) => availability.get(`${feature}@${organizationId}`),
    };
    for (;;) {
      const decision = decideAccess(operation, actor, facts);
      if (decision.allowed !== undefined) return { asked, decision };
      if (decision.needs === 'targets') {
        asked.push('targets');
        facts = { ...facts, targets: [{ organizationId: 'acme' }] };
      } else {
        asked.push(`${decision.feature}@${decision.organizationId}`);
        availability.set(`${decision.feature}@${decision.organizationId}`, available);
      }
    }
  }

  it('asks for the targets only when a rule reads them', () => {
    // A system role reaches every organization: no targets needed without a feature or member rule.
    expect(askedFor('createUser', actorOf('systemAdmin'), {}, true).asked).toEqual([]);
    // Refused by permission before any target matters.
    expect(askedFor('createUser', actorOf('orgUser'), {}, true).asked).toEqual([]);
    expect(askedFor('createUser', actorOf('orgAdmin'), {}, true).asked).toEqual(['targets']);
    // One's own record skips the tenant scope.
    const orgUser = actorOf('orgUser');
    expect(askedFor('user', orgUser, { targetEmail: orgUser.email }, true).asked).toEqual([]);
    // A member rule reads them before the permission.
    expect(askedFor('features', orgUser, {}, true).asked).toEqual(['targets']);
  });

  it('asks for a feature after the permission and scope, once per organization', () => {
    expect(askedFor('providerLinks', actorOf('orgUser'), {}, false)).toEqual({
      asked: ['targets', 'feature:managed-providers@acme'],
      decision: expect.objectContaining({ kind: 'featureUnavailable' }),
    });
    expect(askedFor('upsertProviderLinks', actorOf('orgUser'), {}, true).asked).toEqual([]);
  });
});

describe('operationOfCall', () => {
  it("guards users without an organization by the table's searchAllUsers", () => {
    expect(operationOfCall('Query', 'users', {})).toBe('searchAllUsers');
    expect(operationOfCall('Query', 'users', { organizationId: null })).toBe('searchAllUsers');
    expect(operationOfCall('Query', 'users', { organizationId: 'acme' })).toBe('users');
    expect(operationOfCall('Organization', 'users', {})).toBe('users');
    expect(operationOfCall('Query', 'user', {})).toBe('user');
  });

  it('guards a connection save that names the Org Admins’ emergency access as operators only (issue 39)', () => {
    const save = (input: Record<string, unknown>) => operationOfCall('Mutation', 'setOrganizationSso', { input });
    expect(save({ protocol: 'OIDC', ssoOnly: true })).toBe('setOrganizationSso');
    expect(save({ protocol: 'OIDC', adminEmergencyAccess: null })).toBe('setOrganizationSso');
    expect(save({ protocol: 'OIDC', adminEmergencyAccess: false })).toBe('setSsoAdminEmergencyAccess');
    expect(save({ protocol: 'OIDC', adminEmergencyAccess: true })).toBe('setSsoAdminEmergencyAccess');
    const own = { targets: [{ organizationId: 'acme' }], featureAvailability: () => true as const };
    // An Org Admin connects their own organization, but may not take their admins' emergency way in away.
    expect(decideAccess('setOrganizationSso', actorOf('orgAdmin'), own).allowed).toBe(true);
    expect(decideAccess('setSsoAdminEmergencyAccess', actorOf('orgAdmin'), own)).toMatchObject({
      allowed: false,
      kind: 'forbidden',
    });
    expect(decideAccess('setSsoAdminEmergencyAccess', actorOf('systemAdmin'), own).allowed).toBe(true);
    expect(decideAccess('setSsoAdminEmergencyAccess', actorOf('systemViewer'), own).allowed).toBe(false);
  });
});

describe('reachesOrganization', () => {
  it('keeps organization roles to their own organization', () => {
    for (const role of ROLES) {
      expect(reachesOrganization({ role, organizationId: 'acme' }, 'acme')).toBe(true);
      expect(reachesOrganization({ role, organizationId: 'acme' }, 'globex')).toBe(SYSTEM_ROLES.includes(role));
    }
  });
});
