import { Intent } from '@blueprintjs/core';
import { MESSAGES } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import {
  credentialCreationRefusal,
  credentialManagementRefusal,
  DATA_ACCESS_UNAVAILABLE_MESSAGE,
  OTHERS_CREDENTIALS_MESSAGE,
} from './credential-access.js';
import { expiryIntent, newestFirst } from './credential-expiry.js';

const actor = (role: 'orgAdmin' | 'orgUser' | 'systemViewer', dataAccessManagement = true) => ({
  email: `${role}@acme.test`,
  role,
  organizationId: 'acme',
  features: { 'feature:data-access-management': dataAccessManagement },
});
const owner = (email: string, directDataAccessEnabled = true, active = true) => ({
  email,
  directDataAccessEnabled,
  active,
});

describe('who manages a user’s credentials', () => {
  it('lets anyone manage their own, with the feature and direct data access', () => {
    expect(credentialManagementRefusal(actor('orgUser'), owner('orgUser@acme.test'))).toBeNull();
    expect(credentialManagementRefusal(actor('orgUser', false), owner('orgUser@acme.test'))).toBe(
      DATA_ACCESS_UNAVAILABLE_MESSAGE,
    );
    expect(credentialManagementRefusal(actor('orgUser'), owner('orgUser@acme.test', false))).toBe(
      MESSAGES.ownDataAccessOff,
    );
  });

  it('sends an Org Admin, who is the administrator, to the switch under General rather than to an administrator', () => {
    const refusal = credentialManagementRefusal(actor('orgAdmin'), owner('orgAdmin@acme.test', false));
    expect(refusal).toBe(MESSAGES.ownDataAccessOffSelfService);
    expect(refusal).toContain('Turn on Direct data access under General on your profile and save');
    expect(refusal).not.toContain('Ask your administrator');
  });

  it('needs user:update-profile for someone else’s', () => {
    expect(credentialManagementRefusal(actor('orgAdmin'), owner('pat@acme.test'))).toBeNull();
    expect(credentialManagementRefusal(actor('systemViewer'), owner('pat@acme.test'))).toBe(OTHERS_CREDENTIALS_MESSAGE);
  });

  it('creates only for an owner with direct data access who is active, saying which is missing', () => {
    expect(credentialCreationRefusal(actor('orgAdmin'), owner('pat@acme.test', false))).toBe(
      'Direct data access is not enabled for pat@acme.test. Turn on Direct data access under General on this profile and save, then create the credential here.',
    );
    expect(credentialCreationRefusal(actor('orgAdmin'), owner('pat@acme.test', true, false))).toBe(
      'pat@acme.test is inactive. Activate the user before creating a credential.',
    );
    expect(credentialCreationRefusal(actor('orgAdmin'), owner('pat@acme.test'))).toBeNull();
  });
});

describe('the expiry countdown', () => {
  it('turns amber from 7 days and red from 3, as the banner does', () => {
    expect(expiryIntent(8)).toBe(Intent.NONE);
    expect(expiryIntent(7)).toBe(Intent.WARNING);
    expect(expiryIntent(3)).toBe(Intent.DANGER);
    expect(expiryIntent(-1)).toBe(Intent.DANGER);
  });

  it('lists the newest first', () => {
    const entries = [
      { id: 'a', active: true, generatedAt: '2026-01-01T00:00:00Z', daysToExpire: 1 },
      { id: 'b', active: true, generatedAt: '2026-03-01T00:00:00Z', daysToExpire: 60 },
    ];
    expect(newestFirst(entries).map((entry) => entry.id)).toEqual(['b', 'a']);
  });
});
