import { PROVIDER_BATCH_LIMIT, PROVIDER_LINK_KINDS, PROVIDER_LINK_SORT_KEYS } from '@meridian/schema';
import { isoDateTime, listOf, listQueryOf } from './common.js';
import { npiList, npiString, providerDetailsBody } from './providers.js';

const kind = { type: 'string', enum: [...PROVIDER_LINK_KINDS] } as const;

/** Generous, so a too-long alias is answered on its row with the validator's message, not as a 400. */
const linkValue = { type: 'string', maxLength: 2000 } as const;

/** A provider link with the directory's provider it names (the provider's NPI is the link's). */
export const providerLinkBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    npi: { type: 'string' },
    kind,
    value: { type: 'string', description: 'The alias, or the relationship.' },
    updatedAt: isoDateTime,
    updatedBy: { type: 'string', description: 'Who last wrote it: an email or a client id.' },
    provider: providerDetailsBody,
  },
  required: ['npi', 'kind', 'value', 'updatedAt', 'updatedBy', 'provider'],
  examples: [
    {
      npi: '1234567893',
      kind: 'provider_alias',
      value: 'Dr. One',
      updatedAt: '2026-11-24T10:00:00.000Z',
      updatedBy: 'orgadmin@acme.test',
      provider: { name: 'Provider 1', specialty: 'Cardiology', city: 'Springfield', state: 'IL', zip: '62701' },
    },
  ],
} as const;

export const providerLinkListBody = listOf(providerLinkBody, 'A page of the organization’s provider links');

export const providerLinkQuery = {
  type: 'object',
  properties: {
    ...listQueryOf(PROVIDER_LINK_SORT_KEYS),
    kind: { ...kind, description: 'Only links of this kind; both when absent.' },
  },
} as const;

export const providerLinkUpsert = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'links'],
  properties: {
    kind,
    links: {
      type: 'array',
      minItems: 1,
      maxItems: PROVIDER_BATCH_LIMIT,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['npi', 'value'],
        properties: { npi: npiString, value: linkValue },
      },
    },
  },
  examples: [{ kind: 'provider_alias', links: [{ npi: '1234567893', value: 'Dr. One' }] }],
} as const;

export const providerLinkRemoval = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'npis'],
  properties: { kind, npis: npiList },
  examples: [{ kind: 'provider_alias', npis: ['1234567893'] }],
} as const;

const rowResult = <const Statuses extends readonly string[]>(statuses: Statuses) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      npi: { type: 'string' },
      status: { type: 'string', enum: statuses },
      message: { type: 'string', description: 'Why the row was refused (status error only).' },
    },
    required: ['npi', 'status'],
  }) as const;

const count = { type: 'integer' } as const;

/** PUT provider-links: each row's outcome in request order, and how many of each. */
export const upsertAnswerBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    results: { type: 'array', items: rowResult(['created', 'updated', 'unchanged', 'error']) },
    summary: {
      type: 'object',
      additionalProperties: false,
      properties: { created: count, updated: count, unchanged: count, errors: count },
      required: ['created', 'updated', 'unchanged', 'errors'],
    },
  },
  required: ['results', 'summary'],
  examples: [
    {
      results: [
        { npi: '1234567893', status: 'created' },
        { npi: '1234567890', status: 'error', message: 'NPI 1234567890 fails its check digit.' },
      ],
      summary: { created: 1, updated: 0, unchanged: 0, errors: 1 },
    },
  ],
} as const;

/** POST provider-links/remove: each NPI's outcome in request order, and how many of each. */
export const removeAnswerBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    results: { type: 'array', items: rowResult(['removed', 'not_found', 'error']) },
    summary: {
      type: 'object',
      additionalProperties: false,
      properties: { removed: count, notFound: count, errors: count },
      required: ['removed', 'notFound', 'errors'],
    },
  },
  required: ['results', 'summary'],
  examples: [{ results: [{ npi: '1234567893', status: 'removed' }], summary: { removed: 1, notFound: 0, errors: 0 } }],
} as const;
