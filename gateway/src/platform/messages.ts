import { MESSAGES } from '@meridian/schema';
import type { InputError } from './errors.js';

/**
 * What is known about a failed platform call: the HTTP status and body when a response came, and the
 * transport failure (connection refused, timeout, reset) when the call broke.
 */
export interface FailedCall {
  /** undefined when no response arrived. */
  status?: number;
  /** The parsed JSON body, or the text when it was not JSON. */
  body?: unknown;
  /** The transport failure, whose own message (connection refused, timeout, reset) may be the answer. */
  transportError?: { message?: string };
}

type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A conflicts list (409): the first conflict's message, or 'Server Error'. */
function conflictsMessage(conflicts: unknown[]): string {
  const first = conflicts[0];
  return (isRecord(first) ? nonEmptyString(first.message) : undefined) ?? MESSAGES.serverError;
}

/** A validation body: one line per detail, '{msg} for {param}', or just msg without a param. */
function detailsMessage(details: unknown[]): string | undefined {
  const lines = details
    .filter(isRecord)
    .map((detail) => {
      const msg = nonEmptyString(detail.msg);
      const param = nonEmptyString(detail.param);
      if (!msg) return undefined;
      return param ? `${msg} for ${param}` : msg;
    })
    .filter((line): line is string => line !== undefined);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** An errors list: its msg values joined. */
function errorsListMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const messages = errors.map((error) => (isRecord(error) ? nonEmptyString(error.msg) : undefined)).filter(Boolean);
  return messages.length > 0 ? messages.join(', ') : undefined;
}

/**
 * The message of a failed platform call, exactly as spec section 8 lists the rules and decisions.md
 * reads them, in order:
 * 1. a string body is the message;
 * 2. a conflicts list gives the first conflict's message, or 'Server Error';
 * 3. a body with a message and a details list gives one line per detail ('{msg} for {param}' or msg);
 * 4. (the login path passes a body carrying resetLink on as is: the gateway never calls the login
 *    path, which belongs to the provider's sign-in form, so the rule has no case here);
 * 5. otherwise the body's message, then the transport error's own message, then the joined msg values
 *    of an errors list, then '{status} http status received';
 * 6. no response and no transport message: 'No response received';
 * 7. last fallback: 'Something went wrong'.
 */
export function resolveErrorMessage({ status, body, transportError }: FailedCall): string {
  const text = nonEmptyString(body);
  if (text) return text;
  if (isRecord(body)) {
    if (Array.isArray(body.conflicts)) return conflictsMessage(body.conflicts);
    if (nonEmptyString(body.message) && Array.isArray(body.details)) {
      const lines = detailsMessage(body.details);
      if (lines) return lines;
    }
  }
  const fromBody = isRecord(body) ? nonEmptyString(body.message) : undefined;
  const chained =
    fromBody ??
    nonEmptyString(transportError?.message) ??
    (isRecord(body) ? errorsListMessage(body.errors) : undefined) ??
    (status !== undefined ? MESSAGES.httpStatus(status) : undefined);
  if (chained) return chained;
  if (transportError) return MESSAGES.noResponse;
  return MESSAGES.lastFallback;
}

/**
 * The field problems of a refusal, for a mutation's inputErrors: details name their field
 * ({field: param, message: msg}); conflicts concern the request as a whole ({field: null, message}).
 */
export function inputErrorsOf(body: unknown): InputError[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.details)) {
    return body.details.filter(isRecord).flatMap((detail) => {
      const message = nonEmptyString(detail.msg);
      return message ? [{ field: nonEmptyString(detail.param) ?? null, message }] : [];
    });
  }
  if (Array.isArray(body.conflicts)) {
    return body.conflicts.filter(isRecord).flatMap((conflict) => {
      const message = nonEmptyString(conflict.message);
      return message ? [{ field: nonEmptyString(conflict.param) ?? null, message }] : [];
    });
  }
  return [];
}
