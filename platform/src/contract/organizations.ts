import { JOB_STATUSES, NAME_MAX_LENGTH, ORGANIZATION_STATUSES } from '@meridian/schema';
import type { FromSchema } from 'json-schema-to-ts';
import { isoDateTime, listOf, stringList } from './common.js';

/** Licenses as a request names them (PUT /licenses, create, segment-switch): any part may be left out. */
export const licensesPatch = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tableau_user_licenses: {
      type: 'object',
      additionalProperties: false,
      properties: {
        explorer_count: { type: 'integer', minimum: 0, maximum: 1000000 },
        viewer_count: { type: 'integer', minimum: 0, maximum: 1000000 },
      },
    },
    user_limit: { type: 'integer', minimum: 0, maximum: 10000000 },
    products: {
      type: 'object',
      maxProperties: 500,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { enabled: { type: 'boolean' } },
        required: ['enabled'],
      },
    },
  },
} as const;
export type LicensesPatch = FromSchema<typeof licensesPatch>;

/** Licenses as answered; the usage keys (read-only) come with include=licenses_used. */
export const licensesBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user_limit: { type: 'integer' },
    active_users: { type: 'integer', description: 'Active users now (include=licenses_used).' },
    tableau_user_licenses: {
      type: 'object',
      additionalProperties: false,
      properties: {
        explorer_count: { type: 'integer' },
        viewer_count: { type: 'integer' },
        explorer_used: { type: 'integer', description: 'Active explorers now (include=licenses_used).' },
        viewer_used: { type: 'integer', description: 'Active viewers now (include=licenses_used).' },
      },
      required: ['explorer_count', 'viewer_count'],
    },
    products: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { enabled: { type: 'boolean' } },
        required: ['enabled'],
      },
    },
  },
  required: ['user_limit', 'tableau_user_licenses', 'products'],
} as const;

const jobStep = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'in_progress', 'completed', 'failed'] },
    message: { type: 'string', description: 'Why a failed step failed, in words an operator can act on.' },
  },
  required: ['name', 'status'],
} as const;

/** A lifecycle job's progress (a job not started lists the steps it will take). */
export const jobBody = {
  description: 'The job’s progress',
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...JOB_STATUSES] },
    startedAt: { ...isoDateTime, type: ['string', 'null'] },
    completedAt: { ...isoDateTime, type: ['string', 'null'], description: 'When the job completed or failed.' },
    steps: { type: 'array', items: jobStep },
    attempts: {
      type: 'integer',
      minimum: 0,
      description:
        'Runs in a row without completing: 1 for a first run, one more for each retry after a failure; 0 before any run.',
    },
  },
  required: ['status', 'startedAt', 'completedAt', 'steps', 'attempts'],
  examples: [
    {
      status: 'in_progress',
      startedAt: '2026-11-24T10:00:00.000Z',
      completedAt: null,
      steps: [
        { name: 'Provision data warehouse schema', status: 'completed' },
        { name: 'Create BI workspace', status: 'in_progress' },
      ],
      attempts: 1,
    },
  ],
} as const;

const count = (description: string) => ({ type: 'integer', minimum: 0, description }) as const;

/** GET /organization/{id}/access: who and what reaches the organization now, i.e. what offboarding ends. */
export const organizationAccessBody = {
  description: 'Who and what reaches the organization’s data now: what offboarding would end',
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...ORGANIZATION_STATUSES] },
    peopleMayWork: {
      type: 'boolean',
      description: 'Whether its people may sign in and use the API now: only while the organization is active.',
    },
    activeUsers: count('Its active users (invited ones included): who may sign in while it is active.'),
    signedInPeople: count('Its people with a live sign-in session now.'),
    sessions: count('Their live sign-in sessions.'),
    enabledCredentials: count('Enabled data-access credentials of the organization and of its people.'),
    scimTokens: count('Working SCIM tokens of its directory.'),
  },
  required: [
    'status',
    'peopleMayWork',
    'activeUsers',
    'signedInPeople',
    'sessions',
    'enabledCredentials',
    'scimTokens',
  ],
  examples: [
    {
      status: 'active',
      peopleMayWork: true,
      activeUsers: 42,
      signedInPeople: 3,
      sessions: 4,
      enabledCredentials: 7,
      scimTokens: 1,
    },
  ],
} as const;

const jobsBody = {
  type: 'object',
  additionalProperties: false,
  description: 'The three lifecycle jobs.',
  properties: { onboarding: jobBody, deployment: jobBody, offboarding: jobBody },
  required: ['onboarding', 'deployment', 'offboarding'],
} as const;

const contactBody = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string' }, email: { type: 'string' } },
} as const;

