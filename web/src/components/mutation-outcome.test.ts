import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MESSAGES } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { formKeyOf, isServiceUnavailable, messageOfError, outcomeOfPayload, runMutation } from './mutation-outcome.js';

describe('mutation outcomes', () => {
  it('answers the changed object when the payload has no input errors', () => {
    expect(outcomeOfPayload({ inputErrors: [] }, { id: 'acme' })).toEqual({ ok: true, value: { id: 'acme' } });
  });

  it('puts field errors beside their fields and conflicts (field null) on the form', () => {
    const outcome = outcomeOfPayload(
      {
        inputErrors: [
          { field: 'input.primaryContact.email', message: 'Email must be a valid address, like name@example.com.' },
          { field: 'input.primaryContact.email', message: 'A second word about the same field' },
          { field: null, message: 'An organization with id acme already exists.' },
        ],
      },
      null,
    );
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: { 'primaryContact.email': 'Email must be a valid address, like name@example.com.' },
      formError: 'An organization with id acme already exists.',
    });
  });

  it('sends errors of fields the form does not show to the form message, so nothing is lost', () => {
    const outcome = outcomeOfPayload({ inputErrors: [{ field: 'input.licenses', message: 'Odd.' }] }, null, {
      knownFields: ['name'],
    });
    expect(outcome).toEqual({ ok: false, fieldErrors: {}, formError: 'Odd.' });
  });

  it('says something went wrong when neither an object nor a reason came back', () => {
    expect(outcomeOfPayload({ inputErrors: [] }, null)).toEqual({
      ok: false,
      fieldErrors: {},
      formError: MESSAGES.defaultToastError,
    });
  });

  it('names fields by their path after the prefix; other arguments keep their name', () => {
    expect(formKeyOf('input.licenses.userLimit', 'input')).toBe('licenses.userLimit');
    expect(formKeyOf('organizationId', 'input')).toBe('organizationId');
    expect(formKeyOf('credentialId', '')).toBe('credentialId');
  });

  it('words failed requests: the GraphQL message, or no response', async () => {
    const graphQLError = new CombinedGraphQLErrors({ errors: [{ message: 'You do not have permission to do that.' }] });
    expect(messageOfError(graphQLError)).toBe('You do not have permission to do that.');
    expect(messageOfError(new TypeError('Failed to fetch'))).toBe(MESSAGES.noResponse);
    const outcome = await runMutation(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ({ payload: null, value: null }),
    );
    expect(outcome).toEqual({ ok: false, fieldErrors: {}, formError: MESSAGES.noResponse });
  });

  it('says in plain words that the service cannot be reached, never the transport’s words', () => {
    const unreachable = new CombinedGraphQLErrors({
      errors: [{ message: 'Connection reset', extensions: { code: 'PLATFORM_UNAVAILABLE' } }],
    });
    expect(isServiceUnavailable(unreachable)).toBe(true);
    expect(messageOfError(unreachable)).toBe(MESSAGES.serviceUnavailable);
    expect(MESSAGES.serviceUnavailable).toBe(
      'The service can’t be reached right now. This page will try again by itself.',
    );
    const badGateway = new ServerError('Bad Gateway', { response: new Response('', { status: 502 }), bodyText: '' });
    expect(messageOfError(badGateway)).toBe(MESSAGES.serviceUnavailable);
    // A refusal is no outage: its own words, and nothing to retry.
    const refused = new CombinedGraphQLErrors({ errors: [{ message: 'No.', extensions: { code: 'FORBIDDEN' } }] });
    expect(isServiceUnavailable(refused)).toBe(false);
    expect(messageOfError(refused)).toBe('No.');
  });
});
