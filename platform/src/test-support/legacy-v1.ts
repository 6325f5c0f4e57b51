import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Tests only: writes a value as the retired v1 box did (domain/secrets/legacy-v1.ts reads them), so a
 * test can store what an older platform stored and prove it still opens. The platform never writes v1.
 */
export function sealAsLegacyV1(secret: string, plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'meridian/mfa/totp-secret', 'aes-256-gcm', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}
