import { validateNpi } from './validators.js';

/** Row messages of the bulk provider-link screens and calls: the console and the platform say the same. */
export const unknownProviderMessage = (npi: string): string => `Provider ${npi} is not in the provider directory.`;
export const duplicateNpiMessage = (npi: string): string => `NPI ${npi} appears more than once in this request.`;

/**
 * The first problem of each NPI of a batch, in request order: format or check digit, else a repeat of
 * an earlier row (the first occurrence goes ahead). null = no problem so far.
 */
export function npiProblems(npis: readonly string[]): (string | null)[] {
  const seen = new Set<string>();
  return npis.map((npi) => {
    const invalid = validateNpi(npi);
    if (invalid) return invalid;
    if (seen.has(npi)) return duplicateNpiMessage(npi);
    seen.add(npi);
    return null;
  });
}
