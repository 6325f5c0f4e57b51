import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyRow } from '../../stores/mfa.js';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the OpenID provider: its
 * id the issuer's host name, its origin the issuer's, where the sign-in and account pages are served.
 */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingPartyOf(issuer: string, productName: string): RelyingParty {
  const url = new URL(issuer);
  return { name: productName, id: url.hostname, origin: url.origin };
}

/** A minute to answer the browser's prompt, plus slack for a slow hand. */
const TIMEOUT_MS = 120_000;

/**
 * The WebAuthn user handle: stable per person (an authenticator keeps one passkey per user handle),
 * and no email in the clear.
 */
const userHandleOf = (email: string) =>
  new Uint8Array(createHash('sha256').update(`meridian-passkey-user:${email}`).digest());

/** RFC 8176: a passkey synced between devices is a software key, one bound to its device hardware. */
export const passkeyMethod = (passkey: Pick<PasskeyRow, 'device_type' | 'backed_up'>): 'swk' | 'hwk' =>
  passkey.device_type === 'multiDevice' || passkey.backed_up ? 'swk' : 'hwk';

export function registrationOptions(
  rp: RelyingParty,
  user: { email: string; name: string },
  existing: readonly Pick<PasskeyRow, 'id' | 'transports'>[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: userHandleOf(user.email),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // The same authenticator twice would be one factor counted as two.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** The registered passkey, or null when the answer is not one for this challenge, origin and RP. */
export async function verifyRegistration(
  rp: RelyingParty,
  expectedChallenge: string,
  response: RegistrationResponseJSON,
): Promise<NewPasskey | null> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    // A second factor after the password: presence is what it proves; a PIN or biometric is welcome.
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

export function authenticationOptions(
  rp: RelyingParty,
  passkeys: readonly Pick<PasskeyRow, 'id' | 'transports'>[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    userVerification: 'preferred',
  });
}

export interface PasskeyUse {
  id: string;
  newCounter: number;
  backedUp: boolean;
  deviceType: string;
}

/** The passkey used, or null when the answer is not a valid signature of one of `passkeys` over the challenge. */
export async function verifyAuthentication(
  rp: RelyingParty,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
  passkeys: readonly PasskeyRow[],
): Promise<PasskeyUse | null> {
  const passkey = passkeys.find((candidate) => candidate.id === response.id);
  if (!passkey) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const info = verification.authenticationInfo;
  return {
    id: passkey.id,
    newCounter: info.newCounter,
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
  };
}
