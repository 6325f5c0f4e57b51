import { describe, expect, it, vi } from 'vitest';
import { PERMISSION_CHECK_FAILED, ROLE_PERMISSIONS, checkPermission, hasPermission } from './permissions.js';
import { OPERATIONS, type OperationRequirement } from './operations.js';
import { grantableRoles, roleFromEnum, roleLabel, roleToEnum, ROLES } from './roles.js';

describe('checkPermission (spec section 6)', () => {
  it('passes when nothing is required', () => {
    expect(checkPermission('orgUser', undefined, {})).toBe(true);
    expect(checkPermission('orgUser', { any: [] }, {})).toBe(true);
  });
  it('passes when any required permission is held, fails otherwise', () => {
    expect(checkPermission('orgAdmin', { any: ['organizations:read', 'users:read'] }, {})).toBe(true);
    expect(checkPermission('orgUser', { any: ['organizations:read', 'users:read'] }, {})).toBe(false);
  });
  it('passes when the rule returns true', () => {
    expect(checkPermission('orgUser', { any: ['users:read'], rule: () => true }, {})).toBe(true);
    expect(checkPermission('orgUser', { any: ['users:read'], rule: () => false }, {})).toBe(false);
  });
  it('denies and logs when the rule throws', () => {
    const log = vi.fn();
    const rule = () => {
      throw new Error('boom');
    };
    expect(checkPermission('orgUser', { any: ['users:read'], rule }, {}, log)).toBe(false);
    expect(log).toHaveBeenCalledWith(PERMISSION_CHECK_FAILED, expect.any(Error));
  });
});

describe('the role table', () => {
  it('gives system admins every permission the viewer has', () => {
    for (const permission of ROLE_PERMISSIONS.systemViewer) expect(hasPermission('systemAdmin', permission)).toBe(true);
  });
  // Spec section 6, copied word for word (not derived from the table), so a typo in the table fails here.
  it('gives each role exactly the permissions spec section 6 lists, in its order', () => {
    const spec = {
      systemAdmin:
        'admin:read, analytics:read, organizations:read, organizations:create, organization:read, organization:update, users:read, users:create, configurations:read, configurations:write, catalog:read, catalog-version:read, user:read-profile, user:update-profile, user:read-password-section, user:read-password-reset-meta, user:initiate-password-reset',
      systemViewer:
        'admin:read, analytics:read, organizations:read, organization:read, users:read, configurations:read, catalog:read, catalog-version:read, user:read-profile, user:read-password-section, user:read-password-reset-meta',
      orgAdmin:
        'admin:read, organization:read, users:read, users:create, catalog:read, catalog-version:read, configurations:read, configurations:write, user:read-profile, user:update-profile, user:read-password-section, user:read-password-reset-meta, user:initiate-password-reset',
      orgUser: 'configurations:read, catalog:read, catalog-version:read, user:read-profile',
    };
    for (const [role, list] of Object.entries(spec)) {
      expect(ROLE_PERMISSIONS[role as keyof typeof spec], role).toEqual(list.split(', '));
    }
  });
  it('keeps org users to the four permissions of the spec', () => {
    expect([...ROLE_PERMISSIONS.orgUser].sort()).toEqual(
      ['catalog-version:read', 'catalog:read', 'configurations:read', 'user:read-profile'].sort(),
    );
  });
  it('names only known permissions in the operation table', () => {
    const known = new Set(Object.values(ROLE_PERMISSIONS).flat());
    const requirements: OperationRequirement[] = Object.values(OPERATIONS);
    for (const requirement of requirements) {
      for (const permission of requirement.any ?? []) expect(known.has(permission)).toBe(true);
    }
  });
});

describe('roles', () => {
  it('round-trips GraphQL enum names', () => {
    for (const role of ROLES) expect(roleFromEnum(roleToEnum(role))).toBe(role);
    expect(roleToEnum('systemAdmin')).toBe('SYSTEM_ADMIN');
  });
  it('labels with the product name', () => {
    expect(roleLabel('systemViewer', 'Meridian')).toBe('Meridian Viewer');
  });
  it('lets an org admin grant only org roles', () => {
    expect(grantableRoles('orgAdmin')).toEqual(['orgAdmin', 'orgUser']);
    expect(grantableRoles('orgUser')).toEqual([]);
  });
});
