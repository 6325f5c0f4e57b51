import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, licensedProducts, resolveFeature } from './features.js';
import {
  ORGANIZATION_STATUSES,
  allowedActions,
  canPerform,
  failedJobOf,
  jobFailureLabel,
  lifecycleRefusal,
  organizationAdmitsPeople,
  personMayWork,
} from './lifecycle.js';
import { stripLicenseUsage } from './licenses.js';
import { deactivationRefusal, roleChangeRefusal } from './self-protection.js';
import { DAY_MS, passwordExpiry } from './time-rules.js';

const managedProviders = DEFAULT_FEATURES.find((f) => f.key === 'feature:managed-providers')!;
const deps = new Map([
  ['managed_providers', ['provider_alias', 'provider_relationship']],
  ['provider_relationship', ['provider_data']],
]);

describe('features', () => {
  it('follows dependencies transitively', () => {
    expect([...licensedProducts({ managed_providers: { enabled: true } }, deps)].sort()).toEqual(
      ['managed_providers', 'provider_alias', 'provider_data', 'provider_relationship'].sort(),
    );
    expect(licensedProducts({ managed_providers: { enabled: false } }, deps).size).toBe(0);
  });
  it('needs both alias and relationship for managed providers', () => {
    const only = resolveFeature(managedProviders, {
      organizationName: 'Acme',
      productName: 'Meridian',
      licensed: new Set(['provider_alias']),
    });
    expect(only).toMatchObject({ isLicensed: false, isAvailable: false });
    const both = resolveFeature(managedProviders, {
      organizationName: 'Acme',
      productName: 'Meridian',
      licensed: new Set(['provider_alias', 'provider_relationship']),
    });
    expect(both).toMatchObject({ isLicensed: true, isAvailable: true });
  });
  it('offers a BETA feature only to the operators organization', () => {
    const beta = { ...managedProviders, stage: 'beta' as const };
    const licensed = new Set(['provider_alias', 'provider_relationship']);
    expect(resolveFeature(beta, { organizationName: 'Acme', productName: 'Meridian', licensed }).isAvailable).toBe(
      false,
    );
    expect(resolveFeature(beta, { organizationName: 'Meridian', productName: 'Meridian', licensed }).isAvailable).toBe(
      true,
    );
  });
});

describe('lifecycle', () => {
  it('walks created → onboarding → deploying → active → offboarding → offboarded → active', () => {
    expect(allowedActions('created', {})).toEqual(['onboard']);
    expect(allowedActions('onboarding', { onboarding: 'in_progress' })).toEqual([]);
    expect(allowedActions('onboarding', { onboarding: 'completed' })).toEqual(['deploy']);
    expect(allowedActions('deploying', { onboarding: 'completed', deployment: 'completed' })).toEqual(['activate']);
    expect(allowedActions('active', {})).toEqual(['offboard', 'switchSegment']);
    expect(allowedActions('offboarded', {})).toEqual(['activate']);
  });
  it('lets a failed job start again', () => {
    expect(canPerform('onboard', 'onboarding', { onboarding: 'failed' })).toBe(true);
    expect(canPerform('deploy', 'deploying', { deployment: 'failed' })).toBe(true);
  });
  it('never offers offboarding the operators’ own organization', () => {
    expect(allowedActions('active', {}, { operatorsOrganization: true })).toEqual(['switchSegment']);
    expect(canPerform('offboard', 'offboarding', { offboarding: 'failed' }, { operatorsOrganization: true })).toBe(
      false,
    );
    expect(allowedActions('active', {}, { operatorsOrganization: false })).toEqual(['offboard', 'switchSegment']);
  });
  it('lets only an active organization’s people work; operators work whatever their organization’s status', () => {
    expect(ORGANIZATION_STATUSES.filter(organizationAdmitsPeople)).toEqual(['active']);
    for (const status of ORGANIZATION_STATUSES) {
      expect(personMayWork('orgAdmin', status), status).toBe(status === 'active');
      expect(personMayWork('orgUser', status), status).toBe(status === 'active');
      expect(personMayWork('systemAdmin', status), status).toBe(true);
      expect(personMayWork('systemViewer', status), status).toBe(true);
    }
    // A role the record does not name is an Org User's.
    expect(personMayWork(null, 'offboarded')).toBe(false);
  });
  it('words a refusal', () => {
    expect(lifecycleRefusal('deploy', 'created')).toBe('Cannot deploy an organization that is created.');
    expect(lifecycleRefusal('switchSegment', 'offboarded')).toBe(
      'Cannot switch the segment of an organization that is offboarded.',
    );
  });
});

describe('licenses', () => {
  it('strips usage keys at every depth and keeps the rest', () => {
    const withUsage = {
      user_limit: 20,
      active_users: 12,
      tableau_user_licenses: { explorer_count: 2, viewer_count: 5, explorer_used: 1, viewer_used: 4 },
      products: { bi: { enabled: true } },
    };
    expect(stripLicenseUsage(withUsage)).toEqual({
      user_limit: 20,
      tableau_user_licenses: { explorer_count: 2, viewer_count: 5 },
      products: { bi: { enabled: true } },
    });
  });
});

describe('self-protection', () => {
  const admin = { email: 'a@acme.test', role: 'orgAdmin' as const, active: true };
  it('refuses changing ones own role and deactivating oneself', () => {
    expect(roleChangeRefusal('a@acme.test', admin, 'orgUser', 2)).toBe('You cannot change your own role.');
    expect(deactivationRefusal('a@acme.test', admin, 2)).toBe('You cannot deactivate yourself.');
  });
  it('keeps the last active org admin', () => {
    expect(roleChangeRefusal('b@acme.test', admin, 'orgUser', 1)).toBe(
      'An organization needs at least one active Org Admin.',
    );
    expect(deactivationRefusal('b@acme.test', admin, 1)).toBe('An organization needs at least one active Org Admin.');
    expect(deactivationRefusal('b@acme.test', admin, 2)).toBeNull();
  });
});

describe('password expiry', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('counts whole days left and flags 14 days before', () => {
    const changed = new Date(now.getTime() - 87 * DAY_MS);
    expect(passwordExpiry(changed, now)).toMatchObject({ daysLeftForPasswordExpiry: 3, isPasswordExpiring: true });
    expect(passwordExpiry(now, now)).toMatchObject({ daysLeftForPasswordExpiry: 90, isPasswordExpiring: false });
    expect(passwordExpiry(new Date(now.getTime() - 91 * DAY_MS), now).daysLeftForPasswordExpiry).toBeLessThanOrEqual(0);
  });
});

describe('a failed job the status waits on', () => {
  it('is named only while the organization waits on that very job', () => {
    expect(failedJobOf('deploying', { onboarding: 'completed', deployment: 'failed' })).toBe('deployment');
    expect(failedJobOf('onboarding', { onboarding: 'failed' })).toBe('onboarding');
    expect(failedJobOf('offboarding', { offboarding: 'failed' })).toBe('offboarding');
    expect(failedJobOf('deploying', { deployment: 'in_progress' })).toBeNull();
    // A job that failed long ago no longer holds an organization that has moved on.
    expect(failedJobOf('active', { deployment: 'failed' })).toBeNull();
    expect(jobFailureLabel('deployment')).toBe('Deployment failed');
  });
});
