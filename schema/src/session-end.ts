import { MESSAGES } from './messages.js';

/**
 * Why a sign-in session ended (issue 39 §5), recorded with the ending (user_sessions.end_reason) and
 * told to the person: the platform refuses the session's tokens with the reason's words, the gateway
 * passes them on, and the console shows them on its signed-out screen.
 * - signedOut: the person themself (signed out, or ended their own sessions elsewhere);
 * - administrator: someone else who manages them ("Sign out everywhere", or ending one session);
 * - factorReset: an administrator reset their second factors;
 * - passwordReset: an administrator mailed them a link to set a new password;
 * - passwordChanged: their password was set anew (a link) or changed in another session;
 * - deactivated: their deactivation (refused as inactive first; the reason shows only once active again).
 */
export const SESSION_END_REASONS = [
  'signedOut',
  'administrator',
  'factorReset',
  'passwordReset',
  'passwordChanged',
  'deactivated',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

const WORDS: Readonly<Record<SessionEndReason, string>> = {
  signedOut: MESSAGES.signedOutElsewhere,
  administrator: MESSAGES.signedOutByAdministrator,
  factorReset: MESSAGES.factorsResetByAdministrator,
  passwordReset: MESSAGES.passwordResetByAdministrator,
  passwordChanged: MESSAGES.passwordChangedElsewhere,
  // A deactivated person's token is refused as inactive before its session is looked at; one who is
  // active again reads that the session ended, not that they are deactivated.
  deactivated: MESSAGES.sessionEnded,
};

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  (SESSION_END_REASONS as readonly unknown[]).includes(value);

/** The words a token of a session ended for `reason` is refused with; an unknown reason (older rows), the plain ones. */
export function sessionEndedMessageOf(reason: string | null | undefined): string {
  return isSessionEndReason(reason) ? WORDS[reason] : MESSAGES.sessionEnded;
}

const ENDED_MESSAGES: ReadonlySet<string> = new Set([MESSAGES.sessionEnded, ...Object.values(WORDS)]);

/** Whether a refusal's message says the token's session ended (for any reason). */
export const isSessionEndedMessage = (message: unknown): message is string =>
  typeof message === 'string' && ENDED_MESSAGES.has(message);
