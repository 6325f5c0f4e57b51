import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Authenticator apps (TOTP, RFC 6238) through otplib's defaults, which every common app reads: SHA-1,
 * six digits, 30-second steps, a 20-byte base32 key.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now: a phone's clock a little off still signs in. */
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS;

/** A new key, base32 (what the person types when they cannot scan the QR code). */
export const newTotpKey = (): string => generateSecret();

/** The otpauth:// URI the QR code holds: issuer the product, label the person's email. */
export const totpUri = (issuer: string, email: string, key: string): string =>
  generateURI({ issuer, label: email, secret: key });

/** The URI as a PNG data: URI for an <img> (the pages' CSP allows img data:). */
export const totpQrCode = (uri: string): Promise<string> =>
  QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 });

/** Six digits, spaces allowed between them (apps show "123 456"). */
export const normalizeTotpCode = (input: string): string | null => {
  const code = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
};

/**
 * The time step a code was accepted at, or null. `lastStep` is the newest step already accepted: a
 * code of that step or an earlier one is refused, so a code seen over a shoulder cannot be used again.
 */
export async function checkTotp(key: string, code: string, lastStep: number, now = new Date()): Promise<number | null> {
  const token = normalizeTotpCode(code);
  if (!token) return null;
  const result = await verify({
    secret: key,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    afterTimeStep: lastStep,
  });
  // The functional API answers HOTP's result type too; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
