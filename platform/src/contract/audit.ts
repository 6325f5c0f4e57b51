import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, ROLES } from '@meridian/schema';
import type { FromSchema } from 'json-schema-to-ts';
import { isoDateTime } from './common.js';

/** Page sizes: the console's pages ask for 50; CSV export pages through with up to 1,000. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 1000;

export const AUDIT_ACTOR_KINDS = ['user', 'client', 'anonymous', 'connection', 'directory'] as const;

const nullableString = { type: ['string', 'null'] } as const;

/** One field an audited write changed; values as the platform stored them (any JSON). */
const auditChange = {
  type: 'object',
  additionalProperties: false,
  properties: {
    field: { type: 'string', description: 'The REST field, as a dotted path; for provider links the NPI.' },
    before: { description: 'Any JSON value; null when there was none.' },
    after: { description: 'Any JSON value; null when there is none now.' },
  },
  required: ['field'],
} as const;

export const auditEventBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    occurredAt: isoDateTime,
    actor: { type: 'string', description: "The user's email, the client id, or the email an anonymous call named." },
    actorName: nullableString,
    actorKind: { type: 'string', enum: [...AUDIT_ACTOR_KINDS] },
    actorRole: { type: ['string', 'null'], enum: [...ROLES, null] },
    actorOrganizationId: nullableString,
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    organizationId: nullableString,
    targetType: { type: ['string', 'null'], enum: [...AUDIT_TARGET_TYPES, null] },
    targetId: nullableString,
    changes: { type: 'array', items: auditChange },
    details: {
      type: ['object', 'null'],
      // Open by design: each action keeps its own facts (a bulk call's counts, a sign-in's reason).
      additionalProperties: true,
      description: 'Facts of the action besides the changes, by name (any JSON values).',
    },
    requestId: nullableString,
    clientIp: nullableString,
    traceId: {
      ...nullableString,
      description: 'The OpenTelemetry trace id of the request that recorded it; null when tracing was off.',
    },
    cursor: { type: 'string', description: 'Pass as `after` for the events older than this one.' },
  },
  required: [
    'id',
    'occurredAt',
    'actor',
    'actorName',
    'actorKind',
    'actorRole',
    'actorOrganizationId',
    'action',
    'organizationId',
    'targetType',
    'targetId',
    'changes',
    'details',
    'requestId',
    'clientIp',
    'traceId',
    'cursor',
  ],
} as const;

/** A page of the trail, newest first: `nextCursor` continues it when `hasMore`. */
export const auditPageBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: auditEventBody },
    nextCursor: { ...nullableString, description: 'Pass as `after` for the next page; null on the last.' },
    hasMore: { type: 'boolean' },
  },
  required: ['data', 'nextCursor', 'hasMore'],
  examples: [
    {
      data: [
        {
          id: '42',
          occurredAt: '2026-11-24T10:00:00.000Z',
          actor: 'admin@meridian.test',
          actorName: 'Ada Admin',
          actorKind: 'user',
          actorRole: 'systemAdmin',
          actorOrganizationId: 'meridian',
          action: 'organization.update',
          organizationId: 'acme',
          targetType: 'organization',
          targetId: 'acme',
          changes: [{ field: 'name', before: 'Acme Health', after: 'Acme Health Partners' }],
          details: null,
          requestId: 'req-1',
          clientIp: '203.0.113.7',
          cursor: 'MTc2NDAwMDAwMDAwMDAwMC40Mg',
        },
      ],
      nextCursor: 'MTc2NDAwMDAwMDAwMDAwMC40Mg',
      hasMore: true,
    },
  ],
} as const;

export const auditQuery = {
  type: 'object',
  properties: {
    organizationId: { type: 'string', minLength: 1, maxLength: 64 },
    actor: { type: 'string', minLength: 1, maxLength: 254 },
    targetType: { type: 'string', enum: [...AUDIT_TARGET_TYPES] },
    targetId: { type: 'string', minLength: 1, maxLength: 254 },
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    after: { type: 'string', maxLength: 200, description: 'The nextCursor of the previous page.' },
    first: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT },
  },
} as const;
export type AuditQuery = FromSchema<typeof auditQuery>;
