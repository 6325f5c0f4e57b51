import type { SecondFactorKind } from '../../../../gql/graphql.js';

/** How each kind of second factor reads to people. */
export const FACTOR_NAMES: Readonly<Record<SecondFactorKind, string>> = {
  TOTP: 'Authenticator app',
  PASSKEY: 'Passkey',
};

/** Recovery codes come ten at a time (shown once, at enrollment or when made anew). */
export const RECOVERY_CODES_ISSUED = 10;

/** What a user's second factors come to, in words: "Authenticator app and 2 passkeys", "None". */
export function factorsText(mfa: { enrolled: boolean; kinds: readonly SecondFactorKind[]; passkeyCount: number }) {
  if (!mfa.enrolled) return 'None';
  const parts: string[] = [];
  if (mfa.kinds.includes('TOTP')) parts.push(FACTOR_NAMES.TOTP);
  if (mfa.kinds.includes('PASSKEY') || mfa.passkeyCount > 0)
    parts.push(mfa.passkeyCount === 1 ? '1 passkey' : `${mfa.passkeyCount} passkeys`);
  return parts.length === 0 ? 'Set up' : parts.join(' and ');
}

/** How a session signed in, from its RFC 8176 methods: "Password and authenticator app". */
const METHOD_NAMES: Readonly<Record<string, string>> = {
  pwd: 'password',
  otp: 'authenticator app',
  // Meridian's own value (RFC 8176 has none): platform/src/domain/mfa/methods.ts.
  'recovery-code': 'recovery code',
  hwk: 'passkey',
  swk: 'passkey',
};

/**
 * How a session signed in, in words: "Password and authenticator app"; a single sign-on session names
 * its identity provider, "Single sign-on (login.acme-idp.test)" (RFC 8176 `fed`, issue 39).
 */
export function signInMethodsText(methods: readonly string[], identityProvider?: string | null): string {
  const federated = methods.includes('fed')
    ? [identityProvider ? `single sign-on (${identityProvider})` : 'single sign-on']
    : [];
  const named = [
    ...new Set([...federated, ...methods.map((method) => METHOD_NAMES[method]).filter((name) => name !== undefined)]),
  ];
  if (named.length === 0) return '—';
  const text = named.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
