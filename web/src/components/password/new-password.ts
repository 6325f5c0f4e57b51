import { validatePassword } from '@meridian/schema';

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match.';

export interface NewPasswordProblems {
  password?: string;
  confirmation?: string;
}

/** What to say next to the new-password fields before anything is sent (policy from schema/). */
export function checkNewPassword(password: string, confirmation: string): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  const policy = validatePassword(password);
  if (policy) problems.password = policy;
  if (confirmation !== password) problems.confirmation = PASSWORDS_DIFFER_MESSAGE;
  return problems;
}
