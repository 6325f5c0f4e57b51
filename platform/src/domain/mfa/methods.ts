/**
 * How a sign-in was made, as RFC 8176 authentication method references (the session's and the ID
 * token's `amr`): a password alone; with an authenticator app's code (`otp`, RFC 6238); with a
 * recovery code; or with a passkey, `swk` when it is synced between devices (a software key), `hwk`
 * when bound to its device.
 *
 * RFC 8176 has no value for a recovery code, which is neither a one-time password of RFC 4226/6238
 * (`otp`) nor knowledge (`kba`): it is `recovery-code`, Meridian's own value (as `fed` is for a
 * federated first step), so that a relying party, the sessions list and the trail can tell a sign-in
 * that spent one (the factor itself may be lost) from one with the app.
 */
export const PASSWORD_ONLY = ['pwd'];
export const WITH_CODE = ['pwd', 'otp', 'mfa'];
export const RECOVERY_CODE = 'recovery-code';
export const WITH_RECOVERY_CODE = ['pwd', RECOVERY_CODE, 'mfa'];
export const withPasskey = (method: 'hwk' | 'swk') => ['pwd', method, 'mfa'];
/** A sign-in begun at the organization's identity provider (single sign-on) names `fed` in place of `pwd`. */
export const FEDERATED = 'fed';
