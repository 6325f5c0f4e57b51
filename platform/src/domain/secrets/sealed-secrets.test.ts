import { describe, expect, it } from 'vitest';
import { sealedSecrets, type SecretBinding } from './sealed-secrets.js';

const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const alice: SecretBinding = { table: 'mfa_totp', row: 'alice@example.com' };
const bob: SecretBinding = { table: 'mfa_totp', row: 'bob@example.com' };

/** Sealed by the v1 box this module replaced (secret 'an-old-secret'), as rows saved before it hold. */
const LEGACY_V1 = 'v1.av7zKbEWuW30gE_k.UP1YW_ODWwicvAd7IJ79YQ.A8pzdJGfiuTcmoVK9hXw91wxJ9C8AZhh';

const headerOf = (sealed: string) =>
  JSON.parse(Buffer.from((JSON.parse(sealed) as { protected: string }).protected, 'base64url').toString()) as Record<
    string,
    unknown
  >;

describe('sealed secrets (JWE dir/A256GCM, a key per purpose, bound to their row)', () => {
  const sealer = sealedSecrets(['first-secret']);

  it('seal to a JWE that hides the value, differs each time, and opens where it was sealed', async () => {
    const sealed = await sealer.seal('totp', alice, KEY);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(sealed).not.toContain('alice');
    expect(headerOf(sealed)).toMatchObject({ alg: 'dir', enc: 'A256GCM', kid: expect.any(String) });
    expect(await sealer.seal('totp', alice, KEY)).not.toBe(sealed);
    expect(await sealer.open('totp', alice, sealed)).toBe(KEY);
  });

  it('refuse a value moved to another row or another table', async () => {
    const sealed = await sealer.seal('totp', alice, KEY);
    expect(await sealer.open('totp', bob, sealed)).toBeNull();
    expect(await sealer.open('totp', { table: 'mfa_pending', row: alice.row }, sealed)).toBeNull();
  });

  it('refuse a value opened as another kind of secret, even in the same place', async () => {
    const place = { table: 'webhooks', row: 'wh_1' };
    const sealed = await sealer.seal('webhook-signing', place, 'whsec_x');
    expect(await sealer.open('sso-client-secret', place, sealed)).toBeNull();
    expect(await sealer.open('webhook-signing', place, sealed)).toBe('whsec_x');
  });

  it('rotate: a new first secret seals, the old one still opens what it sealed, a removed one does not', async () => {
    const old = await sealer.seal('totp', alice, KEY);
    const rotated = sealedSecrets(['second-secret', 'first-secret']);
    expect(await rotated.open('totp', alice, old)).toBe(KEY);
    const fresh = await rotated.seal('totp', alice, KEY);
    expect(headerOf(fresh).kid).not.toBe(headerOf(old).kid);
    expect(await sealedSecrets(['second-secret']).open('totp', alice, fresh)).toBe(KEY);
    expect(await sealedSecrets(['second-secret']).open('totp', alice, old)).toBeNull();
    expect(await sealedSecrets(['another-secret']).open('totp', alice, fresh)).toBeNull();
  });

  it('refuse a tampered value, a forged kid, and text that is no sealed value', async () => {
    const sealed = await sealer.seal('totp', alice, KEY);
    const jwe = JSON.parse(sealed) as Record<string, string>;
    const flip = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;
    for (const field of ['ciphertext', 'tag', 'iv', 'protected'])
      expect(await sealer.open('totp', alice, JSON.stringify({ ...jwe, [field]: flip(jwe[field]!) }))).toBeNull();
    const otherKid = Buffer.from(JSON.stringify({ ...headerOf(sealed), kid: 'nobody' })).toString('base64url');
    expect(await sealer.open('totp', alice, JSON.stringify({ ...jwe, protected: otherKid }))).toBeNull();
    for (const junk of ['', 'null', '{}', 'not json', KEY]) expect(await sealer.open('totp', alice, junk)).toBeNull();
  });

  it('still open a legacy v1 value with any configured secret (unbound, as it was), and a tampered one not', async () => {
    const rotated = sealedSecrets(['first-secret', 'an-old-secret']);
    expect(await rotated.open('totp', alice, LEGACY_V1)).toBe(KEY);
    expect(await rotated.open('sso-client-secret', { table: 'organization_sso', row: 'org' }, LEGACY_V1)).toBe(KEY);
    expect(await sealer.open('totp', alice, LEGACY_V1)).toBeNull();
    const [version, iv, tag, body] = LEGACY_V1.split('.');
    expect(await rotated.open('totp', alice, [version, iv, tag, `B${body!.slice(1)}`].join('.'))).toBeNull();
  });

  it('need at least one secret', () => {
    expect(() => sealedSecrets([])).toThrow(/At least one/);
  });
});