const organizationProperties = {
  id: { type: 'string' },
  name: { type: 'string' },
  active: { type: 'boolean' },
  status: { type: 'string', enum: [...ORGANIZATION_STATUSES] },
  domain: { type: 'array', items: { type: 'string' } },
  callbackUrls: { type: 'array', items: { type: 'string' } },
  primaryContact: contactBody,
  licenses: licensesBody,
  preferences: {
    type: 'object',
    additionalProperties: false,
    properties: {
      bi_portal: {
        type: 'object',
        additionalProperties: false,
        properties: { default_states: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
  customer_segment: { type: 'string' },
  medicare_licensed: { type: 'boolean' },
  onboarding: {
    type: 'object',
    additionalProperties: false,
    properties: {
      bi: { type: 'object', additionalProperties: false, properties: { portal_url: { type: 'string' } } },
    },
  },
  requireMfa: {
    type: 'boolean',
    description: 'Every user of the organization signs in with a second factor, enrolling at their next sign-in.',
  },
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
} as const;

const organizationRequired = [
  'id',
  'name',
  'active',
  'status',
  'domain',
  'callbackUrls',
  'primaryContact',
  'licenses',
  'preferences',
  'customer_segment',
  'medicare_licensed',
  'onboarding',
  'requireMfa',
  'createdAt',
  'updatedAt',
] as const;

const organizationExample = {
  id: 'acme',
  name: 'Acme Health',
  active: true,
  status: 'active',
  domain: ['acme.test'],
  callbackUrls: [],
  primaryContact: { name: 'Acme Health Contact', email: 'contact@acme.test' },
  licenses: {
    user_limit: 10,
    tableau_user_licenses: { explorer_count: 2, viewer_count: 3 },
    products: { managed_providers: { enabled: true } },
  },
  preferences: { bi_portal: { default_states: ['CA'] } },
  customer_segment: 'provider-group',
  medicare_licensed: false,
  onboarding: { bi: { portal_url: 'https://bi.acme.test/portal' } },
  requireMfa: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
};

/** An organization as listed, created and updated (spec section 3 field names). */
export const organizationBody = {
  description: 'The organization',
  type: 'object',
  additionalProperties: false,
  properties: organizationProperties,
  required: organizationRequired,
  examples: [organizationExample],
} as const;

/** One organization with the state of its three jobs: GET /organization/{id} and every lifecycle move. */
export const organizationWithJobsBody = {
  description: 'The organization with its three lifecycle jobs',
  type: 'object',
  additionalProperties: false,
  properties: { ...organizationProperties, jobs: jobsBody },
  required: [...organizationRequired, 'jobs'],
} as const;

export const organizationListBody = listOf(organizationBody, 'A page of organizations');

const primaryContact = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH },
    email: { type: 'string', maxLength: 254 },
  },
  required: ['name', 'email'],
} as const;

/** Fields an update may name (and a create may give). */
const editableFields = {
  name: { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH },
  domain: stringList,
  // Web addresses are checked by schema/'s validators (https, or http on localhost), in words.
  callbackUrls: { type: 'array', items: { type: 'string', maxLength: 2000 }, maxItems: 50 },
  primaryContact,
  preferences: {
    type: 'object',
    additionalProperties: false,
    properties: {
      bi_portal: {
        type: 'object',
        additionalProperties: false,
        properties: {
          default_states: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 60 },
        },
      },
    },
  },
  onboarding: {
    type: 'object',
    additionalProperties: false,
    properties: {
      bi: {
        type: 'object',
        additionalProperties: false,
        properties: {
          portal_url: {
            type: ['string', 'null'],
            maxLength: 2000,
            description: 'The BI portal’s https address; null or empty removes it.',
          },
        },
      },
    },
  },
  requireMfa: {
    type: 'boolean',
    description: 'Every user must sign in with a second factor; those without one enroll at their next sign-in.',
  },
} as const;

export const organizationCreate = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'domain', 'primaryContact', 'customer_segment', 'medicare_licensed'],
  properties: {
    id: { type: 'string', maxLength: 64 },
    name: editableFields.name,
    domain: { ...stringList, minItems: 1 },
    primaryContact,
    customer_segment: { type: 'string', minLength: 1, maxLength: 100 },
    medicare_licensed: { type: 'boolean' },
    callbackUrls: editableFields.callbackUrls,
    licenses: licensesPatch,
  },
  examples: [
    {
      id: 'northwind',
      name: 'Northwind Clinics',
      domain: ['northwind.test'],
      primaryContact: { name: 'Nora North', email: 'nora@northwind.test' },
      customer_segment: 'provider-group',
      medicare_licensed: false,
    },
  ],
} as const;
export type OrganizationCreate = FromSchema<typeof organizationCreate>;

export const organizationUpdate = {
  type: 'object',
  additionalProperties: false,
  properties: editableFields,
  minProperties: 1,
  examples: [{ name: 'Acme Health Partners', preferences: { bi_portal: { default_states: ['CA', 'NV'] } } }],
} as const;
export type OrganizationUpdate = FromSchema<typeof organizationUpdate>;

/** include=licenses_used adds seat usage to licenses. */
export const includeQuery = {
  include: { type: 'string', maxLength: 100, description: 'licenses_used adds seat usage to licenses.' },
} as const;

/** The list's filters (analytics' charts open the list filtered to a bar). */
export const organizationFilters = {
  customer_segment: { type: 'string', maxLength: 100, description: 'Only organizations of this customer segment.' },
  status: {
    type: 'string',
    enum: [...ORGANIZATION_STATUSES],
    description: 'Only organizations in this lifecycle state.',
  },
} as const;

export const segmentSwitch = {
  type: 'object',
  additionalProperties: false,
  required: ['customer_segment', 'medicare_licensed'],
  properties: {
    customer_segment: { type: 'string', minLength: 1, maxLength: 100 },
    medicare_licensed: { type: 'boolean' },
    licenses: licensesPatch,
  },
} as const;

export const activation = {
  type: 'object',
  additionalProperties: false,
  required: ['active'],
  properties: { active: { type: 'boolean', enum: [true] } },
} as const;

export const licensesUpdate = {
  type: 'object',
  additionalProperties: false,
  required: ['licenses'],
  properties: { licenses: licensesPatch },
  examples: [{ licenses: { user_limit: 25, products: { market_intelligence: { enabled: true } } } }],
} as const;
