/**
 * How a sign-in was made, as RFC 8176 authentication method references (the session's and the ID
 * token's `amr`): a password alone; with a code (authenticator app or recovery code); or with a
 * passkey, `swk` when it is synced between devices (a software key), `hwk` when bound to its device.
 */
export const PASSWORD_ONLY = ['pwd'];
export const WITH_CODE = ['pwd', 'otp', 'mfa'];
export const withPasskey = (method: 'hwk' | 'swk') => ['pwd', method, 'mfa'];
/** A sign-in begun at the organization's identity provider (single sign-on) names `fed` in place of `pwd`. */
export const FEDERATED = 'fed';
