// Spec section 8's message resolution, rule by rule, as decisions.md reads it.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { inputErrorsOf, resolveErrorMessage } from './messages.js';

describe('resolveErrorMessage', () => {
  it('1. a string body is the message', () => {
    expect(resolveErrorMessage({ status: 502, body: 'Bad gateway upstream' })).toBe('Bad gateway upstream');
  });

  it("2. a conflicts list gives the first conflict's message", () => {
    const body = { conflicts: [{ message: 'That email is taken.' }, { message: 'Second' }] };
    expect(resolveErrorMessage({ status: 409, body })).toBe('That email is taken.');
  });

  it("2. a conflicts list without a usable message gives 'Server Error'", () => {
    expect(resolveErrorMessage({ status: 409, body: { conflicts: [] } })).toBe(MESSAGES.serverError);
    expect(resolveErrorMessage({ status: 409, body: { conflicts: [{ code: 'x' }] } })).toBe('Server Error');
  });

  it("3. message and details give one line per detail, '{msg} for {param}'", () => {
    const body = {
      message: 'The request has invalid fields.',
      details: [
        { msg: 'A value is required', param: 'name' },
        { msg: 'Zip code must be 5 digits, or 5 digits, a hyphen and 4 digits.', param: 'primaryContact.zip' },
      ],
    };
    expect(resolveErrorMessage({ status: 400, body })).toBe(
      'A value is required for name\nZip code must be 5 digits, or 5 digits, a hyphen and 4 digits. for primaryContact.zip',
    );
  });

  it('3. a detail without a param is its msg alone', () => {
    const body = { message: 'Invalid', details: [{ msg: 'Something is off' }, { msg: 'Named', param: 'id' }] };
    expect(resolveErrorMessage({ status: 400, body })).toBe('Something is off\nNamed for id');
  });

  it('4. the login-path resetLink rule has no case in the gateway: such a body resolves by its message', () => {
    // The gateway never calls POST /login (the provider's sign-in form does), so a resetLink body is
    // not passed on as is; were one to reach it, its message is what a client sees.
    const body = { message: MESSAGES.passwordExpired, resetLink: 'http://console/create-password?token=t' };
    expect(resolveErrorMessage({ status: 403, body })).toBe(MESSAGES.passwordExpired);
  });

  it("5. otherwise the body's message", () => {
    expect(resolveErrorMessage({ status: 403, body: { message: MESSAGES.permissionDenied } })).toBe(
      MESSAGES.permissionDenied,
    );
  });

  it("5. then the transport error's own message (connection refused, timeout, reset)", () => {
    expect(resolveErrorMessage({ transportError: { message: 'Connection refused' } })).toBe('Connection refused');
    // A response whose body broke off mid-way: its status is known, the transport failure says why.
    expect(
      resolveErrorMessage({
        status: 200,
        body: undefined,
        transportError: { message: 'Timed out waiting for the response' },
      }),
    ).toBe('Timed out waiting for the response');
  });

  it("5. the body's message comes before the transport error's", () => {
    expect(
      resolveErrorMessage({
        status: 500,
        body: { message: 'Database down' },
        transportError: { message: 'Connection reset' },
      }),
    ).toBe('Database down');
  });

  it('5. then the joined msg values of an errors list', () => {
    const body = { errors: [{ msg: 'First problem' }, { msg: 'Second problem' }, { other: true }] };
    expect(resolveErrorMessage({ status: 422, body })).toBe('First problem, Second problem');
  });

  it("5. then '{status} http status received'", () => {
    expect(resolveErrorMessage({ status: 503, body: undefined })).toBe('503 http status received');
    expect(resolveErrorMessage({ status: 500, body: { unrelated: 1 } })).toBe(MESSAGES.httpStatus(500));
    expect(resolveErrorMessage({ status: 500, body: { message: '   ', errors: [] } })).toBe('500 http status received');
  });

  it("6. no response and no message of the failure: 'No response received'", () => {
    expect(resolveErrorMessage({ transportError: {} })).toBe(MESSAGES.noResponse);
    expect(resolveErrorMessage({ transportError: { message: '' } })).toBe('No response received');
  });

  it("7. nothing known at all: 'Something went wrong'", () => {
    expect(resolveErrorMessage({})).toBe(MESSAGES.lastFallback);
  });
});

describe('inputErrorsOf', () => {
  it('names the field of each detail', () => {
    const body = { message: 'Invalid', details: [{ msg: 'A value is required', param: 'name' }, { msg: 'No param' }] };
    expect(inputErrorsOf(body)).toEqual([
      { field: 'name', message: 'A value is required' },
      { field: null, message: 'No param' },
    ]);
  });

  it('gives conflicts with no field, or the field a conflict names', () => {
    expect(inputErrorsOf({ conflicts: [{ message: 'The user limit is reached.' }] })).toEqual([
      { field: null, message: 'The user limit is reached.' },
    ]);
    expect(
      inputErrorsOf({ conflicts: [{ message: 'An organization with id acme already exists.', param: 'id' }] }),
    ).toEqual([{ field: 'id', message: 'An organization with id acme already exists.' }]);
  });

  it('gives nothing for other bodies', () => {
    expect(inputErrorsOf({ message: 'Forbidden' })).toEqual([]);
    expect(inputErrorsOf('text')).toEqual([]);
    expect(inputErrorsOf(undefined)).toEqual([]);
  });
});
