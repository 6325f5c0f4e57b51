import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MESSAGES } from '@meridian/schema';

/** What a password call came to: done, or messages to show next to fields and above the form. */
export type PasswordOutcome =
  | { ok: true }
  | {
      ok: false;
      /** Messages by argument name (email, password, currentPassword, newPassword, token). */
      fieldErrors: Partial<Record<string, string>>;
      /** A problem of the request as a whole (an expired link, the gateway unreachable). */
      formError: string | null;
    };

interface PasswordPayloadLike {
  ok: boolean;
  inputErrors: readonly { field?: string | null; message: string }[];
}

/** The payload's inputErrors split into field messages (first per field) and one form-level message. */
export function outcomeOfPayload(payload: PasswordPayloadLike | null | undefined): PasswordOutcome {
  if (payload?.ok) return { ok: true };
  const fieldErrors: Partial<Record<string, string>> = {};
  const general: string[] = [];
  for (const error of payload?.inputErrors ?? []) {
    if (error.field) fieldErrors[error.field] ??= error.message;
    else general.push(error.message);
  }
  const formError =
    general.length > 0 ? general.join(' ') : Object.keys(fieldErrors).length > 0 ? null : MESSAGES.defaultToastError;
  return { ok: false, fieldErrors, formError };
}

/** A failed request (GraphQL error, HTTP error, no answer) in words a user can read. */
export function outcomeOfError(error: unknown): PasswordOutcome {
  let message: string = MESSAGES.defaultToastError;
  if (CombinedGraphQLErrors.is(error)) message = error.errors[0]?.message ?? message;
  else if (ServerError.is(error)) message = MESSAGES.httpStatus(error.statusCode);
  // fetch() rejects with a TypeError when nothing answers (offline, gateway down).
  else if (error instanceof TypeError) message = MESSAGES.noResponse;
  return { ok: false, fieldErrors: {}, formError: message };
}
