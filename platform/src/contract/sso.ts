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
    trustIdpMfa: {
      type: 'boolean',
      description:
        'Whether the provider’s word that the person used a second factor (OIDC amr/acr, SAML AuthnContextClassRef) counts as the organization’s second factor; otherwise Meridian asks for its own when one is required. Left out, the stored value stays (false for a new connection).',
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
    trustIdpMfa: {
      type: 'boolean',
      description: 'Whether the provider’s second factor counts as the organization’s.',
    },
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
    'trustIdpMfa',
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

/** POST /organization/{id}/sso/test-sign-in: where to send the browser for an operator's test sign-in. */
export const ssoTestSignInStartBody = {
  description:
    'A test sign-in through the saved connection: open `url` in the browser; once the provider answers, the console’s Sign-in tab reads the result by `state`. Nobody is signed in or created.',
  type: 'object',
  additionalProperties: false,
  properties: {
    url: { type: 'string', description: 'The customer provider’s sign-in page for this test.' },
    state: { type: 'string', description: 'The test’s handle: its result is read by it.' },
    expiresAt: { ...isoDateTime, description: 'Until when the test may be answered and its result read.' },
  },
  required: ['url', 'state', 'expiresAt'],
} as const;

/** The test's handle in the path of GET /organization/{id}/sso/test-sign-in/{state}. */
export const ssoTestSignInParams = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    state: { type: 'string', minLength: 1, maxLength: 128 },
  },
  required: ['id', 'state'],
} as const;

const nullableText = { type: ['string', 'null'] } as const;

/** GET /organization/{id}/sso/test-sign-in/{state}: what the provider returned and what Meridian would do. */
export const ssoTestSignInBody = {
  description:
    'A test sign-in’s result, for the operator who started it: whether the provider answered, whether its answer verified, what it returned, and what Meridian would do with it',
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: 'string' },
    protocol: { type: 'string', enum: ['oidc', 'saml'] },
    expiresAt: isoDateTime,
    answered: { type: 'boolean', description: 'False while the provider has not answered yet.' },
    verified: {
      type: ['boolean', 'null'],
      description: 'Whether the answer verified (signature, issuer, audience, state…); null until answered.',
    },
    message: { ...nullableText, description: 'Why the answer was not accepted, in words; null otherwise.' },
    returned: {
      type: 'array',
      description:
        'OIDC: the claims of the ID token (and userinfo). SAML: the issuer, NameID, its format, the AuthnContextClassRef and every attribute. Values that are not text are JSON.',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { name: { type: 'string' }, value: { type: 'string' } },
        required: ['name', 'value'],
      },
    },
    preview: {
      type: ['object', 'null'],
      description: 'What Meridian would do with the identity, had a person signed in; null unless verified.',
      additionalProperties: false,
      properties: {
        email: { type: 'string' },
        outcome: { type: 'string', enum: ['sign-in', 'create', 'refuse'] },
        refusal: { ...nullableText, description: 'What the person would read, when refused.' },
        role: {
          type: 'string',
          description: 'The person’s role if they exist, else the role they would be created with.',
        },
        existingUser: { type: 'boolean' },
        name: nullableText,
        providerSaidMfa: {
          type: 'boolean',
          description: 'Whether the provider said a second factor was used (amr/acr, AuthnContextClassRef).',
        },
        secondFactor: {
          type: ['string', 'null'],
          enum: ['provider', 'meridian', 'none', null],
          description:
            'provider: its second factor counts (trustIdpMfa); meridian: Meridian asks for its own; none: none is asked.',
        },
      },
      required: ['email', 'outcome', 'refusal', 'role', 'existingUser', 'name', 'providerSaidMfa', 'secondFactor'],
    },
  },
  required: ['state', 'protocol', 'expiresAt', 'answered', 'verified', 'message', 'returned', 'preview'],
} as const;
