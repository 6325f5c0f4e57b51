import { describe, expect, it } from 'vitest';
import { accessDecision, mayDo, type AccessUser } from './access.js';

const orgAdmin: AccessUser = {
  email: 'olive@acme.test',
  role: 'orgAdmin',
  organizationId: 'acme',
  features: { 'feature:managed-providers': false, 'feature:data-access-management': true },
};

describe('the console asking the one decision', () => {
  it('scopes an organization role to the organization acted on', () => {
    expect(mayDo(orgAdmin, 'createUser', { organizationId: 'acme' })).toBe(true);
    expect(mayDo(orgAdmin, 'createUser', { organizationId: 'globex' })).toBe(false);
    // Another tenant's user is hidden as missing, as the platform answers.
    expect(
      accessDecision(orgAdmin, 'updateUser', { organizationId: 'globex', email: 'kim@globex.test' }),
    ).toMatchObject({ allowed: false, kind: 'notFound' });
  });

  it("judges features by the session's own organization", () => {
    expect(accessDecision(orgAdmin, 'providerLinks', { organizationId: 'acme' })).toMatchObject({
      allowed: false,
      kind: 'featureUnavailable',
    });
    expect(mayDo({ ...orgAdmin, features: { 'feature:managed-providers': true } }, 'providerLinks')).toBe(true);
  });

  it("lets anyone act on their own record where the table says so, whatever the email's case", () => {
    const orgUser: AccessUser = { ...orgAdmin, email: 'pat@acme.test', role: 'orgUser' };
    expect(mayDo(orgUser, 'user', { organizationId: 'acme', email: 'PAT@acme.test' })).toBe(true);
    expect(mayDo(orgUser, 'user', { organizationId: 'acme', email: 'olive@acme.test' })).toBe(false);
  });
});
