// What a log line says of an error, the one serializer every error log of the platform goes through:
// the REST API's (pino's `err`), the provider's, and the sweepers' console lines. It keeps the error's
// kind, message, stack and code, and of a failed statement its label and the schema's names; nothing
// else an error carries (a driver's `query`, `parameters`, `detail`, `where`, a library's request or
// response objects) is ever written.

/** An error as it is logged. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  /** A failed statement's label (db/query-errors.ts), never its SQL. */
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
}

/** The only fields copied from an error besides its message and stack. */
const KEPT_FIELDS = ['code', 'statement', 'constraint', 'table', 'column'] as const;

/** How many causes deep a chain is followed. */
const MAX_CAUSES = 3;

/** `error` as a log line may say it (pino's `err` serializer). */
export function loggableError(error: unknown, causes = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const logged: LoggedError = { type: error.name || error.constructor.name, message: error.message };
  if (error.stack) logged.stack = error.stack;
  const fields = error as unknown as Record<string, unknown>;
  for (const field of KEPT_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = String(value);
  }
  if (error.cause !== undefined && causes < MAX_CAUSES) logged.cause = loggableError(error.cause, causes + 1);
  return logged;
}

/**
 * A failure outside any request (a sweeper, the provider, the pool) on stderr, as the serializer says
 * it: `what` failed, then the error's kind, message and kept fields, and its stack.
 */
export function logFailure(what: string, error: unknown): void {
  const logged = loggableError(error);
  const { stack, cause, type, message, ...fields } = logged;
  const headline = stack ?? `${type}: ${message}`;
  const extra = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  const caused = cause ? `\nCaused by ${cause.stack ?? `${cause.type}: ${cause.message}`}` : '';
  console.error(`${what}: ${headline}${extra}${caused}`);
}
