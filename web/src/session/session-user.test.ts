import { ROLE_PERMISSIONS } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { mayDo } from './access.js';
import { buildSessionUser, recordOverride, type ViewerData } from './session-user.js';

const viewer = (overrides: Partial<ViewerData> = {}): ViewerData => ({
  __typename: 'Viewer',
  email: 'OrgAdmin@Acme.test',
  name: 'Olive Admin',
  role: 'ORG_ADMIN',
  permissions: [...ROLE_PERMISSIONS.orgAdmin],
  organizationId: 'acme',
  organizationName: 'Acme Health',
  biPortalUrl: 'https://bi.example/acme',
  isPasswordExpiring: true,
  daysLeftForPasswordExpiry: 3,
  passwordExpiresAt: '2026-11-24T10:00:00Z',
  directDataAccessEnabled: true,
  dataAccessInfo: [
    { __typename: 'DataAccessEntry', id: 'cred-1', active: true, generatedAt: '2026-09-01T00:00:00Z', daysToExpire: 2 },
  ],
  tableauLicense: 'EXPLORER',
  features: [
    { __typename: 'Feature', key: 'feature:data-access-management', isAvailable: true },
    { __typename: 'Feature', key: 'feature:managed-providers', isAvailable: false },
  ],
  isClient: false,
  mayRunOwnDocuments: true,
  ...overrides,
});

describe('the session user', () => {
  it('is built from the viewer and the token expiry', () => {
    const user = buildSessionUser(viewer(), 1_700_000_000_000);
    expect(user).toEqual({
      email: 'orgadmin@acme.test',
      name: 'Olive Admin',
      role: 'orgAdmin',
      organizationId: 'acme',
      organizationName: 'Acme Health',
      permissions: [...ROLE_PERMISSIONS.orgAdmin],
      isPasswordExpiring: true,
      daysLeftForPasswordExpiry: 3,
      passwordExpiresAt: '2026-11-24T10:00:00Z',
      directDataAccessEnabled: true,
      dataAccessInfo: [{ id: 'cred-1', active: true, generatedAt: '2026-09-01T00:00:00Z', daysToExpire: 2 }],
      features: { 'feature:data-access-management': true, 'feature:managed-providers': false },
      tableauLicense: 'explorer',
      biPortalUrl: 'https://bi.example/acme',
      isClient: false,
      mayRunOwnDocuments: true,
      expiresAt: 1_700_000_000_000,
    });
  });

  it('defaults an unknown role to Org User, and ignores unknown features and permissions', () => {
    const user = buildSessionUser(
      viewer({
        role: 'SOMETHING_ELSE' as ViewerData['role'],
        permissions: ['catalog:read', 'made:up'],
        features: [{ __typename: 'Feature', key: 'feature:unknown', isAvailable: true }],
        tableauLicense: null,
      }),
      0,
    );
    expect(user.role).toBe('orgUser');
    expect(user.permissions).toEqual(['catalog:read']);
    expect(user.features).toEqual({ 'feature:data-access-management': false, 'feature:managed-providers': false });
    expect(user.tableauLicense).toBeNull();
  });

  it("takes a cached user list entry's name and role when they differ, with that role's permissions", () => {
    const override = recordOverride(viewer(), { name: 'Olive A. Admin', role: 'ORG_USER' });
    expect(override).toEqual({ name: 'Olive A. Admin', role: 'orgUser' });
    const user = buildSessionUser(viewer(), 0, override);
    expect(user.name).toBe('Olive A. Admin');
    expect(user.role).toBe('orgUser');
    expect(user.permissions).toEqual([...ROLE_PERMISSIONS.orgUser]);
    expect(recordOverride(viewer(), { name: 'Olive Admin', role: 'ORG_ADMIN' })).toBeNull();
    expect(recordOverride(viewer(), null)).toBeNull();
  });

  it('answers permission and feature questions, nobody holding anything', () => {
    const user = buildSessionUser(viewer(), 0);
    expect(mayDo(user, 'createUser')).toBe(true);
    expect(mayDo(user, 'createOrganization')).toBe(false);
    expect(mayDo(null, 'catalogProducts')).toBe(false);
    expect(user.features['feature:data-access-management']).toBe(true);
    expect(user.features['feature:managed-providers']).toBe(false);
  });
});
