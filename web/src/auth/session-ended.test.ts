import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { MESSAGES } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { authFailureOf, gatewayVerdictOf, sessionEndedMessage, SESSION_ENDED_MESSAGES } from './session-ended.js';

const HOUR = 3_600_000;
const facts = { signedInAt: 0, now: HOUR, sessionMaxMs: 12 * HOUR };

const body = (message: string, code = 'UNAUTHENTICATED') =>
  JSON.stringify({ errors: [{ message, extensions: { code } }] });
const serverError = (status: number, text: string) =>
  new ServerError('Response not successful', { response: new Response(text, { status }), bodyText: text });

describe('why a session ended', () => {
  it('reads a working token with a refused refresh as a sign-out elsewhere', () => {
    expect(sessionEndedMessage({ ...facts, gateway: 'ok' })).toBe(
      'Your session ended because you signed out elsewhere.',
    );
  });

  it('reads a token refused because its session was ended (issue 29) in the words of why, whatever its age', () => {
    const byAdmin = { ended: MESSAGES.signedOutByAdministrator };
    expect(sessionEndedMessage({ ...facts, gateway: byAdmin })).toBe('An administrator signed you out.');
    expect(sessionEndedMessage({ ...facts, now: 12 * HOUR, gateway: byAdmin })).toBe(MESSAGES.signedOutByAdministrator);
    expect(sessionEndedMessage({ ...facts, gateway: { ended: MESSAGES.factorsResetByAdministrator } })).toBe(
      'An administrator reset your second factors.',
    );
    expect(sessionEndedMessage({ ...facts, gateway: { ended: MESSAGES.signedOutElsewhere } })).toBe(
      SESSION_ENDED_MESSAGES.signedOutElsewhere,
    );
  });

  it('reads a gateway refusing the user as deactivation', () => {
    expect(sessionEndedMessage({ ...facts, gateway: 'inactive' })).toBe(MESSAGES.inactiveUser);
    // Even at the end of the sign-in's life: deactivation is the reason worth telling.
    expect(sessionEndedMessage({ ...facts, now: 12 * HOUR, gateway: 'inactive' })).toBe(MESSAGES.inactiveUser);
  });

  it('reads a refusal at the end of the sign-in, or with nothing else known, as expiry', () => {
    expect(sessionEndedMessage({ ...facts, now: 12 * HOUR, gateway: 'ok' })).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(sessionEndedMessage({ ...facts, gateway: 'unauthenticated' })).toBe(SESSION_ENDED_MESSAGES.expired);
    expect(sessionEndedMessage({ ...facts, gateway: 'unreachable' })).toBe(SESSION_ENDED_MESSAGES.expired);
    expect(sessionEndedMessage({ ...facts, signedInAt: null, gateway: 'ok' })).toBe(
      SESSION_ENDED_MESSAGES.signedOutElsewhere,
    );
  });

  it('words the idle sign-out with the configured minutes', () => {
    expect(SESSION_ENDED_MESSAGES.idle(30)).toBe('You were signed out after 30 minutes without activity.');
  });
});

describe('what a failed request says about the session', () => {
  it('tells a deactivated user (HTTP 401 with the inactive message) from a refused token', () => {
    expect(authFailureOf(serverError(401, body(MESSAGES.inactiveUser)))).toBe('inactive');
    expect(authFailureOf(serverError(401, body('The access token is invalid or expired.')))).toBe('unauthenticated');
    expect(authFailureOf(serverError(401, 'Unauthorized'))).toBe('unauthenticated');
  });

  it('reads UNAUTHENTICATED among GraphQL errors on a 200', () => {
    const inactive = new CombinedGraphQLErrors({
      errors: [{ message: MESSAGES.inactiveUser, extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const noToken = new CombinedGraphQLErrors({
      errors: [{ message: 'You must sign in to do that.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(authFailureOf(inactive)).toBe('inactive');
    expect(authFailureOf(noToken)).toBe('unauthenticated');
  });

  it('ignores every other error', () => {
    const forbidden = new CombinedGraphQLErrors({
      errors: [{ message: MESSAGES.permissionDenied, extensions: { code: 'FORBIDDEN' } }],
    });
    expect(authFailureOf(forbidden)).toBeNull();
    expect(authFailureOf(serverError(502, body('Connection refused', 'PLATFORM_UNAVAILABLE')))).toBeNull();
    expect(authFailureOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe("the gateway's answer to the session check", () => {
  it('classifies each answer', () => {
    expect(gatewayVerdictOf(200, JSON.stringify({ data: { viewer: { email: 'a@acme.test' } } }))).toBe('ok');
    expect(gatewayVerdictOf(401, body(MESSAGES.inactiveUser))).toBe('inactive');
    expect(gatewayVerdictOf(200, body(MESSAGES.inactiveUser))).toBe('inactive');
    expect(gatewayVerdictOf(401, body('The access token is invalid or expired.'))).toBe('unauthenticated');
    expect(gatewayVerdictOf(401, body(MESSAGES.sessionEnded))).toEqual({ ended: MESSAGES.sessionEnded });
    // Why the session ended, as the platform said it (issue 39): an administrator, never "elsewhere".
    expect(gatewayVerdictOf(401, body(MESSAGES.signedOutByAdministrator))).toEqual({
      ended: 'An administrator signed you out.',
    });
    expect(gatewayVerdictOf(401, body(MESSAGES.passwordResetByAdministrator))).toEqual({
      ended: MESSAGES.passwordResetByAdministrator,
    });
    expect(gatewayVerdictOf(503, body('Sign-in cannot be checked right now.', 'SERVICE_UNAVAILABLE'))).toBe(
      'unreachable',
    );
    expect(gatewayVerdictOf(200, 'not json')).toBe('unreachable');
  });
});
