/** A token's label, as the platform keeps it: trimmed, 1 to 100 characters. */
export const SCIM_TOKEN_LABEL_MAX_LENGTH = 100;
/** The platform's words for each rule (domain/scim/tokens.ts), so the console says the same before sending. */
export const SCIM_TOKEN_LABEL_REQUIRED = 'A label is required';
export const SCIM_TOKEN_LABEL_TOO_LONG = `At most ${SCIM_TOKEN_LABEL_MAX_LENGTH} characters`;

/** What is wrong with a label, or null. */
export function validateScimTokenLabel(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return SCIM_TOKEN_LABEL_REQUIRED;
  if (trimmed.length > SCIM_TOKEN_LABEL_MAX_LENGTH) return SCIM_TOKEN_LABEL_TOO_LONG;
  return null;
}
