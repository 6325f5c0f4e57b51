import { describe, expect, it } from 'vitest';
import { factorsText, signInMethodsText } from './second-factors.js';

describe('second factors in words', () => {
  it('names what a user has, never more', () => {
    expect(factorsText({ enrolled: false, kinds: [], passkeyCount: 0 })).toBe('None');
    expect(factorsText({ enrolled: true, kinds: ['TOTP'], passkeyCount: 0 })).toBe('Authenticator app');
    expect(factorsText({ enrolled: true, kinds: ['PASSKEY'], passkeyCount: 1 })).toBe('1 passkey');
    expect(factorsText({ enrolled: true, kinds: ['TOTP', 'PASSKEY'], passkeyCount: 2 })).toBe(
      'Authenticator app and 2 passkeys',
    );
  });

  it('says how a session signed in', () => {
    expect(signInMethodsText(['pwd'])).toBe('Password');
    expect(signInMethodsText(['pwd', 'otp', 'mfa'])).toBe('Password and authenticator app');
    expect(signInMethodsText(['hwk', 'swk', 'mfa'])).toBe('Passkey');
    expect(signInMethodsText(['pwd', 'recovery-code', 'mfa'])).toBe('Password and recovery code');
    expect(signInMethodsText([])).toBe('—');
    // Single sign-on names its identity provider (issue 39), before any factor of Meridian's own.
    expect(signInMethodsText(['fed'], 'login.acme-idp.test')).toBe('Single sign-on (login.acme-idp.test)');
    expect(signInMethodsText(['fed', 'otp', 'mfa'], 'idp.test')).toBe(
      'Single sign-on (idp.test) and authenticator app',
    );
    expect(signInMethodsText(['fed', 'mfa'], null)).toBe('Single sign-on');
  });
});
