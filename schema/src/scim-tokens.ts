import { hasControlCharacters } from './validators.js';

/**
 * A SCIM token's label (issue 31): what uses the token ("Entra ID provisioning"), so an administrator
 * rotating or revoking one knows which directory it breaks. The platform enforces it; the console checks
 * it before sending, in the same words.
 */
export const SCIM_TOKEN_LABEL_MAX_LENGTH = 100;
export const SCIM_TOKEN_LABEL_REQUIRED = 'A label is required';
export const SCIM_TOKEN_LABEL_TOO_LONG = `At most ${SCIM_TOKEN_LABEL_MAX_LENGTH} characters, without control characters`;

/** What is wrong with a label (trimmed: 1 to 100 characters, no control characters), or null. */
export function validateScimTokenLabel(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return SCIM_TOKEN_LABEL_REQUIRED;
  if (trimmed.length > SCIM_TOKEN_LABEL_MAX_LENGTH || hasControlCharacters(trimmed)) return SCIM_TOKEN_LABEL_TOO_LONG;
  return null;
}
