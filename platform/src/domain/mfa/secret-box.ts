import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticator-app keys at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from a configured
 * secret. A stored value reads `v1.<iv>.<tag>.<ciphertext>` (base64url). The first secret encrypts;
 * decryption tries each, GCM's tag telling which one was used, so a secret can be rotated in.
 */
const VERSION = 'v1';
const SALT = 'meridian/mfa/totp-secret';

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, SALT, 'aes-256-gcm', 32));

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when no configured secret opens it (tampered, or its secret was removed). */
  open(sealed: string): string | null;
}

export function secretBox(secrets: readonly string[]): SecretBox {
  if (secrets.length === 0) throw new Error('At least one MFA encryption secret is needed');
  const keys = secrets.map(keyOf);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys[0]!, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
          decipher.setAuthTag(Buffer.from(tag, 'base64url'));
          return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
            'utf8',
          );
        } catch {
          // Not this secret's: try the next.
        }
      }
      return null;
    },
  };
}
