import { isoDateTime, messageBody } from './common.js';

const password = { type: 'string', maxLength: 200 } as const;

export const passwordResetRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string', maxLength: 254 } },
  examples: [{ email: 'user@acme.test' }],
} as const;

export const passwordCreate = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password'],
  properties: {
    token: { type: 'string', maxLength: 200, description: 'The one-time token of the emailed link.' },
    password,
  },
  examples: [{ token: 'k3J…', password: 'a-new-password-2' }],
} as const;

/** POST /password/link: the token of an emailed link. */
export const passwordLinkRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: passwordCreate.properties.token },
  examples: [{ token: 'k3J…' }],
} as const;

/** Whose account a usable link sets a password for. */
export const passwordLinkBody = {
  description: 'The link works: the account it sets a password for',
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', description: 'The account’s email (what the sign-in after it fills in).' },
    purpose: {
      type: 'string',
      enum: ['invitation', 'reset'],
      description: 'invitation: the first password of an invited person; reset: a new password.',
    },
    expiresAt: { ...isoDateTime, description: 'Until when the link works.' },
  },
  required: ['email', 'purpose', 'expiresAt'],
  examples: [{ email: 'nina@acme.test', purpose: 'invitation', expiresAt: '2026-12-01T10:00:00.000Z' }],
} as const;

export const passwordChange = {
  type: 'object',
  additionalProperties: false,
  required: ['currentPassword', 'newPassword'],
  properties: { currentPassword: password, newPassword: password },
  examples: [{ currentPassword: 'my-old-password-1', newPassword: 'my-new-password-2' }],
} as const;

/** A link is on its way (202): the message says so, in words the console shows as they are. */
export const linkSentBody = {
  description: 'Accepted; a link is mailed when there is someone to mail it to',
  ...messageBody,
  examples: [{ message: 'A link to set a new password was sent to user@acme.test.' }],
} as const;

/** GET /user/{email}/password-reset: a user's password dates. */
export const passwordResetMetaBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    lastResetRequestedAt: {
      ...isoDateTime,
      type: ['string', 'null'],
      description: 'When a link to set a new password was last issued; null when never.',
    },
    passwordChangedAt: isoDateTime,
    expiresAt: { ...isoDateTime, description: 'When the password expires (90 days after its change).' },
  },
  required: ['lastResetRequestedAt', 'passwordChangedAt', 'expiresAt'],
  examples: [
    {
      lastResetRequestedAt: null,
      passwordChangedAt: '2026-11-24T10:00:00.000Z',
      expiresAt: '2027-02-22T10:00:00.000Z',
    },
  ],
} as const;
