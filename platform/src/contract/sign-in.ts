import { ROLES } from '@meridian/schema';

export const loginRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
  required: ['email', 'password'],
  examples: [{ email: 'user@acme.test', password: 'my-password-1' }],
} as const;

/** The user a right password belongs to. */
export const signedInBody = {
  description: 'Signed in',
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: [...ROLES] },
    organizationId: { type: 'string' },
  },
  required: ['email', 'name', 'role', 'organizationId'],
  examples: [{ email: 'user@acme.test', name: 'Uma Acme', role: 'orgUser', organizationId: 'acme' }],
} as const;

/** Sign-in's own 403: an expired password comes with a link to set a new one. */
export const signInRefusedBody = {
  description: 'Password expired (with resetLink to set a new one) or user deactivated',
  type: 'object',
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    resetLink: {
      type: 'string',
      description: 'Only for an expired password: the console’s page to set a new one, with a one-time token.',
    },
  },
  required: ['message'],
} as const;
