import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets Meridian makes and shows once: data-access credentials, password links, SCIM tokens (and
 * recovery codes, made their own way). A new one is 256 random bits; what is stored is its SHA-256, and a
 * presented secret is found by hashing it again. A fast hash is enough for random values this long: there
 * is no dictionary to try (passwords, which have one, are hashed with argon2 instead).
 */
export const newRandomSecret = (): string => randomBytes(32).toString('base64url');

/** The stored form of a secret: SHA-256, hex. */
export const digestOfSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
