import { byUserTextField } from './shared/user-form.js';

/** A user record as the gateway answers it (GraphQL enum values, the contract's field names). */
export function userRecord(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'User',
    email: 'pat@acme.test',
    name: 'Pat Doe',
    alternateEmail: null,
    // Issue 40 §4: each optional text field (schema's USER_TEXT_FIELDS) holds none, from the list.
    ...byUserTextField(() => null),
    role: 'ORG_USER',
    active: true,
    directDataAccessEnabled: false,
    organizationId: 'acme',
    tableauLicense: null,
    tableauUser: false,
    dataAccessInfo: [],
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
    // Issue 18: the status follows `active` unless a test says INVITED.
    status: overrides.active === false ? 'INACTIVE' : 'ACTIVE',
    invitation: null,
    // Issue 39: how the person came and when they last signed in.
    provenance: 'CONSOLE',
    lastSignInAt: '2026-01-06T09:30:00Z',
    ...overrides,
  };
}
