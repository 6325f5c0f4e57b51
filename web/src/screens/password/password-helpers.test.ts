import { MESSAGES, PASSWORD_POLICY_MESSAGE } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { expiryText } from './expiry-text.js';
import { PASSWORDS_DIFFER_MESSAGE, checkNewPassword } from './new-password.js';
import { passwordOutcomeOf } from './password-outcome.js';
import { returnPathOf } from './return-path.js';

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

describe('returnPathOf', () => {
  it('follows the page the guard came from, within the console only', () => {
    expect(returnPathOf({ from: '/analytics/overview' })).toBe('/analytics/overview');
    expect(returnPathOf({ from: { pathname: '/admin/org-management', search: '?page=2', hash: '' } })).toBe(
      '/admin/org-management?page=2',
    );
    expect(returnPathOf(null)).toBe('/');
    expect(returnPathOf({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '//evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '/expiring-password' })).toBe('/');
  });
});

describe('expiryText', () => {
  it('counts the days left, and says when the password has expired', () => {
    expect(expiryText(3).lead).toContain('expires in 3 days');
    expect(expiryText(1).lead).toContain('expires in 1 day.');
    expect(expiryText(0).title).toBe('Your password has expired');
  });
});
