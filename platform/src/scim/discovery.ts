import { USER_TEXT_FIELDS } from '@meridian/schema';
import { GROUP_SCHEMA } from '../domain/scim/group-resource.js';
import { LIST_SCHEMA, MAX_RESULTS } from '../domain/scim/list.js';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from '../domain/scim/user-resource.js';

// RFC 7644 §4 discovery: what this service supports (RFC 7643 §5), its resource types (§6: User, and
// Group, whose groups are the organization's roles) and their schemas (§7), so a directory configures
// itself from them.

type Mutability = 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';

/** An attribute definition (RFC 7643 §7). */
interface Attribute extends Omit<AttributeOptions, 'subAttributes'> {
  name: string;
  type: string;
  description: string;
  subAttributes?: Attribute[];
}

interface AttributeOptions {
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: Mutability;
  uniqueness?: 'none' | 'server' | 'global';
  returned?: 'always' | 'never' | 'default' | 'request';
  subAttributes?: Attribute[];
  canonicalValues?: string[];
  referenceTypes?: string[];
}

function attribute(name: string, type: string, description: string, options: AttributeOptions = {}): Attribute {
  const { subAttributes, canonicalValues, referenceTypes, ...rest } = options;
  return {
    name,
    type,
    multiValued: false,
    description,
    required: false,
    ...(type === 'string' || type === 'reference' ? { caseExact: false } : {}),
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...rest,
    ...(canonicalValues ? { canonicalValues } : {}),
    ...(referenceTypes ? { referenceTypes } : {}),
    ...(subAttributes ? { subAttributes } : {}),
  };
}

const text = (name: string, description: string, options?: AttributeOptions) =>
  attribute(name, 'string', description, options);

/** value/display/type/primary: the sub-attributes of RFC 7643's multi-valued attributes. */
const multi = (name: string, description: string, valueType = 'string', types?: string[]) =>
  attribute(name, 'complex', description, {
    multiValued: true,
    subAttributes: [
      attribute('value', valueType, `The ${name} value.`),
      text('display', 'A label for display.'),
      text('type', 'What this value is for.', types ? { canonicalValues: types } : {}),
      attribute('primary', 'boolean', 'The preferred value.'),
    ],
  });

const USER_ATTRIBUTES = [
  text('userName', 'The person’s email address: how they sign in. It cannot change once provisioned.', {
    required: true,
    mutability: 'immutable',
    uniqueness: 'server',
  }),
  attribute('name', 'complex', 'The person’s name; formatted is Meridian’s name of them.', {
    subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map(
      (part) => text(part, `The ${part} part of the name.`),
    ),
  }),
  text('displayName', 'Meridian’s name of the person.'),
  text('nickName', 'A casual name.'),
  attribute('profileUrl', 'reference', 'A profile page.', { referenceTypes: ['external'] }),
  ...USER_TEXT_FIELDS.map(({ scimAttribute, label, maxLength }) =>
    text(scimAttribute, `Meridian’s ${label.toLowerCase()} of the person, at most ${maxLength} characters.`),
  ),
  text('userType', 'The person’s relation to the organization.'),
  text('preferredLanguage', 'Preferred language (RFC 7231 Accept-Language).'),
  text('locale', 'Locale for localizing (RFC 5646).'),
  text('timezone', 'Time zone (IANA).'),
  attribute('active', 'boolean', 'Whether the person may sign in; false deactivates them and ends their sessions.'),
  multi('emails', 'One address, the userName (type work); other addresses are not kept.', 'string', ['work']),
  multi('phoneNumbers', 'Phone numbers.', 'string', ['work', 'home', 'mobile', 'fax', 'pager', 'other']),
  multi('ims', 'Instant messaging addresses.'),
  multi('photos', 'Photos.', 'reference', ['photo', 'thumbnail']),
  attribute('addresses', 'complex', 'Physical addresses.', {
    multiValued: true,
    subAttributes: ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type']
      .map((part) => text(part, `The ${part} of the address.`))
      .concat(attribute('primary', 'boolean', 'The preferred address.')),
  }),
  multi('roles', 'The person’s role in Meridian: orgAdmin (Org Admin) or orgUser (Org User); one at a time.', 'string'),
  multi('entitlements', 'Entitlements.'),
  multi('x509Certificates', 'Certificates.', 'binary'),
];

const ENTERPRISE_ATTRIBUTES = [
  text('employeeNumber', 'Employee number.'),
  text('costCenter', 'Cost center.'),
  text('organization', 'Organization.'),
  text('division', 'Division.'),
  text('department', 'Department.'),
  attribute('manager', 'complex', 'The person’s manager.', {
    subAttributes: [
      text('value', 'The manager’s id.'),
      attribute('$ref', 'reference', 'The manager’s resource.', { referenceTypes: ['User'] }),
      text('displayName', 'The manager’s name.', { mutability: 'readOnly' }),
    ],
  }),
];

/** RFC 7643 §8.7.1's Group schema, as Meridian's fixed groups have it. */
const GROUP_ATTRIBUTES = [
  text('displayName', 'The role’s name: Org Admins or Org Users. Groups are fixed; it cannot change.', {
    required: true,
    mutability: 'readOnly',
    uniqueness: 'server',
  }),
  attribute(
    'members',
    'complex',
    'The people holding the role. Joining a group gives its role; leaving Org Admins makes an Org User; a person leaves Org Users only by joining Org Admins. GET /Groups/{id} answers them; lists leave them out.',
    {
      multiValued: true,
      subAttributes: [
        text('value', 'The person’s User id.', { mutability: 'immutable' }),
        text('display', 'The person’s email address.', { mutability: 'readOnly' }),
        attribute('$ref', 'reference', 'The person’s User resource.', {
          mutability: 'immutable',
          referenceTypes: ['User'],
        }),
        text('type', 'Always User.', { mutability: 'immutable', canonicalValues: ['User'] }),
      ],
    },
  ),
];

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A SCIM token of the organization (Provisioning in the console), sent as Authorization: Bearer.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function userResourceType(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description:
      'A person of the organization. Their role is roles, and their group (Org Admins or Org Users) is that role.',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  };
}

export function groupResourceType(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description:
      'A role of the organization (Org Admins, Org Users): fixed groups whose members are the people holding it.',
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  };
}

/** The resource types by id. */
export const resourceTypes = (baseUrl: string) => [userResourceType(baseUrl), groupResourceType(baseUrl)];

const SCHEMAS = [
  { id: USER_SCHEMA, name: 'User', description: 'User Account', attributes: USER_ATTRIBUTES },
  { id: ENTERPRISE_SCHEMA, name: 'EnterpriseUser', description: 'Enterprise User', attributes: ENTERPRISE_ATTRIBUTES },
  { id: GROUP_SCHEMA, name: 'Group', description: 'Group: a role of the organization', attributes: GROUP_ATTRIBUTES },
];

/** The schema `id` (its URN, any case), or undefined. */
export function schemaOf(id: string, baseUrl: string) {
  const found = SCHEMAS.find((schema) => schema.id.toLowerCase() === id.toLowerCase());
  if (!found) return undefined;
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...found,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${found.id}` },
  };
}

/** A ListResponse of discovery resources (RFC 7644 §4: /ResourceTypes and /Schemas answer lists). */
export function listOf(resources: object[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

export const allSchemas = (baseUrl: string) => SCHEMAS.map((schema) => schemaOf(schema.id, baseUrl)!);
