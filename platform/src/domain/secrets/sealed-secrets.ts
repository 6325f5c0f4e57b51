import { hkdfSync } from 'node:crypto';
import { errors, FlattenedEncrypt, flattenedDecrypt, type FlattenedJWE } from 'jose';
import { isLegacyV1, openLegacyV1 } from './legacy-v1.js';

/**
 * Secrets the platform must read back (so cannot hash), sealed at rest as JWE (jose): `dir` with
 * A256GCM, Flattened serialization stored as JSON. Each kind of secret has a purpose, and each purpose
 * its own 256-bit key, derived (HKDF-SHA-256, the purpose as info) from every MFA_ENCRYPTION_KEYS
 * secret. The table and row a value is stored in are its additional authenticated data, supplied
 * again on open and never stored, so a value copied to another row, table or purpose does not open.
 * The protected header's `kid` names the configured secret that sealed it: the first secret seals,
 * any configured one opens, so a secret is rotated in by putting it first.
 */
export type SecretPurpose = 'totp' | 'webhook-signing' | 'sso-client-secret';

/** Where a sealed value is stored: it opens only there. */
export interface SecretBinding {
  table: string;
  row: string;
}

/** Where each kind of sealed secret is stored: one row of one table (the rows' keys never change). */
export const sealedIn = {
  totp: (email: string): SecretBinding => ({ table: 'mfa_totp', row: email }),
  pendingTotp: (pendingId: string): SecretBinding => ({ table: 'mfa_pending', row: pendingId }),
  // secret_sealed and previous_secret_sealed alike: a rotation moves the one to the other in SQL.
  webhook: (webhookId: string): SecretBinding => ({ table: 'webhooks', row: webhookId }),
  ssoConnection: (organizationId: string): SecretBinding => ({ table: 'organization_sso', row: organizationId }),
};

export interface SecretSealer {
  seal(purpose: SecretPurpose, binding: SecretBinding, plain: string): Promise<string>;
  /** The plain text, or null when it does not open here: tampered, moved, or its secret was removed. */
  open(purpose: SecretPurpose, binding: SecretBinding, sealed: string): Promise<string | null>;
}

const SALT = 'meridian/sealed-secrets';
const ALG = 'dir';
const ENC = 'A256GCM';

const derive = (secret: string, info: string, bytes: number) =>
  new Uint8Array(hkdfSync('sha256', secret, SALT, info, bytes));

/** A secret's public name: derived from it, so it tells nothing of it, and stable across restarts. */
const kidOf = (secret: string) => Buffer.from(derive(secret, 'kid', 9)).toString('base64url');

/** The table and row, unambiguously (JSON keeps "a.b"+"c" apart from "a"+"b.c"). */
const aadOf = ({ table, row }: SecretBinding) => new TextEncoder().encode(JSON.stringify([table, row]));

/** The stored form: the Flattened JWE without its `aad`, which the binding supplies on open. */
type StoredJwe = Omit<FlattenedJWE, 'aad'>;

function parseStored(sealed: string): StoredJwe | null {
  try {
    const parsed: unknown = JSON.parse(sealed);
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredJwe) : null;
  } catch {
    return null;
  }
}

export function sealedSecrets(secrets: readonly string[]): SecretSealer {
  if (secrets.length === 0) throw new Error('At least one MFA encryption secret is needed');
  const kids = new Map(secrets.map((secret) => [kidOf(secret), secret]));
  const sealingKid = kidOf(secrets[0]!);
  const keyOf = (secret: string, purpose: SecretPurpose) => derive(secret, `${purpose}/${ENC}`, 32);

  return {
    async seal(purpose, binding, plain) {
      const { aad: _aad, ...stored } = await new FlattenedEncrypt(new TextEncoder().encode(plain))
        .setProtectedHeader({ alg: ALG, enc: ENC, kid: sealingKid })
        .setAdditionalAuthenticatedData(aadOf(binding))
        .encrypt(keyOf(secrets[0]!, purpose));
      return JSON.stringify(stored);
    },

    async open(purpose, binding, sealed) {
      if (isLegacyV1(sealed)) return openLegacyV1(secrets, sealed);
      const stored = parseStored(sealed);
      if (!stored) return null;
      const jwe: FlattenedJWE = { ...stored, aad: Buffer.from(aadOf(binding)).toString('base64url') };
      try {
        const { plaintext } = await flattenedDecrypt(
          jwe,
          (header) => {
            const secret = header?.kid === undefined ? undefined : kids.get(header.kid);
            if (secret === undefined) throw new errors.JWEDecryptionFailed();
            return keyOf(secret, purpose);
          },
          { keyManagementAlgorithms: [ALG], contentEncryptionAlgorithms: [ENC] },
        );
        return new TextDecoder().decode(plaintext);
      } catch (error) {
        // Any refusal of jose's (wrong key, row or purpose; tampered; malformed) means "does not open here".
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
