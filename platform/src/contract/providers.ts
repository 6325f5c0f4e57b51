import { PROVIDER_BATCH_LIMIT } from '@meridian/schema';
import { listOf } from './common.js';

/** Longer than any NPI, so a malformed one reaches the validator and gets its message. */
export const npiString = { type: 'string', maxLength: 64 } as const;

/** 1 to PROVIDER_BATCH_LIMIT NPIs; more is refused with 400 naming the field. */
export const npiList = { type: 'array', items: npiString, minItems: 1, maxItems: PROVIDER_BATCH_LIMIT } as const;

export const npiParam = { type: 'object', properties: { npi: npiString }, required: ['npi'] } as const;

/** What the directory knows of a provider besides its NPI (a provider link carries it under its own NPI). */
const providerDetails = {
  name: { type: 'string' },
  specialty: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string', description: 'Two-letter state code.' },
  zip: { type: 'string' },
} as const;
const providerDetailsRequired = ['name', 'specialty', 'city', 'state', 'zip'] as const;

export const providerDetailsBody = {
  type: 'object',
  additionalProperties: false,
  properties: providerDetails,
  required: providerDetailsRequired,
} as const;

const providerExample = {
  npi: '1234567893',
  name: 'Provider 1',
  specialty: 'Cardiology',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};

/** A provider of the directory (decisions.md "Managed providers"). */
export const providerBody = {
  type: 'object',
  additionalProperties: false,
  properties: { npi: { type: 'string' }, ...providerDetails },
  required: ['npi', ...providerDetailsRequired],
  examples: [providerExample],
} as const;

export const providerListBody = listOf(providerBody, 'A page of the provider directory');

export const providerLookup = {
  type: 'object',
  additionalProperties: false,
  required: ['npis'],
  properties: { npis: npiList },
  examples: [{ npis: ['1234567893', '1234567890'] }],
} as const;

/** Each distinct NPI asked for once, in request order: found, valid but missing, or invalid and why. */
export const providerLookupBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: providerBody, description: 'The providers found.' },
    missing: { type: 'array', items: { type: 'string' }, description: 'Valid NPIs not in the directory.' },
    invalid: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { npi: { type: 'string' }, msg: { type: 'string', description: 'Why the NPI is not valid.' } },
        required: ['npi', 'msg'],
      },
    },
  },
  required: ['data', 'missing', 'invalid'],
  examples: [
    {
      data: [providerExample],
      missing: [],
      invalid: [{ npi: '1234567890', msg: 'NPI 1234567890 fails its check digit.' }],
    },
  ],
} as const;
