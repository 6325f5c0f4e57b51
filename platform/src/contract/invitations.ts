import { USER_PROVENANCES, USER_STATUSES } from '@meridian/schema';
import { isoDateTime } from './common.js';

/**
 * Invitations (issue 18). A user's record carries `status` and `invitation` (userInvitationProperties,
 * to spread into the user body's properties); resend answers the new invitation, revoke nothing.
 */
export const invitationBody = {
  description: 'A pending invitation: when its link was mailed and until when it works',
  type: 'object',
  additionalProperties: false,
  properties: {
    sentAt: isoDateTime,
    expiresAt: isoDateTime,
    expired: { type: 'boolean', description: 'The link no longer works; resend to mail a new one.' },
  },
  required: ['sentAt', 'expiresAt', 'expired'],
} as const;

/** The invitation fields of a user record. */
export const userInvitationProperties = {
  status: {
    type: 'string',
    enum: USER_STATUSES,
    description: 'inactive; invited (no password yet, the invitation pending); or active.',
  },
  invitation: {
    description: 'The pending invitation of an invited user; null otherwise.',
    oneOf: [invitationBody, { type: 'null' }],
  },
} as const;

/** GET /user's status and provenance filters. */
export const userStatusQuery = {
  status: { type: 'string', enum: USER_STATUSES, description: 'Only users with this status.' },
  provenance: { type: 'string', enum: USER_PROVENANCES, description: 'Only users who came this way.' },
} as const;

/** POST /user/{email}/invitation: who was invited again, and the new link's dates. */
export const resentInvitationBody = {
  description: 'A new link was mailed; earlier links stopped working',
  type: 'object',
  additionalProperties: false,
  properties: { email: { type: 'string' }, invitation: invitationBody },
  required: ['email', 'invitation'],
} as const;
