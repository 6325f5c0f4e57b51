import { parse, type Filter } from 'scim2-parse-filter';
import { nestsDeeperThan } from '@meridian/schema';
import { invalidFilter } from './errors.js';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './user-resource.js';

// RFC 7644 §3.4.2.2 filters: scim2-parse-filter reads them into an AST, turned here into SQL whose
// every value is a parameter. Only attributes with a column (or a jsonb path) can be filtered on.

/** How an attribute reads in SQL. */
interface Column {
  sql: string;
  kind: 'text' | 'boolean' | 'date';
  /** Compares case-insensitively (caseExact false, RFC 7643 §2.2). */
  caseless?: boolean;
  /** The column is stored lowercase already: compared as is, so `userName eq` stays an index lookup. */
  lowercase?: boolean;
  /** May be NULL: a comparison is wrapped so that `not` of it stays true or false. */
  nullable?: boolean;
}

const EMAIL: Column = { sql: 'email', kind: 'text', caseless: true, lowercase: true };
const WORK: Column = { sql: `'work'`, kind: 'text', caseless: true };
const PRIMARY: Column = { sql: 'true', kind: 'boolean' };
const NAME: Column = { sql: 'name', kind: 'text', caseless: true };
const jsonText = (path: string[]): Column => ({
  sql: `(scim_attributes${path.map((key, i) => `${i === path.length - 1 ? '->>' : '->'}'${key}'`).join('')})`,
  kind: 'text',
  caseless: true,
  nullable: true,
});

/** The resource's filterable attributes by lowercase name (one address: emails are the userName, type work, primary). */
const USER_COLUMNS: ReadonlyMap<string, Column> = new Map([
  ['username', EMAIL],
  ['emails', EMAIL],
  ['emails.value', EMAIL],
  ['emails.type', WORK],
  ['emails.primary', PRIMARY],
  ['externalid', { sql: 'scim_external_id', kind: 'text', nullable: true }],
  ['id', { sql: 'scim_id::text', kind: 'text' }],
  ['active', { sql: 'active', kind: 'boolean' }],
  ['displayname', NAME],
  ['name.formatted', NAME],
  ['name.givenname', jsonText(['name', 'givenName'])],
  ['name.familyname', jsonText(['name', 'familyName'])],
  ['meta.lastmodified', { sql: 'updated_at', kind: 'date' }],
  ['meta.created', { sql: 'created_at', kind: 'date' }],
  ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map(
    (key) => [`${ENTERPRISE_SCHEMA.toLowerCase()}:${key.toLowerCase()}`, jsonText([ENTERPRISE_SCHEMA, key])] as const,
  ),
]);

/** Inside emails[...]: the sub-attributes of the one address. */
const EMAIL_COLUMNS: ReadonlyMap<string, Column> = new Map([
  ['value', EMAIL],
  ['type', WORK],
  ['primary', PRIMARY],
]);

const CORE_PREFIX = `${USER_SCHEMA.toLowerCase()}:`;
/** Long enough for any real filter, short enough that a hostile one cannot make a huge statement. */
const MAX_FILTER_LENGTH = 2000;
/**
 * Parentheses and value filters (`emails[...]`) inside one another: directories send two or three; 300
 * made a statement the database could not run (a 500). Read from the text, before the parser recurses.
 */
export const MAX_FILTER_DEPTH = 10;

