import { operationNameOf } from '../observability/trace-context.js';

// A failed statement as the rest of the platform sees it. The drivers' errors carry what must never
// reach a log line: PGlite's the whole SQL (`query`) and its values (`params`), PostgreSQL's
// `detail` ("Key (email)=(…) already exists", "Failing row contains (…)"), `where` and `hint`, and
// some messages quote the value they refused (`invalid input syntax for type uuid: "…"`). Each is
// replaced at the source by a QueryFailed that names the statement and keeps only the SQLSTATE and
// the schema's own names.

/**
 * The statement's label for logs: its first keyword and the first table it names (`UPDATE users`,
 * `INSERT login_failures`, `SELECT organizations`), as OpenTelemetry's db.query.summary names a query.
 */
export function statementLabel(sql: string): string {
  const operation = operationNameOf(sql);
  const target = /\b(?:FROM|INTO|UPDATE|TABLE|JOIN)\s+"?([A-Za-z_][A-Za-z0-9_.]*)/i.exec(sql)?.[1];
  return target ? `${operation} ${target.toLowerCase()}` : operation;
}

/** The fields of a PostgreSQL error (pg's and PGlite's) that name the schema, not the data. */
interface DriverError {
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** How a parameter may appear in a message: its text form, as PostgreSQL received it. */
function shownAs(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
    ? value.toString()
    : undefined;
}

/**
 * The driver's message without any value it quotes: a parameter's value becomes its number (`$2`),
 * and a value computed in SQL (`value "…" is out of range`, `…: "…"` at the end) becomes `…`.
 */
export function messageWithoutValues(message: string, params: readonly unknown[] = []): string {
  let text = message;
  params.forEach((value, index) => {
    const shown = shownAs(value);
    if (shown !== undefined && shown !== '') text = text.split(`"${shown}"`).join(`$${index + 1}`);
  });
  return text.replace(/\bvalue "[^"]*"/g, 'value …').replace(/: "[^"]*"$/, ': …');
}

/** A statement the database refused or could not run, named by its label, without SQL or values. */
export class QueryFailed extends Error {
  /** The SQLSTATE (23505 unique violation, 22P02 invalid text representation…). */
  readonly code: string | undefined;
  readonly statement: string;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;

  constructor(sql: string, params: readonly unknown[] | undefined, error: unknown) {
    const driver = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
    const statement = statementLabel(sql);
    const message = textOf(driver.message) ?? String(error);
    super(`${statement} failed: ${messageWithoutValues(message, params)}`);
    this.name = 'QueryFailed';
    this.statement = statement;
    this.code = textOf(driver.code);
    this.constraint = textOf(driver.constraint);
    this.table = textOf(driver.table);
    this.column = textOf(driver.column);
  }
}

/** Runs one statement; a failure is rethrown as a QueryFailed (nothing of the driver's error is kept). */
export async function guardedQuery<T>(sql: string, params: readonly unknown[] | undefined, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    throw new QueryFailed(sql, params, error);
  }
}
