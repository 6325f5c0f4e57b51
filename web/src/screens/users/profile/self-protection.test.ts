import { LAST_ORG_ADMIN_MESSAGE, OWN_ROLE_MESSAGE, SELF_DEACTIVATE_MESSAGE } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { activeControlRefusal, activeOrgAdminsOf, needsOrgAdminCount, roleControlRefusal } from './self-protection.js';

const orgAdmin = { email: 'boss@acme.test', role: 'orgAdmin' as const };
const systemAdmin = { email: 'admin@meridian.test', role: 'systemAdmin' as const };
const otherAdmin = { email: 'second@acme.test', role: 'orgAdmin' as const, active: true };
const orgUser = { email: 'pat@acme.test', role: 'orgUser' as const, active: true };

describe('counting active Org Admins from a role-sorted first page', () => {
  it('is exact once the page reaches past the Org Admins or holds everyone', () => {
    const rows = [
      { role: 'orgAdmin' as const, active: true },
      { role: 'orgAdmin' as const, active: false },
      { role: 'orgUser' as const, active: true },
    ];
    expect(activeOrgAdminsOf(rows, 500)).toBe(1);
    expect(activeOrgAdminsOf(rows.slice(0, 2), 2)).toBe(1);
  });

  it('is a lower bound of two or more, and unknown when a full page of Org Admins has fewer active', () => {
    const admins = (active: boolean[]) => active.map((a) => ({ role: 'orgAdmin' as const, active: a }));
    expect(activeOrgAdminsOf(admins([true, true, false]), 900)).toBe(2);
    expect(activeOrgAdminsOf(admins([true, false, false]), 900)).toBeNull();
  });
});

describe('the role control', () => {
  it('is disabled for one’s own role, whoever one is', () => {
    expect(roleControlRefusal(orgAdmin, { ...orgAdmin, active: true }, 3, 'Meridian')).toBe(OWN_ROLE_MESSAGE);
    expect(roleControlRefusal(systemAdmin, { ...systemAdmin, active: true }, null, 'Meridian')).toBe(OWN_ROLE_MESSAGE);
  });

  it('is disabled for the last active Org Admin, and enabled while another is active or the count is unknown', () => {
    expect(roleControlRefusal(systemAdmin, otherAdmin, 1, 'Meridian')).toBe(LAST_ORG_ADMIN_MESSAGE);
    expect(roleControlRefusal(orgAdmin, otherAdmin, 2, 'Meridian')).toBeNull();
    expect(roleControlRefusal(orgAdmin, otherAdmin, null, 'Meridian')).toBeNull();
    expect(roleControlRefusal(orgAdmin, orgUser, 1, 'Meridian')).toBeNull();
  });

  it('is disabled for a role above the actor’s grant, named with the product', () => {
    const target = { email: 'ops@meridian.test', role: 'systemAdmin' as const, active: true };
    expect(roleControlRefusal(orgAdmin, target, null, 'Meridian')).toBe(
      'You cannot change the role of a Meridian Admin.',
    );
  });
});

describe('the activate and deactivate control', () => {
  it('refuses deactivating oneself and the last active Org Admin, never activating an inactive user', () => {
    expect(activeControlRefusal(orgAdmin, { ...orgAdmin, active: true }, 5, 'Meridian')).toBe(SELF_DEACTIVATE_MESSAGE);
    expect(activeControlRefusal(systemAdmin, otherAdmin, 1, 'Meridian')).toBe(LAST_ORG_ADMIN_MESSAGE);
    expect(activeControlRefusal(systemAdmin, otherAdmin, 2, 'Meridian')).toBeNull();
    expect(activeControlRefusal(orgAdmin, { ...orgUser, active: false }, 1, 'Meridian')).toBeNull();
  });

  it('refuses a user above the actor’s grant either way', () => {
    const viewer = { email: 'v@meridian.test', role: 'systemViewer' as const };
    expect(activeControlRefusal(orgAdmin, { ...viewer, active: true }, null, 'Meridian')).toBe(
      'You cannot deactivate a Meridian Viewer.',
    );
    expect(activeControlRefusal(orgAdmin, { ...viewer, active: false }, null, 'Meridian')).toBe(
      'You cannot activate a Meridian Viewer.',
    );
  });

  it('asks for the count only for an active Org Admin someone else edits', () => {
    expect(needsOrgAdminCount(systemAdmin, otherAdmin)).toBe(true);
    expect(needsOrgAdminCount(orgAdmin, { ...orgAdmin, active: true })).toBe(false);
    expect(needsOrgAdminCount(systemAdmin, orgUser)).toBe(false);
    expect(needsOrgAdminCount(systemAdmin, { ...otherAdmin, active: false })).toBe(false);
  });
});
