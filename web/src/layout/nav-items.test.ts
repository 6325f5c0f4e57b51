import type { Role } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_PORTAL_URL, externalLinks, navItems } from './nav-items.js';
import { profileMenuLinks } from './profile-menu.js';

const userOf = (role: Role, managedProviders: boolean) => ({
  email: 'someone@acme.test',
  role,
  organizationId: 'acme',
  features: { 'feature:managed-providers': managedProviders },
});

const labels = (role: Role, managedProviders: boolean) => navItems(userOf(role, managedProviders)).map((i) => i.label);

describe('left navigation per role (spec section 2, from the permission table)', () => {
  it('systemAdmin sees every item', () => {
    expect(labels('systemAdmin', true)).toEqual([
      'Home',
      'Managed Providers',
      'Organizations',
      'My Organization',
      'Analytics',
      'Activity',
    ]);
  });

  it('systemViewer sees every item too (read permissions)', () => {
    expect(labels('systemViewer', true)).toEqual([
      'Home',
      'Managed Providers',
      'Organizations',
      'My Organization',
      'Analytics',
      'Activity',
    ]);
  });

  it('orgAdmin sees no Organizations list and no Analytics, and their organization’s Activity', () => {
    expect(labels('orgAdmin', true)).toEqual(['Home', 'Managed Providers', 'My Organization', 'Users', 'Activity']);
    // Users leads to their organization's users list; operators reach it from Organizations instead.
    expect(navItems(userOf('orgAdmin', true)).find((item) => item.id === 'users')?.to).toBe(
      '/admin/org-management/acme',
    );
    expect(labels('systemAdmin', true)).not.toContain('Users');
    expect(labels('orgUser', true)).not.toContain('Users');
  });

  it('orgUser sees Home, and Managed Providers only when the feature is available', () => {
    expect(labels('orgUser', true)).toEqual(['Home', 'Managed Providers']);
    expect(labels('orgUser', false)).toEqual(['Home']);
    expect(labels('systemAdmin', false)).not.toContain('Managed Providers');
  });

  it('points each item at the user’s own organization, with Organizations matched exactly', () => {
    const items = navItems(userOf('systemAdmin', true));
    expect(items.map(({ to, end }) => ({ to, end }))).toEqual([
      { to: '/', end: true },
      { to: '/config/acme/managed-providers', end: false },
      { to: '/admin/org-management', end: true },
      { to: '/admin/org-management/acme/update', end: false },
      { to: '/analytics', end: false },
      { to: '/admin/activity', end: true },
    ]);
  });
});

describe('bottom links', () => {
  it('offer the BI Portal exactly when home would launch it (a license and a URL), then API Sandbox and Support Portal', () => {
    const labels = (user: { tableauLicense: string | null; biPortalUrl: string | null }) =>
      externalLinks(user, {}).map((l) => l.label);
    expect(externalLinks({ tableauLicense: 'viewer', biPortalUrl: null }, {}).map((l) => [l.label, l.href])).toEqual([
      ['API Sandbox', '/sandbox'],
      ['Support Portal', DEFAULT_SUPPORT_PORTAL_URL],
    ]);
    // A portal URL without a license: home's button is disabled ('You do not have a BI Portal license
    // assigned.'), so the navigation does not offer it either.
    expect(labels({ tableauLicense: null, biPortalUrl: 'https://bi.acme.test/' })).toEqual([
      'API Sandbox',
      'Support Portal',
    ]);
    expect(
      externalLinks(
        { tableauLicense: 'explorer', biPortalUrl: 'https://bi.acme.test/' },
        { supportPortalUrl: 'https://help.test/' },
      ).map((l) => [l.label, l.href]),
    ).toEqual([
      ['BI Portal', 'https://bi.acme.test/'],
      ['API Sandbox', '/sandbox'],
      ['Support Portal', 'https://help.test/'],
    ]);
  });
});

describe('profile popover links per role', () => {
  const menu = (role: Role) => profileMenuLinks(userOf(role, true)).map((l) => `${l.label} → ${l.to}`);
  const viewProfile = 'View Profile → /admin/org-management/acme/users/someone%40acme.test/profile/general';

  it('differ by role as spec section 2 says', () => {
    expect(menu('systemAdmin')).toEqual([viewProfile, 'Manage Organizations → /admin/org-management']);
    expect(menu('systemViewer')).toEqual([viewProfile, 'View Organizations → /admin/org-management']);
    expect(menu('orgAdmin')).toEqual([viewProfile, 'My Organization → /admin/org-management/acme/update']);
    expect(menu('orgUser')).toEqual([viewProfile]);
  });
});
