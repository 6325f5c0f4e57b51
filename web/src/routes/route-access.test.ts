import type { Role } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { canAccessRoute, type AccessUser, type RouteId } from './route-access.js';

const userOf = (role: Role, managedProviders = true): AccessUser => ({
  email: `${role.toLowerCase()}@acme.test`,
  role,
  organizationId: 'acme',
  features: { 'feature:managed-providers': managedProviders, 'feature:data-access-management': true },
});

/** Which role reaches which route of its own organization, per spec sections 2 and 6. */
const EXPECTED: Record<RouteId, Role[]> = {
  home: ['systemAdmin', 'systemViewer', 'orgAdmin', 'orgUser'],
  sandbox: ['systemAdmin', 'systemViewer', 'orgAdmin', 'orgUser'],
  managedProviders: ['systemAdmin', 'systemViewer', 'orgAdmin', 'orgUser'],
  managedProvidersEdit: ['systemAdmin', 'orgAdmin'],
  organizations: ['systemAdmin', 'systemViewer'],
  createOrganization: ['systemAdmin'],
  organizationUpdate: ['systemAdmin', 'systemViewer', 'orgAdmin'],
  organizationUsers: ['systemAdmin', 'systemViewer', 'orgAdmin'],
  createUser: ['systemAdmin', 'orgAdmin'],
  userProfile: ['systemAdmin', 'systemViewer', 'orgAdmin'],
  analytics: ['systemAdmin', 'systemViewer'],
  activity: ['systemAdmin', 'systemViewer', 'orgAdmin'],
};

const ROLES: Role[] = ['systemAdmin', 'systemViewer', 'orgAdmin', 'orgUser'];

describe('route access by role (spec section 2 table, section 6 permissions)', () => {
  for (const [routeId, allowed] of Object.entries(EXPECTED) as [RouteId, Role[]][]) {
    it(`${routeId}: ${allowed.join(', ')}`, () => {
      const reached = ROLES.filter((role) =>
        canAccessRoute(userOf(role), routeId, { orgId: 'acme', email: 'someone.else@acme.test' }),
      );
      expect(reached).toEqual(allowed);
    });
  }

  it('lets every role reach their own profile pages, even without admin:read', () => {
    for (const role of ROLES) {
      const user = userOf(role);
      expect(canAccessRoute(user, 'userProfile', { orgId: 'acme', email: user.email.toUpperCase() })).toBe(true);
    }
    const orgUser = userOf('orgUser');
    expect(canAccessRoute(orgUser, 'userProfile', { orgId: 'acme', email: 'orgadmin@acme.test' })).toBe(false);
  });

  it('keeps organization roles to their own organization; system roles reach every one', () => {
    expect(canAccessRoute(userOf('orgAdmin'), 'organizationUsers', { orgId: 'globex' })).toBe(false);
    expect(canAccessRoute(userOf('orgAdmin'), 'userProfile', { orgId: 'globex', email: 'orgadmin@acme.test' })).toBe(
      false,
    );
    expect(canAccessRoute(userOf('orgUser'), 'managedProviders', { orgId: 'globex' })).toBe(false);
    expect(canAccessRoute(userOf('systemViewer'), 'organizationUsers', { orgId: 'globex' })).toBe(true);
  });

  it('needs the managed providers feature on every managed providers page', () => {
    expect(canAccessRoute(userOf('orgAdmin', false), 'managedProviders', { orgId: 'acme' })).toBe(false);
    expect(canAccessRoute(userOf('systemAdmin', false), 'managedProvidersEdit', { orgId: 'acme' })).toBe(false);
  });
});
