import {
  NAME_MAX_LENGTH,
  ROLES,
  TABLEAU_LICENSES,
  USER_PROVENANCES,
  USER_TEXT_FIELDS,
  type UserTextField,
} from '@meridian/schema';
import type { FromSchema } from 'json-schema-to-ts';
import { isoDateTime, listOf } from './common.js';
import { userInvitationProperties } from './invitations.js';

/** One data-access credential as a user record lists it (keyed by credential id). */
const dataAccessEntry = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: ['string', 'null'], description: 'What uses the credential; null if unnamed.' },
    active: { type: 'boolean' },
    generated_timestamp: isoDateTime,
    expires_timestamp: { ...isoDateTime, description: 'When the credential expires.' },
    days_to_expire: { type: 'integer', description: 'Days until the credential expires; 0 or less: expired.' },
  },
  required: ['name', 'active', 'generated_timestamp', 'expires_timestamp', 'days_to_expire'],
} as const;

/** A user's optional text fields (schema's USER_TEXT_FIELDS), each a string or null, from the list. */
type TextProperties = { readonly [Field in UserTextField]: { readonly type: readonly ['string', 'null'] } };
const textProperties = (limits: boolean) =>
  Object.fromEntries(
    USER_TEXT_FIELDS.map(({ field, label, maxLength }) => [
      field,
      limits
        ? { type: ['string', 'null'], maxLength, description: `${label}: empty or null, none.` }
        : { type: ['string', 'null'] },
    ]),
  ) as unknown as TextProperties;
const TEXT_FIELDS: readonly UserTextField[] = USER_TEXT_FIELDS.map(({ field }) => field);

const userProperties = {
  name: { type: 'string' },
  email: { type: 'string' },
  alternateEmail: { type: ['string', 'null'] },
  ...textProperties(false),
  role: { type: 'string', enum: [...ROLES] },
  active: { type: 'boolean' },
  direct_data_access_enabled: { type: 'boolean' },
  organizationId: { type: 'string' },
  tableauConfig: {
    type: 'object',
    additionalProperties: false,
    properties: {
      tableauLicense: { type: ['string', 'null'], enum: [...TABLEAU_LICENSES, null] },
      tableauUser: { type: 'boolean', description: 'Whether the user has a Tableau license at all.' },
    },
    required: ['tableauLicense', 'tableauUser'],
  },
  data_access_info: {
    type: 'object',
    description: 'The user’s data-access credentials by id (never their secrets).',
    additionalProperties: dataAccessEntry,
  },
  passwordChangedAt: isoDateTime,
  passwordExpiresAt: isoDateTime,
  isPasswordExpiring: { type: 'boolean' },
  daysLeftForPasswordExpiry: { type: 'integer' },
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  ...userInvitationProperties,
  provenance: {
    type: 'string',
    enum: USER_PROVENANCES,
    description:
      'How the person came: console (created with a password), invitation (mailed one), sso (created at their first sign-in through the organization’s identity provider) or scim (provisioned by its directory).',
  },
  lastSignInAt: {
    ...isoDateTime,
    type: ['string', 'null'],
    description: 'When a sign-in of theirs last completed; null: never.',
  },
} as const;

const userRequired = [
  'name',
  'email',
  'alternateEmail',
  'role',
  'active',
  'direct_data_access_enabled',
  'organizationId',
  'tableauConfig',
  'data_access_info',
  'passwordChangedAt',
  'passwordExpiresAt',
  'isPasswordExpiring',
  'daysLeftForPasswordExpiry',
  'createdAt',
  'updatedAt',
  'status',
  'invitation',
  'provenance',
  'lastSignInAt',
  ...TEXT_FIELDS,
] as const;

