import { isoDateTime } from './common.js';

/** The roles a connection may give the people it creates: an organization's own roles. */
const connectionRole = { type: 'string', enum: ['orgAdmin', 'orgUser'] } as const;

/**
 * PUT /organization/{id}/sso and POST /organization/{id}/sso/test: a connection as an operator (or the
 * organization's Org Admin) sets it.
 * OIDC needs issuer and clientId, and clientSecret the first time (left out later, the stored one stays);
 * SAML needs the identity provider's metadata, as XML or as a URL to read it from.
 */
export const ssoConnectionInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    protocol: { type: 'string', enum: ['oidc', 'saml'] },
    issuer: { type: 'string', maxLength: 2048, description: 'OIDC: the customer’s issuer (its discovery document).' },
    clientId: { type: 'string', maxLength: 512, description: 'OIDC: Meridian’s client id at the customer’s provider.' },
    clientSecret: {
      type: 'string',
      maxLength: 4096,
      description: 'OIDC: the client secret; stored encrypted and never read back. Left out, the stored one stays.',
    },
    metadataXml: { type: 'string', maxLength: 262144, description: 'SAML: the identity provider’s metadata (XML).' },
    metadataUrl: {
      type: 'string',
      maxLength: 2048,
      description: 'SAML: where to read the identity provider’s metadata.',
    },
    ssoOnly: {
      type: 'boolean',
      description: 'Password sign-in and password reset off for the organization’s users (false unless set).',
    },
    defaultRole: {
      ...connectionRole,
      description: 'The role of people created at their first sign-in (orgUser unless set).',
    },
    adminEmergencyAccess: {
      type: 'boolean',
      description:
        'Whether Org Admins keep their password and a second factor as the emergency way in while ssoOnly is on. Only operators may send it (403 otherwise); left out, the stored value stays (true for a new connection).',
    },
  },
  required: ['protocol'],
  examples: [
    { protocol: 'oidc', issuer: 'https://login.microsoftonline.com/<tenant>/v2.0', clientId: '…', clientSecret: '…' },
  ],
} as const;

/** A connection as answered: what the customer's IT enters on their side; never the client secret. */
export const ssoConnectionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    protocol: { type: 'string', enum: ['oidc', 'saml'] },
    ssoOnly: { type: 'boolean' },
    defaultRole: connectionRole,
    adminEmergencyAccess: {
      type: 'boolean',
      description: 'Org Admins keep their password with a second factor while ssoOnly is on.',
    },
    issuer: { type: ['string', 'null'] },
    clientId: { type: ['string', 'null'] },
    hasClientSecret: { type: 'boolean' },
    redirectUri: {
      type: ['string', 'null'],
      description: 'OIDC: the redirect URI to register at the customer’s provider.',
    },
    idpEntityId: { type: ['string', 'null'] },
    idpSsoUrl: { type: ['string', 'null'] },
    idpMetadataUrl: { type: ['string', 'null'] },
    spEntityId: { type: ['string', 'null'], description: 'SAML: Meridian’s entity id (the audience).' },
    acsUrl: { type: ['string', 'null'], description: 'SAML: the Assertion Consumer Service URL (HTTP-POST).' },
    spMetadataUrl: { type: ['string', 'null'], description: 'SAML: Meridian’s service provider metadata.' },
    updatedAt: isoDateTime,
  },
  required: [
    'protocol',
    'ssoOnly',
    'defaultRole',
    'adminEmergencyAccess',
    'issuer',
    'clientId',
    'hasClientSecret',
    'redirectUri',
    'idpEntityId',
    'idpSsoUrl',
    'idpMetadataUrl',
    'spEntityId',
    'acsUrl',
    'spMetadataUrl',
    'updatedAt',
  ],
} as const;

/** What the customer's IT enters at their identity provider for this organization, saved or not. */
export const ssoServiceProviderBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    redirectUri: { type: 'string', description: 'OIDC: the redirect URI to register at the customer’s provider.' },
    entityId: { type: 'string', description: 'SAML: Meridian’s entity id (the audience).' },
    acsUrl: { type: 'string', description: 'SAML: the Assertion Consumer Service URL (HTTP-POST).' },
    metadataUrl: { type: 'string', description: 'SAML: Meridian’s service provider metadata.' },
  },
  required: ['redirectUri', 'entityId', 'acsUrl', 'metadataUrl'],
} as const;

/**
 * GET and PUT /organization/{id}/sso: the connection, or null when the organization has none, and what
 * the customer's IT enters on their side (known before the first save).
 */
export const ssoConnectionAnswer = {
  description: 'The organization’s single sign-on connection (null: none) and Meridian’s side of it',
  type: 'object',
  additionalProperties: false,
  properties: {
    connection: { ...ssoConnectionBody, type: ['object', 'null'] },
    serviceProvider: ssoServiceProviderBody,
  },
  required: ['connection', 'serviceProvider'],
} as const;

/** GET /organization/{id}/sign-in-impact: what the sign-in settings would change, counted now. */
export const signInImpactBody = {
  description: 'What turning on single sign-on only, switching protocol or requiring a second factor would change',
  type: 'object',
  additionalProperties: false,
  properties: {
    ssoOnlyPeople: {
      type: 'integer',
      minimum: 0,
      description:
        'Active people whose email is at one of the organization’s domains (Org Admins included): ssoOnly ends their password sign-in.',
    },
    ssoOnlyOrgAdmins: { type: 'integer', minimum: 0, description: 'Of those, the Org Admins.' },
    ssoOnlyOrgAdminsWithSecondFactor: {
      type: 'integer',
      minimum: 0,
      description: 'Of those Org Admins, the ones with an authenticator app or a passkey (emergency access needs one).',
    },
    recentSsoPeople: {
      type: 'integer',
      minimum: 0,
      description: 'People who signed in through the organization’s identity provider in the last 30 days.',
    },
    peopleWithoutSecondFactor: {
      type: 'integer',
      minimum: 0,
      description: 'Active people of the organization without an authenticator app or a passkey.',
    },
  },
  required: [
    'ssoOnlyPeople',
    'ssoOnlyOrgAdmins',
    'ssoOnlyOrgAdminsWithSecondFactor',
    'recentSsoPeople',
    'peopleWithoutSecondFactor',
  ],
  examples: [
    {
      ssoOnlyPeople: 42,
      ssoOnlyOrgAdmins: 3,
      ssoOnlyOrgAdminsWithSecondFactor: 2,
      recentSsoPeople: 37,
      peopleWithoutSecondFactor: 12,
    },
  ],
} as const;

/** POST /organization/{id}/sso/test: whether the discovery document or metadata could be read and used. */
export const ssoConnectionTestBody = {
  description: 'What checking the connection found, in words an operator can act on',
  type: 'object',
  additionalProperties: false,
  properties: { ok: { type: 'boolean' }, message: { type: 'string' } },
  required: ['ok', 'message'],
  examples: [{ ok: true, message: 'Found https://login.example.com: sign-in at https://login.example.com/authorize.' }],
} as const;
