import { CREDENTIAL_LIFETIME_DAYS, CREDENTIAL_MIN_LIFETIME_DAYS, CREDENTIAL_NAME_MAX_LENGTH } from '@meridian/schema';
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
  name: { type: ['string', 'null'], description: 'What uses it, as its creator named it; null if unnamed.' },
  credential_enabled: { type: 'boolean' },
  generated_timestamp: isoDateTime,
  lifetime_days: { type: 'integer', description: 'Days from generation to expiry, chosen at creation.' },
  expires_timestamp: { ...isoDateTime, description: 'When it expires.' },
  days_to_expire: { type: 'integer', description: 'Days until it expires; 0 or less: expired.' },
  createdBy: { type: 'string', description: 'Who created it (a user’s email or a client id).' },
} as const;

const credentialRequired = [
  'id',
  'organizationId',
  'userEmail',
  'name',
  'credential_enabled',
  'generated_timestamp',
  'lifetime_days',
  'expires_timestamp',
  'days_to_expire',
  'createdBy',
] as const;

const credentialExample = {
  id: 'cred_0a1b2c3d4e5f6a7b8c9d0e1f',
  organizationId: 'acme',
  userEmail: 'user@acme.test',
  name: 'Nightly claims export',
  credential_enabled: true,
  generated_timestamp: '2026-11-24T10:00:00.000Z',
  lifetime_days: 90,
  expires_timestamp: '2027-02-22T10:00:00.000Z',
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

/** What a create may choose; an empty body (or none) makes an unnamed credential of the longest lifetime. */
export const credentialCreate = {
  // null: Fastify validates a missing body as null, and the spec's create has an empty body.
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    name: {
      type: ['string', 'null'],
      maxLength: CREDENTIAL_NAME_MAX_LENGTH,
      description: 'What uses it (a job, a tool), so it can be told apart from the others.',
    },
    lifetime_days: {
      type: 'integer',
      minimum: CREDENTIAL_MIN_LIFETIME_DAYS,
      maximum: CREDENTIAL_LIFETIME_DAYS,
      default: CREDENTIAL_LIFETIME_DAYS,
      description: `Days until it expires, ${CREDENTIAL_MIN_LIFETIME_DAYS} to ${CREDENTIAL_LIFETIME_DAYS}.`,
    },
  },
  examples: [{ name: 'Nightly claims export', lifetime_days: 30 }],
} as const;

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