const userExample = {
  name: 'Uma Acme',
  email: 'user@acme.test',
  alternateEmail: null,
  role: 'orgUser',
  active: true,
  direct_data_access_enabled: true,
  organizationId: 'acme',
  tableauConfig: { tableauLicense: 'viewer', tableauUser: true },
  data_access_info: {
    cred_0a1b2c3d4e5f6a7b8c9d0e1f: {
      name: 'Nightly claims export',
      active: true,
      generated_timestamp: '2026-11-24T10:00:00.000Z',
      expires_timestamp: '2027-02-22T10:00:00.000Z',
      days_to_expire: 90,
    },
  },
  passwordChangedAt: '2026-11-24T10:00:00.000Z',
  passwordExpiresAt: '2027-02-22T10:00:00.000Z',
  isPasswordExpiring: false,
  daysLeftForPasswordExpiry: 90,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  status: 'active',
  invitation: null,
  provenance: 'invitation',
  lastSignInAt: '2026-11-25T08:30:00.000Z',
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, null])),
};

/** A user as listed, created and changed (spec section 3); it never carries the password. */
export const userBody = {
  type: 'object',
  additionalProperties: false,
  properties: userProperties,
  required: userRequired,
  examples: [userExample],
} as const;

export const userListBody = listOf(userBody, 'A page of users');

/** What every user may know of their own organization (the home page's BI Portal button). */
const organizationSummary = {
  type: 'object',
  additionalProperties: false,
  description: 'The user’s organization as any of its users may see it, even one who may not read it.',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    biPortalUrl: { type: ['string', 'null'] },
  },
  required: ['id', 'name', 'biPortalUrl'],
} as const;

/** GET /user/email/{email}: the user with a summary of their organization. */
export const userWithOrganizationBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...userProperties, organization: organizationSummary },
  required: [...userRequired, 'organization'],
  examples: [{ ...userExample, organization: { id: 'acme', name: 'Acme Health', biPortalUrl: null } }],
} as const;

/** Fields a create may give and an update may change. */
const editableFields = {
  name: { type: 'string', maxLength: NAME_MAX_LENGTH },
  alternateEmail: { type: ['string', 'null'], maxLength: 254, description: 'Empty or null: none.' },
  ...textProperties(true),
  role: { type: 'string', enum: [...ROLES] },
  tableauConfig: {
    type: 'object',
    additionalProperties: false,
    properties: { tableauLicense: { type: ['string', 'null'], enum: [...TABLEAU_LICENSES, null] } },
    required: ['tableauLicense'],
  },
  direct_data_access_enabled: { type: 'boolean' },
} as const;

/** The fields of a user that POST /user may give and PUT /user changes, as the service reads them. */
export type EditableFields = FromSchema<{
  type: 'object';
  additionalProperties: false;
  properties: typeof editableFields;
}>;

export const userCreate = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email'],
  properties: {
    ...editableFields,
    email: { type: 'string', maxLength: 254 },
    password: { type: 'string', maxLength: 200, description: 'Omit to invite the user to set their own.' },
    allowOutsideDomain: {
      type: 'boolean',
      description: 'Confirms an email outside the organization’s domains (recorded in the audit trail).',
    },
  },
  examples: [
    {
      name: 'Nina New',
      email: 'nina@acme.test',
      password: 'a-good-password-1',
      role: 'orgUser',
      tableauConfig: { tableauLicense: 'viewer' },
    },
  ],
} as const;

/** What POST /user creates: the editable fields, the email, and a password unless the user is invited (issue 18). */
export type UserCreate = FromSchema<typeof userCreate>;

export const userUpdate = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    ...editableFields,
    email: { type: 'string', maxLength: 254, description: 'The user to change.' },
    active: { type: 'boolean', description: 'Only in a body of {email, active}: activates or deactivates.' },
  },
  examples: [
    { email: 'user@acme.test', name: 'Uma Acme-Smith', tableauConfig: { tableauLicense: 'explorer' } },
    { email: 'user@acme.test', active: false },
  ],
} as const;

export const userQuery = {
  type: 'object',
  properties: {
    organizationId: { type: 'string', minLength: 1, maxLength: 64, description: 'Omit to search all organizations.' },
    email: { type: 'string', maxLength: 254, description: 'Exact email (case-insensitive).' },
  },
} as const;

export const dataAccessUpdate = {
  type: 'object',
  additionalProperties: false,
  required: ['direct_data_access_enabled'],
  properties: { direct_data_access_enabled: { type: 'boolean' } },
  examples: [{ direct_data_access_enabled: false }],
} as const;
