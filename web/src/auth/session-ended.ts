import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { isSessionEndedMessage, MESSAGES } from '@meridian/schema';

/** Why a session ended without the user signing out here: the message the signed-out screen shows. */
export const SESSION_ENDED_MESSAGES = {
  signedOutElsewhere: MESSAGES.signedOutElsewhere,
  inactiveUser: MESSAGES.inactiveUser,
  expired: 'Your session has expired. Please sign in again.',
  idle: (minutes: number) => `You were signed out after ${minutes} minute${minutes === 1 ? '' : 's'} without activity.`,
} as const;

/**
 * How the gateway answered the session check (`viewer { email }` with the current access token):
 * - ok: the user is known and active;
 * - inactive: refused because the user was deactivated (MESSAGES.inactiveUser);
 * - { ended }: refused because the sign-in session was ended, in the platform's words for why (schema's
 *   session-end.ts: signed out elsewhere, "An administrator signed you out", a factor or password reset);
 * - unauthenticated: the token itself was refused (expired or not valid);
 * - unreachable: no answer (network, 5xx): says nothing about the session.
 */
export type GatewayVerdict = 'ok' | 'inactive' | EndedVerdict | 'unauthenticated' | 'unreachable';

/** The session ended; `ended` is why, in the words to show (one of schema's session-ended messages). */
export interface EndedVerdict {
  ended: string;
}

export const isEnded = (verdict: GatewayVerdict): verdict is EndedVerdict => typeof verdict === 'object';

/** What a failed request tells about the session: nothing, a deactivated user, or a refused token. */
export type AuthFailure = 'inactive' | 'unauthenticated';

export interface SessionEndFacts {
  /** The gateway's answer after the provider refused to refresh. */
  gateway: GatewayVerdict;
  /** When the user signed in (ms), when known. */
  signedInAt: number | null;
  now: number;
  /** How long a sign-in lasts at the provider. */
  sessionMaxMs: number;
}

/** Refresh tokens refused within this long of the session's end read as its natural expiry. */
const EXPIRY_SLACK_MS = 60_000;

/**
 * The message for a session the provider no longer refreshes (its refresh grant answered invalid_grant,
 * which it does alike for a sign-out elsewhere, a revoked token, a deactivated user and an expired
 * sign-in). The gateway tells deactivation apart, and an ended session with why it ended; the sign-in's
 * age tells expiry apart; a token that still works at the gateway while the provider refuses to refresh
 * means the session was ended at the provider: signed out elsewhere (or its refresh token revoked).
 */
export function sessionEndedMessage(facts: SessionEndFacts): string {
  if (facts.gateway === 'inactive') return SESSION_ENDED_MESSAGES.inactiveUser;
  // The gateway refuses a token of an ended session at once (issue 29), saying why (issue 39): an
  // administrator's sign-out reads as theirs, never as "you signed out elsewhere".
  if (isEnded(facts.gateway)) return facts.gateway.ended;
  if (facts.signedInAt !== null && facts.now - facts.signedInAt >= facts.sessionMaxMs - EXPIRY_SLACK_MS) {
    return SESSION_ENDED_MESSAGES.expired;
  }
  if (facts.gateway === 'ok') return SESSION_ENDED_MESSAGES.signedOutElsewhere;
  return SESSION_ENDED_MESSAGES.expired;
}

interface ErrorEntry {
  message?: unknown;
  extensions?: { code?: unknown } | null;
}

/** The auth failure among GraphQL errors: UNAUTHENTICATED, told apart by the inactive-user message. */
function failureOfEntries(entries: readonly ErrorEntry[]): AuthFailure | null {
  const refusal = entries.find((entry) => entry.extensions?.code === 'UNAUTHENTICATED');
  if (!refusal) return null;
  return refusal.message === MESSAGES.inactiveUser ? 'inactive' : 'unauthenticated';
}

/** The errors of a JSON GraphQL body, or none when the text is something else. */
export function errorsOfBody(bodyText: string): ErrorEntry[] {
  try {
    const body = JSON.parse(bodyText) as { errors?: unknown };
    return Array.isArray(body.errors) ? (body.errors as ErrorEntry[]) : [];
  } catch {
    return [];
  }
}

/**
 * What an Apollo error says about the session: the gateway answers HTTP 401 before executing anything
 * (bad token, or a deactivated user whose record it has to fetch), and UNAUTHENTICATED on a 200 when a
 * field finds the user refused meanwhile or no token was sent at all.
 */
export function authFailureOf(error: unknown): AuthFailure | null {
  if (CombinedGraphQLErrors.is(error)) return failureOfEntries(error.errors);
  if (ServerError.is(error) && error.statusCode === 401) {
    return failureOfEntries(errorsOfBody(error.bodyText)) === 'inactive' ? 'inactive' : 'unauthenticated';
  }
  return null;
}

/** The verdict of a raw answer of the gateway to the session check. */
export function gatewayVerdictOf(status: number, bodyText: string): GatewayVerdict {
  const entries = errorsOfBody(bodyText);
  const failure = failureOfEntries(entries);
  if (status === 401) {
    if (failure === 'inactive') return 'inactive';
    const ended = entries.find((entry) => isSessionEndedMessage(entry.message));
    return ended ? { ended: ended.message as string } : 'unauthenticated';
  }
  if (status >= 500 || status === 0) return 'unreachable';
  if (failure) return failure;
  if (status === 200) {
    try {
      const body = JSON.parse(bodyText) as { data?: { viewer?: unknown } | null };
      if (body.data?.viewer) return 'ok';
    } catch {
      // not JSON: unreachable below
    }
  }
  return 'unreachable';
}
