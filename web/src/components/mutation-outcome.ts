import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MESSAGES } from '@meridian/schema';

/** An InputError of a mutation payload: the argument path of the field (or null) and the words. */
export interface InputErrorLike {
  field?: string | null;
  message: string;
}

/** What a mutation came to: done, or messages for fields (by form key) and for the form as a whole. */
export type MutationOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** The first message per form field, keyed as the form names its fields. */
      fieldErrors: Partial<Record<string, string>>;
      /** What is not one field's (a conflict, a refusal, the gateway unreachable); null when fields say it all. */
      formError: string | null;
    };

/**
 * The form key of an input error's argument path: `input.primaryContact.email` with prefix `input`
 * is `primaryContact.email`. A path outside the prefix (another argument) keeps its whole name.
 */
export function formKeyOf(field: string, prefix: string): string {
  return prefix && field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field;
}

/**
 * A payload's answer: `value` when it came with no input errors, else the errors split into field
 * messages and one form message. `knownFields` are the form keys shown next to a control; an error
 * for any other field goes to the form message, so nothing the gateway says is lost.
 */
export function outcomeOfPayload<T>(
  payload: { inputErrors: readonly InputErrorLike[] } | null | undefined,
  value: T | null | undefined,
  { prefix = 'input', knownFields }: { prefix?: string; knownFields?: readonly string[] } = {},
): MutationOutcome<T> {
  const errors = payload?.inputErrors ?? [];
  if (errors.length === 0 && value !== null && value !== undefined) return { ok: true, value };
  const fieldErrors: Partial<Record<string, string>> = {};
  const general: string[] = [];
  for (const error of errors) {
    const key = error.field ? formKeyOf(error.field, prefix) : null;
    if (key !== null && (!knownFields || knownFields.includes(key))) fieldErrors[key] ??= error.message;
    else general.push(error.message);
  }
  const formError =
    general.length > 0 ? general.join(' ') : Object.keys(fieldErrors).length > 0 ? null : MESSAGES.defaultToastError;
  return { ok: false, fieldErrors, formError };
}

/** HTTP statuses of a gateway or proxy that cannot reach what is behind it. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * True when the service is out of reach for now (the gateway cannot reach the platform, a proxy answers
 * 502–504, or nothing answers at all): worth trying again by itself, and said in plain words.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'PLATFORM_UNAVAILABLE');
  if (ServerError.is(error)) return UNAVAILABLE_STATUSES.has(error.statusCode);
  return error instanceof TypeError;
}

/** Seconds the gateway asks to wait before the next request (429 RATE_LIMITED), or null for any other failure. */
export function rateLimitWait(error: unknown): number | null {
  if (CombinedGraphQLErrors.is(error)) {
    const limited = error.errors.find((each) => each.extensions?.code === 'RATE_LIMITED');
    if (limited) return Math.max(1, Number(limited.extensions?.retryAfter) || 1);
  }
  if (ServerError.is(error) && error.statusCode === 429) {
    return Math.max(1, Number(error.response.headers.get('retry-after')) || 1);
  }
  return null;
}

/** A failed request (a GraphQL error, an HTTP error, no answer) in words a user can read. */
export function messageOfError(error: unknown): string {
  // The transport's own words ("Connection reset") are for logs, not people.
  if (isServiceUnavailable(error) && !(error instanceof TypeError)) return MESSAGES.serviceUnavailable;
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? MESSAGES.defaultToastError;
  if (ServerError.is(error)) return MESSAGES.httpStatus(error.statusCode);
  // fetch() rejects with a TypeError when nothing answers (offline, gateway down).
  if (error instanceof TypeError) return MESSAGES.noResponse;
  return MESSAGES.defaultToastError;
}

/** A failed outcome in one sentence, for a toast where no field is there to show it beside. */
export function failureMessage(outcome: {
  fieldErrors: Partial<Record<string, string>>;
  formError: string | null;
}): string {
  return outcome.formError ?? Object.values(outcome.fieldErrors)[0] ?? MESSAGES.defaultToastError;
}

/** The outcome of a request that failed before any payload. */
export function outcomeOfError(error: unknown): MutationOutcome<never> {
  return { ok: false, fieldErrors: {}, formError: messageOfError(error) };
}

/**
 * Runs a mutation and answers its outcome: the payload read by `read` (its input errors and the
 * changed object), or the request's failure in words. Never throws.
 */
export async function runMutation<TResult, T>(
  mutate: () => Promise<TResult>,
  read: (result: TResult) => {
    payload: { inputErrors: readonly InputErrorLike[] } | null | undefined;
    value: T | null | undefined;
  },
  options?: { prefix?: string; knownFields?: readonly string[] },
): Promise<MutationOutcome<T>> {
  try {
    const { payload, value } = read(await mutate());
    return outcomeOfPayload(payload, value, options);
  } catch (error) {
    return outcomeOfError(error);
  }
}
