import { describe, expect, it } from 'vitest';
import {
  authenticationOptions,
  passkeyMethod,
  registrationOptions,
  relyingPartyOf,
  verifyAuthentication,
  verifyRegistration,
} from './passkeys.js';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRow } from '../../stores/mfa.js';

const rp = relyingPartyOf('https://sign-in.example.test/oidc', 'Meridian');

/** The browser's clientDataJSON for `type` over `challenge`, from `origin`. */
const clientData = (type: string, challenge: string, origin = rp.origin) =>
  Buffer.from(JSON.stringify({ type, challenge, origin })).toString('base64url');

const stored: PasskeyRow = {
  id: 'cred-1',
  email: 'user@acme.test',
  public_key: 'AAAA',
  counter: '0',
  transports: ['internal'],
  device_type: 'singleDevice',
  backed_up: false,
  name: 'Laptop',
  created_at: new Date(),
  last_used_at: null,
};

describe('the relying party', () => {
  it('is the issuer: its host name and its origin, whatever path the provider is mounted at', () => {
    expect(rp).toEqual({ name: 'Meridian', id: 'sign-in.example.test', origin: 'https://sign-in.example.test' });
  });
});

describe('registration options', () => {
  it('name the person, exclude their passkeys, ask no attestation, and carry a fresh challenge', async () => {
    const options = await registrationOptions(rp, { email: 'user@acme.test', name: 'Uma' }, [stored]);
    expect(options).toMatchObject({
      rp: { name: 'Meridian', id: 'sign-in.example.test' },
      user: { name: 'user@acme.test', displayName: 'Uma' },
      attestation: 'none',
      excludeCredentials: [{ id: 'cred-1', type: 'public-key', transports: ['internal'] }],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    // The user handle is stable per person and does not carry the email.
    const again = await registrationOptions(rp, { email: 'user@acme.test', name: 'Uma' }, []);
    expect(again.user.id).toBe(options.user.id);
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain('acme');
    expect(again.challenge).not.toBe(options.challenge);
  });

  it('refuses an answer made for another challenge', async () => {
    const response = {
      id: 'cred-2',
      rawId: 'cred-2',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: clientData('webauthn.create', 'b3RoZXI'), attestationObject: 'AAAA' },
    } as RegistrationResponseJSON;
    expect(await verifyRegistration(rp, 'ZXhwZWN0ZWQ', response)).toBeNull();
  });
});

describe('authentication', () => {
  it('offers the person’s passkeys for the issuer’s host', async () => {
    const options = await authenticationOptions(rp, [stored]);
    expect(options).toMatchObject({
      rpId: 'sign-in.example.test',
      allowCredentials: [{ id: 'cred-1', type: 'public-key', transports: ['internal'] }],
      userVerification: 'preferred',
    });
  });

  it('refuses an answer to another challenge, or from a passkey the person does not have', async () => {
    const answer = (id: string, challenge: string) =>
      ({
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.get', challenge),
          authenticatorData: 'AAAA',
          signature: 'AAAA',
        },
      }) as AuthenticationResponseJSON;
    expect(await verifyAuthentication(rp, 'ZXhwZWN0ZWQ', answer('cred-1', 'b3RoZXI'), [stored])).toBeNull();
    expect(await verifyAuthentication(rp, 'ZXhwZWN0ZWQ', answer('cred-9', 'ZXhwZWN0ZWQ'), [stored])).toBeNull();
  });

  it('names a synced passkey a software key (swk) and a device-bound one a hardware key (hwk)', () => {
    expect(passkeyMethod({ device_type: 'multiDevice', backed_up: true })).toBe('swk');
    expect(passkeyMethod({ device_type: 'singleDevice', backed_up: false })).toBe('hwk');
  });
});
