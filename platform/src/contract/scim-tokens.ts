import { isoDateTime } from './common.js';

/** An organization's SCIM token as answered: never the token itself, only its last characters. */
export const scimTokenBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    hint: { type: 'string', description: 'The token’s last four characters.' },
    createdAt: isoDateTime,
    createdBy: { type: 'string' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    revokedAt: { type: ['string', 'null'], format: 'date-time', description: 'Null while it works.' },
  },
  required: ['id', 'label', 'hint', 'createdAt', 'createdBy', 'lastUsedAt', 'revokedAt'],
} as const;

export const scimTokenListBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: scimTokenBody },
    baseUrl: { type: 'string', description: 'The SCIM 2.0 base URL the organization’s directory calls.' },
  },
  required: ['data', 'baseUrl'],
} as const;

/** A token created or rotated: the only answer that ever holds it. */
export const scimTokenSecretBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    scimToken: scimTokenBody,
    token: { type: 'string', description: 'The bearer token, shown once; only its hash is kept.' },
    baseUrl: { type: 'string' },
  },
  required: ['scimToken', 'token', 'baseUrl'],
} as const;

export const scimTokenCreateBody = {
  type: 'object',
  additionalProperties: false,
  properties: { label: { type: 'string', maxLength: 200, description: 'What the token is for (1–100 characters).' } },
  required: ['label'],
  examples: [{ label: 'Entra ID provisioning' }],
} as const;

export const scimTokenParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    tokenId: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['id', 'tokenId'],
} as const;
