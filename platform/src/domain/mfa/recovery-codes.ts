import { randomBytes } from 'node:crypto';
import { digestOfSecret } from '../random-secrets.js';

/**
 * Recovery codes: ten single-use codes, each 50 random bits written as ten base32 letters in two
 * groups (`abcde-fghij`). Random codes this long need no slow hash: SHA-256 of the normalized code.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/** What a person types: case, spaces and dashes do not matter. Null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const letters = input.toLowerCase().replace(/[\s-]+/g, '');
  return /^[a-z2-7]{10}$/.test(letters) ? letters : null;
}

export const hashRecoveryCode = (code: string): string => digestOfSecret(normalizeRecoveryCode(code) ?? code);