function columnOf(columns: ReadonlyMap<string, Column>, attrPath: string): Column {
  const lower = attrPath.toLowerCase();
  const column = columns.get(lower.startsWith(CORE_PREFIX) ? lower.slice(CORE_PREFIX.length) : lower);
  if (column) return column;
  throw invalidFilter(
    `The filter names ${attrPath}, which cannot be filtered on. Filter on userName, emails.value, emails[type eq "work"].value, externalId, id, active, displayName, name.givenName, name.familyName or meta.lastModified.`,
  );
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const TEXT_OPERATORS: Readonly<Record<string, (left: string, right: string) => string>> = {
  eq: (l, r) => `${l} = ${r}`,
  ne: (l, r) => `${l} IS DISTINCT FROM ${r}`,
  co: (l, r) => `${l} LIKE '%' || ${r} || '%'`,
  sw: (l, r) => `${l} LIKE ${r} || '%'`,
  ew: (l, r) => `${l} LIKE '%' || ${r}`,
  gt: (l, r) => `${l} > ${r}`,
  ge: (l, r) => `${l} >= ${r}`,
  lt: (l, r) => `${l} < ${r}`,
  le: (l, r) => `${l} <= ${r}`,
};

function comparison(column: Column, op: string, value: unknown, attrPath: string, params: unknown[]): string {
  const refuse = (why: string) => invalidFilter(`${attrPath} ${op} ${JSON.stringify(value)}: ${why}`);
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (column.kind === 'boolean') {
    const flag = typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
    if (typeof flag !== 'boolean') throw refuse('compare it with true or false.');
    if (op === 'eq') return `${column.sql} = ${param(flag)}::boolean`;
    if (op === 'ne') return `${column.sql} IS DISTINCT FROM ${param(flag)}::boolean`;
    throw refuse('only eq and ne compare a boolean.');
  }
  if (typeof value !== 'string') throw refuse('compare it with a string.');
  if (column.kind === 'date') {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) throw refuse('compare it with a date and time (RFC 3339).');
    if (['co', 'sw', 'ew'].includes(op)) throw refuse('a date compares with eq, ne, gt, ge, lt or le.');
    return TEXT_OPERATORS[op]!(column.sql, `${param(at.toISOString())}::timestamptz`);
  }
  const like = ['co', 'sw', 'ew'].includes(op);
  const right = param(like ? escapeLike(value) : value);
  const left = column.caseless && !column.lowercase ? `lower(${column.sql})` : column.sql;
  return TEXT_OPERATORS[op]!(left, column.caseless ? `lower(${right})` : right);
}

function leaf(column: Column, sql: string): string {
  return column.nullable ? `coalesce(${sql}, false)` : sql;
}

function toSql(filter: Filter, columns: ReadonlyMap<string, Column>, params: unknown[]): string {
  switch (filter.op) {
    case 'and':
    case 'or':
      return `(${filter.filters.map((each) => toSql(each, columns, params)).join(` ${filter.op.toUpperCase()} `)})`;
    case 'not':
      return `NOT (${toSql(filter.filter, columns, params)})`;
    case '[]': {
      if (columns !== USER_COLUMNS || filter.attrPath.toLowerCase() !== 'emails')
        throw invalidFilter(`${filter.attrPath}[...] cannot be filtered on; emails[...] can.`);
      return `(${toSql(filter.valFilter, EMAIL_COLUMNS, params)})`;
    }
    case 'pr': {
      const column = columnOf(columns, filter.attrPath);
      return column.nullable ? `coalesce(${column.sql} <> '', false)` : 'true';
    }
    default: {
      const column = columnOf(columns, filter.attrPath);
      if (!(filter.op in TEXT_OPERATORS)) throw invalidFilter(`${filter.op} is not a SCIM comparison operator.`);
      // eq null / ne null: whether the attribute is unassigned (RFC 7644 §3.4.2.2, "pr").
      if (filter.compValue === null && (filter.op === 'eq' || filter.op === 'ne')) {
        const present = column.nullable ? `coalesce(${column.sql} <> '', false)` : 'true';
        return filter.op === 'eq' ? `NOT ${present}` : present;
      }
      return leaf(column, comparison(column, filter.op, filter.compValue, filter.attrPath, params));
    }
  }
}

/** A filter read by scim2-parse-filter; 400 invalidFilter when it cannot be. */
export function parseFilter(filter: string): Filter {
  if (filter.length > MAX_FILTER_LENGTH)
    throw invalidFilter(`The filter is longer than ${MAX_FILTER_LENGTH} characters.`);
  if (nestsDeeperThan(filter, MAX_FILTER_DEPTH, '([', ')]'))
    throw invalidFilter(`The filter nests parentheses and [...] deeper than ${MAX_FILTER_DEPTH} levels.`);
  try {
    return parse(filter);
  } catch (error) {
    throw invalidFilter(`The filter ${JSON.stringify(filter)} cannot be read: ${(error as Error).message}`);
  }
}

/** The SQL of a filter, its values appended to `params`; 400 invalidFilter naming what cannot be read. */
export function filterToSql(filter: string, params: unknown[]): string {
  return toSql(parseFilter(filter), USER_COLUMNS, params);
}
