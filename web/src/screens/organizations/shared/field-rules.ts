/** Messages beside a form's fields, by field key. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const NAME_REQUIRED_MESSAGE = 'Name is required.';
export const CONTACT_NAME_REQUIRED_MESSAGE = 'Contact name is required.';
/** The platform's length limit of names (organization and contact). */
export const NAME_MAX_LENGTH = 200;
export const nameTooLongMessage = (what: string) => `${what} must be at most ${NAME_MAX_LENGTH} characters.`;

/** A name's problem: required, and within the platform's length. */
export function nameProblem(value: string, what: string, requiredMessage: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return requiredMessage;
  return trimmed.length > NAME_MAX_LENGTH ? nameTooLongMessage(what) : null;
}
