import { INVITATION_LIFETIME_DAYS } from './time-rules.js';

/**
 * A user's status (issue 18): inactive; invited (created without a password, the invitation's link not
 * yet used); or active. The platform filters on it, the gateway serves it, the console shows it.
 */
export const USER_STATUSES = ['active', 'invited', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The create-user form's choice: "Send an invitation" is the default. */
export const INVITATION_CHOICE_HELP = `The person gets an email with a link to set their own password; the link works for ${INVITATION_LIFETIME_DAYS} days.`;

/** Resend and revoke act only on a user still waiting for their first password. */
export const NOT_INVITED_MESSAGE = 'This user has already set a password; there is no pending invitation.';
