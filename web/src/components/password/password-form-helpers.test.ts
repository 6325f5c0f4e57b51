import { MESSAGES, PASSWORD_POLICY_MESSAGE } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { PASSWORDS_DIFFER_MESSAGE, checkNewPassword } from './new-password.js';
import { passwordOutcomeOf } from './password-outcome.js';

describe('checkNewPassword', () => {
  it('applies the policy from schema/ and asks for a matching confirmation', () => {
    expect(checkNewPassword('short1', 'short1')).toEqual({ password: PASSWORD_POLICY_MESSAGE });
    expect(checkNewPassword('long-enough-password-1', 'long-enough-password-2')).toEqual({
      confirmation: PASSWORDS_DIFFER_MESSAGE,
    });
    expect(checkNewPassword('long-enough-password-1', 'long-enough-password-1')).toEqual({});
  });
});

describe('passwordOutcomeOf', () => {
  it('is ok when the gateway says so', () => {
    expect(passwordOutcomeOf({ ok: true, inputErrors: [] })).toEqual({ ok: true, value: true });
  });

  it('puts field errors by field and the rest above the form', () => {
    expect(
      passwordOutcomeOf({
        ok: false,
        inputErrors: [
          { field: 'currentPassword', message: 'Current password is incorrect.' },
          { field: 'newPassword', message: 'New password must be different from the current one.' },
        ],
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        currentPassword: 'Current password is incorrect.',
        newPassword: 'New password must be different from the current one.',
      },
      formError: null,
    });
    expect(
      passwordOutcomeOf({
        ok: false,
        inputErrors: [{ field: null, message: 'This link has expired or was already used. Ask for a new one.' }],
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'This link has expired or was already used. Ask for a new one.',
    });
  });

  it('never fails silently: a refusal without a reason gets the default message', () => {
    expect(passwordOutcomeOf({ ok: false, inputErrors: [] })).toEqual({
      ok: false,
      fieldErrors: {},
      formError: MESSAGES.defaultToastError,
    });
  });
});
