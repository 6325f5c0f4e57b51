import type { Comparison, UserAttribute, UserFilter } from '../domain/scim/filter.js';

// A SCIM filter (domain/scim/filter.ts has read and checked it) as SQL over the users table, every
// value a parameter.

/** How an attribute reads in SQL. */
interface Column {
  sql: string;
  /** The cast a compared value takes. */
  cast?: '::boolean' | '::timestamptz';
  /** Compares case-insensitively (caseExact false, RFC 7643 §2.2). */
  caseless?: boolean;
  /** The column is stored lowercase already: compared as is, so `userName eq` stays an index lookup. */
  lowercase?: boolean;
  /** May be NULL: a comparison is wrapped so that `not` of it stays true or false. */
  nullable?: boolean;
}

const jsonText = (path: string[]): Column => ({
  sql: `(scim_attributes${path.map((key, i) => `${i === path.length - 1 ? '->>' : '->'}'${key}'`).join('')})`,
  caseless: true,
  nullable: true,
});
/**
 * The enterprise extension's URN (RFC 7643 §4.3), under which scim_attributes keeps its attributes: the
 * domain's ENTERPRISE_SCHEMA (domain/scim/user-resource.ts), which a store may not import at run time.
 */
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const enterprise = (key: string) => jsonText([ENTERPRISE, key]);
const NAME: Column = { sql: 'name', caseless: true };

const COLUMNS: Readonly<Record<UserAttribute, Column>> = {
  userName: { sql: 'email', caseless: true, lowercase: true },
  emailType: { sql: `'work'`, caseless: true },
  emailPrimary: { sql: 'true', cast: '::boolean' },
  externalId: { sql: 'scim_external_id', nullable: true },
  id: { sql: 'scim_id::text' },
  active: { sql: 'active', cast: '::boolean' },
  displayName: NAME,
  givenName: jsonText(['name', 'givenName']),
  familyName: jsonText(['name', 'familyName']),
  lastModified: { sql: 'updated_at', cast: '::timestamptz' },
  created: { sql: 'created_at', cast: '::timestamptz' },
  employeeNumber: enterprise('employeeNumber'),
  costCenter: enterprise('costCenter'),
  organization: enterprise('organization'),
  division: enterprise('division'),
  department: enterprise('department'),
};

const OPERATORS: Readonly<Record<Comparison, (left: string, right: string) => string>> = {
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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const presentSql = (column: Column) => (column.nullable ? `coalesce(${column.sql} <> '', false)` : 'true');

function comparisonSql(column: Column, op: Comparison, value: string | boolean, params: unknown[]): string {
  const like = op === 'co' || op === 'sw' || op === 'ew';
  params.push(like && typeof value === 'string' ? escapeLike(value) : value);
  const right = `$${params.length}${column.cast ?? ''}`;
  const left = column.caseless && !column.lowercase ? `lower(${column.sql})` : column.sql;
  const sql = OPERATORS[op](left, column.caseless ? `lower(${right})` : right);
  return column.nullable ? `coalesce(${sql}, false)` : sql;
}

/** The SQL of a filter, its values appended to `params`. */
export function userFilterSql(filter: UserFilter, params: unknown[]): string {
  switch (filter.op) {
    case 'and':
    case 'or':
      return `(${filter.filters.map((each) => userFilterSql(each, params)).join(` ${filter.op.toUpperCase()} `)})`;
    case 'not':
      return `NOT (${userFilterSql(filter.filter, params)})`;
    case 'present':
      return presentSql(COLUMNS[filter.attribute]);
    default:
      return comparisonSql(COLUMNS[filter.attribute], filter.op, filter.value, params);
  }
}
