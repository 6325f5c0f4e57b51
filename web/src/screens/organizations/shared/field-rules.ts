import { NAME_MAX_LENGTH, validateName } from '@meridian/schema';

/** Messages beside a form's fields, by field key. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const nameTooLongMessage = (what: string) => `${what} must be at most ${NAME_MAX_LENGTH} characters.`;

/** A name's problem: required (in the platform's words), and within the platform's length. */
export function nameProblem(value: string, what: string, requiredMessage: string): string | null {
  return (
    validateName(value, requiredMessage) ?? (value.trim().length > NAME_MAX_LENGTH ? nameTooLongMessage(what) : null)
  );
}
