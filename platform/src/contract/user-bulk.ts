import { BULK_OUTCOMES, BULK_USERS_LIMIT } from '@meridian/schema';
import type { FromSchema } from 'json-schema-to-ts';

/**
 * POST /user/bulk/active: which users (emails, or every user the list's search matches, resolved
 * here so the console never sends thousands of emails) and the state to set.
 */
export const setUsersActiveBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    active: { type: 'boolean', description: 'true activates, false deactivates.' },
    emails: {
      type: 'array',
      items: { type: 'string', minLength: 3, maxLength: 254 },
      minItems: 1,
      maxItems: BULK_USERS_LIMIT,
      description: 'The selected users. Give emails or allMatching, not both.',
    },
    allMatching: {
      type: 'object',
      additionalProperties: false,
      description: 'Every user of the organization the users list shows with this search.',
      properties: {
        search: { type: 'string', maxLength: 200, description: 'As GET /user’s search; absent: every user.' },
      },
    },
  },
  required: ['active'],
  examples: [
    { active: false, emails: ['ann@acme.test', 'bob@acme.test'] },
    { active: true, allMatching: { search: 'contractor' } },
  ],
} as const;
export type SetUsersActiveBody = FromSchema<typeof setUsersActiveBody>;

const bulkUserResult = {
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string' },
    outcome: { type: 'string', enum: [...BULK_OUTCOMES] },
    reason: { type: ['string', 'null'], description: 'Why a refused row was refused; null otherwise.' },
  },
  required: ['email', 'outcome', 'reason'],
} as const;

export const setUsersActiveResult = {
  description: 'Each selected user’s outcome, in the order selected (all matching: by email)',
  type: 'object',
  additionalProperties: false,
  properties: {
    changed: { type: 'integer' },
    unchanged: { type: 'integer' },
    refused: { type: 'integer' },
    results: { type: 'array', items: bulkUserResult },
  },
  required: ['changed', 'unchanged', 'refused', 'results'],
  examples: [
    {
      changed: 1,
      unchanged: 0,
      refused: 1,
      results: [
        { email: 'ann@acme.test', outcome: 'changed', reason: null },
        { email: 'orgadmin@acme.test', outcome: 'refused', reason: 'You cannot deactivate yourself.' },
      ],
    },
  ],
} as const;
export type SetUsersActiveResult = FromSchema<typeof setUsersActiveResult>;
export type BulkUserResult = FromSchema<typeof bulkUserResult>;
