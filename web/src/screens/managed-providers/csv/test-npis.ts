import { npiCheckDigit } from '@meridian/schema';

/** The n-th valid 10-digit NPI (distinct for each n below a billion), with its check digit from schema. */
export function validNpi(n: number): string {
  const body = String(100_000_000 + n)
    .slice(-9)
    .replace(/^0/, '1');
  return body + String(npiCheckDigit(body));
}

/** The n-th valid 15-digit NPI (80840 + 10 digits whose last is the check digit). */
export function validNpi15(n: number): string {
  const body = `80840${String(100_000_000 + n)
    .slice(-9)
    .replace(/^0/, '1')}`;
  return body + String(npiCheckDigit(body));
}

/** A well-formed NPI whose check digit is wrong. */
export function badCheckDigit(npi: string): string {
  const last = Number(npi.at(-1));
  return npi.slice(0, -1) + String((last + 1) % 10);
}
