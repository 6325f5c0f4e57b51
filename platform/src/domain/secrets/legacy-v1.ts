import { createDecipheriv, hkdfSync } from 'node:crypto';

/**
 * LEGACY READER, read-only. Before sealed-secrets.ts, every secret at rest (authenticator keys,
 * webhook signing secrets, SSO client secrets) was sealed as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url): AES-256-GCM under HKDF-SHA-256(secret, salt 'meridian/mfa/totp-secret', info
 * 'aes-256-gcm'), one salt for every kind and nothing binding it to its row. Values saved then must
 * still open, so this reads them; nothing writes v1 any more, and each is re-sealed in the new format
 * the next time its row is written. It can go once no stored value starts with `v1.`.
 */
const LEGACY_PREFIX = 'v1.';
const LEGACY_SALT = 'meridian/mfa/totp-secret';

export const isLegacyV1 = (sealed: string) => sealed.startsWith(LEGACY_PREFIX);

const legacyKeyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, LEGACY_SALT, 'aes-256-gcm', 32));

/** The plain text of a v1 value, or null when no configured secret opens it (GCM's tag tells which did). */
export function openLegacyV1(secrets: readonly string[], sealed: string): string | null {
  const [version, iv, tag, ciphertext, extra] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined || extra !== undefined) return null;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', legacyKeyOf(secret), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // Not this secret's (or tampered): try the next.
    }
  }
  return null;
}
