/**
 * How a sign-in was made, in words, from its RFC 8176 authentication method references (a token's and
 * a session's `amr`, a sign-in event's `methods`). The platform records the codes; everything a person
 * reads says them with these names.
 */
export const SIGN_IN_METHOD_NAMES: Readonly<Record<string, string>> = {
  pwd: 'Password',
  otp: 'Authenticator code',
  hwk: 'Passkey',
  swk: 'Passkey',
  fed: 'Single sign-on',
  mfa: 'Second factor',
  // Not in RFC 8176: a sign-in that spent a recovery code (decisions.md, issue 39 §4).
  'recovery-code': 'Recovery code',
  sms: 'Text message code',
  tel: 'Phone call',
  pin: 'PIN',
  kba: 'Security questions',
  sc: 'Smart card',
  fpt: 'Fingerprint',
  face: 'Face recognition',
  user: 'User presence',
  pop: 'Proof of possession',
  rba: 'Risk-based check',
  wia: 'Windows sign-in',
};

/** One method's name; a code this version does not know reads as itself, so nothing is hidden. */
export const signInMethodName = (method: string): string => SIGN_IN_METHOD_NAMES[method] ?? method;

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/**
 * A sign-in's methods as one phrase: ["pwd", "otp", "mfa"] → "Password and authenticator code";
 * ["fed", "mfa"] → "Single sign-on with a second factor" (the identity provider vouched for one);
 * ["fed"] → "Single sign-on". `mfa` says only that two factors were used: it is named when fewer than
 * two factors are. An empty list reads "Unknown".
 */
export function signInMethodsText(methods: readonly string[]): string {
  const factors = [...new Set(methods.filter((method) => method !== 'mfa').map(signInMethodName))];
  if (factors.length === 0) return methods.includes('mfa') ? SIGN_IN_METHOD_NAMES.mfa! : 'Unknown';
  const [first, ...rest] = factors;
  const joined = [first!, ...rest.map(lowerFirst)];
  const text = joined.length === 1 ? first! : `${joined.slice(0, -1).join(', ')} and ${joined.at(-1)!}`;
  return methods.includes('mfa') && factors.length < 2 ? `${text} with a second factor` : text;
}
