import { MESSAGES } from '@meridian/schema';

/**
 * A request refused before any field runs: a present but bad token (401), a token without the
 * api_access scope (403), or sign-in keys that cannot be fetched (503). Answered as a JSON GraphQL
 * error with this status, never a 200.
 */
export class AuthRefusal extends Error {
  constructor(
    readonly status: 401 | 403 | 503,
    message: string,
    readonly code: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'SERVICE_UNAVAILABLE',
    /** The WWW-Authenticate challenge (RFC 6750) when the token is at fault. */
    readonly challenge?: string,
    /** Why, for the log only (never sent: it would tell an attacker which check to dodge). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AuthRefusal';
  }
}

export const INVALID_TOKEN_MESSAGE = 'The access token is invalid or expired.';
export const MISSING_SCOPE_MESSAGE = 'The access token lacks the api_access scope.';
export const KEYS_UNAVAILABLE_MESSAGE = 'Sign-in cannot be checked right now. Try again shortly.';

/**
 * The token's sign-in session has ended (signed out, revoked, deactivation, a reset): refused like a bad
 * token, in the platform's words for why (`message`, schema's sessionEndedMessageOf) when it said them.
 */
export const sessionEnded = (message: string = MESSAGES.sessionEnded) =>
  new AuthRefusal(401, message, 'UNAUTHENTICATED', 'Bearer error="invalid_token"', 'session ended');

export const invalidToken = (reason: string) =>
  new AuthRefusal(401, INVALID_TOKEN_MESSAGE, 'UNAUTHENTICATED', 'Bearer error="invalid_token"', reason);

export const missingScope = () =>
  new AuthRefusal(
    403,
    MISSING_SCOPE_MESSAGE,
    'FORBIDDEN',
    'Bearer error="insufficient_scope", scope="api_access"',
    'scope',
  );

export const keysUnavailable = (reason: string) =>
  new AuthRefusal(503, KEYS_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE', undefined, reason);
