import { outcomeOfPayload, type MutationOutcome } from '../mutation-outcome.js';

/** What a password call came to: done, or messages by argument (email, password, …) and for the form. */
export type PasswordOutcome = MutationOutcome<true>;

/** A password payload ({ok, inputErrors}); its errors name top-level arguments, hence no prefix. */
export function passwordOutcomeOf(
  payload: { ok: boolean; inputErrors: readonly { field?: string | null; message: string }[] } | null | undefined,
): PasswordOutcome {
  return outcomeOfPayload(payload, payload?.ok ? (true as const) : null, { prefix: '' });
}
