import { isoDateTime } from './common.js';

export const sessionIdParam = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 128 } },
  required: ['id'],
} as const;

export const sessionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The session’s id: the `sid` its access tokens carry.' },
    startedAt: { ...isoDateTime, description: 'When the person signed in.' },
    lastUsedAt: { ...isoDateTime, description: 'When the session last signed in or renewed its tokens.' },
    userAgent: { type: ['string', 'null'], description: 'The browser’s User-Agent at sign-in.' },
    browser: {
      type: ['string', 'null'],
      description: 'The browser its User-Agent names (“Chrome”, “Firefox”); null when none is recognised.',
    },
    operatingSystem: {
      type: ['string', 'null'],
      description: 'The operating system its User-Agent names (“Linux”, “macOS”); null when none is recognised.',
    },
    clientIp: { type: ['string', 'null'], description: 'The address it signed in from.' },
    methods: {
      type: 'array',
      items: { type: 'string' },
      description: 'How the person signed in (RFC 8176 amr values: pwd, otp, hwk, swk, mfa; fed for single sign-on).',
    },
    identityProvider: {
      type: ['string', 'null'],
      description:
        'For a single sign-on session, the identity provider it signed in through (its host); null otherwise.',
    },
    current: { type: 'boolean', description: 'The session of the token making this request.' },
  },
  required: [
    'id',
    'startedAt',
    'lastUsedAt',
    'userAgent',
    'browser',
    'operatingSystem',
    'clientIp',
    'methods',
    'identityProvider',
    'current',
  ],
} as const;

export const sessionListBody = {
  description: 'The user’s active sign-in sessions, newest first',
  type: 'object',
  additionalProperties: false,
  properties: { sessions: { type: 'array', items: sessionBody } },
  required: ['sessions'],
  examples: [
    {
      sessions: [
        {
          id: 'Xc2o9pQ1…',
          startedAt: '2026-11-24T09:00:00.000Z',
          lastUsedAt: '2026-11-24T10:55:00.000Z',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) …',
          browser: 'Chrome',
          operatingSystem: 'Linux',
          clientIp: '203.0.113.7',
          methods: ['pwd', 'otp', 'mfa'],
          identityProvider: null,
          current: true,
        },
      ],
    },
  ],
} as const;

export const revokeSessionsRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    exceptCurrent: {
      type: 'boolean',
      description: 'Keep the session of the token making this request (sign out my other sessions).',
    },
  },
  examples: [{ exceptCurrent: true }],
} as const;

export const revokedBody = {
  description: 'How many sessions ended',
  type: 'object',
  additionalProperties: false,
  properties: { revoked: { type: 'integer', minimum: 0 } },
  required: ['revoked'],
  examples: [{ revoked: 2 }],
} as const;

export const revocationFeedQuery = {
  type: 'object',
  properties: {
    after: {
      type: 'integer',
      minimum: 0,
      // A sequence number (bigserial) read as a JavaScript number: beyond this it could not be exact.
      maximum: Number.MAX_SAFE_INTEGER,
      default: 0,
      description: 'The cursor of the previous answer; 0 (or none) reads every entry still kept.',
    },
  },
} as const;

export const revocationFeedBody = {
  description: 'Sessions ended after the cursor, oldest first',
  type: 'object',
  additionalProperties: false,
  properties: {
    cursor: { type: 'integer', description: 'Ask with after=cursor next; a full page means more follow at once.' },
    sids: { type: 'array', items: { type: 'string' }, description: 'The ended sessions’ ids (`sid` claims).' },
    retainSeconds: {
      type: 'integer',
      description: 'How long to keep refusing each sid: the longest an access token of it may still live.',
    },
  },
  required: ['cursor', 'sids', 'retainSeconds'],
  examples: [{ cursor: 42, sids: ['Xc2o9pQ1…'], retainSeconds: 360 }],
} as const;
