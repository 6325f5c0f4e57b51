import { emailParam, isoDateTime, listOf, organizationIdParam } from './common.js';

const credentialId = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const userCredentialParams = {
  type: 'object',
  properties: { email: emailParam.properties.email, credentialId },
  required: ['email', 'credentialId'],
} as const;

export const organizationCredentialParams = {
  type: 'object',
  properties: { id: organizationIdParam.properties.id, credentialId },
  required: ['id', 'credentialId'],
} as const;

const credentialProperties = {
  id: { type: 'string' },
  organizationId: { type: 'string' },
  userEmail: { type: ['string', 'null'], description: 'The user it belongs to; null for an organization’s own.' },
  credential_enabled: { type: 'boolean' },
  generated_timestamp: isoDateTime,
  days_to_expire: { type: 'integer', description: 'Days until it expires; 0 or less: expired.' },
  createdBy: { type: 'string', description: 'Who created it (a user’s email or a client id).' },
} as const;

const credentialRequired = [
  'id',
  'organizationId',
  'userEmail',
  'credential_enabled',
  'generated_timestamp',
  'days_to_expire',
  'createdBy',
] as const;

const credentialExample = {
  id: 'cred_0a1b2c3d4e5f6a7b8c9d0e1f',
  organizationId: 'acme',
  userEmail: 'user@acme.test',
  credential_enabled: true,
  generated_timestamp: '2026-11-24T10:00:00.000Z',
  days_to_expire: 90,
  createdBy: 'orgadmin@acme.test',
};

/** A data-access credential as answered: never its secret (only its hash is stored). */
export const credentialBody = {
  type: 'object',
  additionalProperties: false,
  properties: credentialProperties,
  required: credentialRequired,
  examples: [credentialExample],
} as const;

/** The answer of a create: the one time the secret is shown. */
export const createdCredentialBody = {
  description: 'Created; the secret is shown this once and never again',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...credentialProperties,
    secret: { type: 'string', description: 'The credential’s secret; store it now, it cannot be read again.' },
  },
  required: [...credentialRequired, 'secret'],
  examples: [{ ...credentialExample, secret: 'q5Xv…' }],
} as const;

export const credentialListBody = listOf(credentialBody, 'A page of the organization’s own credentials');

/** A credential is only ever disabled: a new one replaces it. */
export const credentialDisable = {
  type: 'object',
  additionalProperties: false,
  required: ['credential_enabled'],
  properties: {
    credential_enabled: { type: 'boolean', description: 'Only false: a credential is disabled, never re-enabled.' },
  },
  examples: [{ credential_enabled: false }],
} as const;
