import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MESSAGES } from '@meridian/schema';

/** An input error as the gateway's payloads carry it ({field: 'input.name', message}). */
export interface InputErrorLike {
  field?: string | null;
  message: string;
}

/** What a mutation came to, for a form: done with a value, or messages by field and for the whole. */
export type MutationOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Messages by field name, the argument path without its prefix ('name', 'alternateEmail'). */
      fieldErrors: Partial<Record<string, string>>;
      /** A problem that is not one field's (a limit reached, an email taken); null when fields say it all. */
      formError: string | null;
    };

/**
 * The payload's input errors split into the first message of each field (the argument path without
 * `prefix`) and one message for the rest. A refusal without a message says the default words.
 */
export function failureOf(
  inputErrors: readonly InputErrorLike[],
  prefix = 'input.',
): Extract<MutationOutcome<never>, { ok: false }> {
  const fieldErrors: Partial<Record<string, string>> = {};
  const general: string[] = [];
  for (const error of inputErrors) {
    if (error.field)
      fieldErrors[error.field.startsWith(prefix) ? error.field.slice(prefix.length) : error.field] ??= error.message;
    else general.push(error.message);
  }
  const formError =
    general.length > 0 ? general.join(' ') : Object.keys(fieldErrors).length > 0 ? null : MESSAGES.defaultToastError;
  return { ok: false, fieldErrors, formError };
}

/** A failed request (a GraphQL error, an HTTP error, no answer at all) in words a user can read. */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? MESSAGES.defaultToastError;
  if (ServerError.is(error)) return MESSAGES.httpStatus(error.statusCode);
  // fetch() rejects with a TypeError when nothing answers (offline, gateway down).
  if (error instanceof TypeError) return MESSAGES.noResponse;
  return MESSAGES.defaultToastError;
}

/** A failed request as a form's outcome: its message for the whole form. */
export function failureOfError(error: unknown): Extract<MutationOutcome<never>, { ok: false }> {
  return { ok: false, fieldErrors: {}, formError: errorMessage(error) };
}

/**
 * Runs a mutation and answers its outcome: `pick` takes the payload's changed object and input errors
 * from the answer; a thrown error becomes a form-level message.
 */
export async function outcomeOf<TData, T>(
  run: () => Promise<{ data?: TData | null | undefined }>,
  pick: (data: TData) => { value: T | null | undefined; inputErrors: readonly InputErrorLike[] },
  prefix = 'input.',
): Promise<MutationOutcome<T>> {
  try {
    const result = await run();
    if (!result.data) return failureOf([], prefix);
    const { value, inputErrors } = pick(result.data);
    if (inputErrors.length === 0 && value != null) return { ok: true, value };
    return failureOf(inputErrors, prefix);
  } catch (error) {
    return failureOfError(error);
  }
}
