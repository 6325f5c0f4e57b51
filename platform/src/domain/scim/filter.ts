import { parse, type Filter } from 'scim2-parse-filter';
import { nestsDeeperThan } from '@meridian/schema';
import { invalidFilter } from './errors.js';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './user-resource.js';

// RFC 7644 §3.4.2.2 filters: scim2-parse-filter reads them into an AST, checked here against the
// resource's attributes and values into a UserFilter, which the store runs as SQL with every value a
// parameter (stores/scim-user-filter.ts). Only attributes the store has a column for can be filtered on.

const ENTERPRISE_KEYS = ['employeeNumber', 'costCenter', 'organization', 'division', 'department'] as const;

/** What a filter can name on a user (one address: emails are the userName, of type work, primary). */
export type UserAttribute =
  | 'userName'
  | 'emailType'
  | 'emailPrimary'
  | 'externalId'
  | 'id'
  | 'active'
  | 'displayName'
  | 'givenName'
  | 'familyName'
  | 'lastModified'
  | 'created'
  | (typeof ENTERPRISE_KEYS)[number];

export type Comparison = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
const COMPARISONS: ReadonlySet<string> = new Set<Comparison>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const SUBSTRING: ReadonlySet<string> = new Set(['co', 'sw', 'ew']);

/**
 * A filter as the store runs it. A comparison's value is a boolean for a boolean attribute, an ISO
 * timestamp for a date, a string otherwise; `present` is RFC 7644's `pr` (and `ne null`).
 */
export type UserFilter =
  | { op: 'and' | 'or'; filters: UserFilter[] }
  | { op: 'not'; filter: UserFilter }
  | { op: 'present'; attribute: UserAttribute }
  | { op: Comparison; attribute: UserAttribute; value: string | boolean };

type Kind = 'text' | 'boolean' | 'date';
interface Typed {
  attribute: UserAttribute;
  kind: Kind;
}
type Attributes = ReadonlyMap<string, Typed>;
const text = (attribute: UserAttribute): Typed => ({ attribute, kind: 'text' });

/** The resource's filterable attributes by lowercase name. */
const USER_ATTRIBUTES: Attributes = new Map<string, Typed>([
  ['username', text('userName')],
  ['emails', text('userName')],
  ['emails.value', text('userName')],
  ['emails.type', text('emailType')],
  ['emails.primary', { attribute: 'emailPrimary', kind: 'boolean' }],
  ['externalid', text('externalId')],
  ['id', text('id')],
  ['active', { attribute: 'active', kind: 'boolean' }],
  ['displayname', text('displayName')],
  ['name.formatted', text('displayName')],
  ['name.givenname', text('givenName')],
  ['name.familyname', text('familyName')],
  ['meta.lastmodified', { attribute: 'lastModified', kind: 'date' }],
  ['meta.created', { attribute: 'created', kind: 'date' }],
  ...ENTERPRISE_KEYS.map((key) => [`${ENTERPRISE_SCHEMA.toLowerCase()}:${key.toLowerCase()}`, text(key)] as const),
]);

/** Inside emails[...]: the sub-attributes of the one address. */
const EMAIL_ATTRIBUTES: Attributes = new Map<string, Typed>([
  ['value', text('userName')],
  ['type', text('emailType')],
  ['primary', { attribute: 'emailPrimary', kind: 'boolean' }],
]);

const CORE_PREFIX = `${USER_SCHEMA.toLowerCase()}:`;
/** Long enough for any real filter, short enough that a hostile one cannot make a huge statement. */
const MAX_FILTER_LENGTH = 2000;
/**
 * Parentheses and value filters (`emails[...]`) inside one another: directories send two or three; 300
 * made a statement the database could not run (a 500). Read from the text, before the parser recurses.
 */
export const MAX_FILTER_DEPTH = 10;

function attributeOf(attributes: Attributes, attrPath: string) {
  const lower = attrPath.toLowerCase();
  const found = attributes.get(lower.startsWith(CORE_PREFIX) ? lower.slice(CORE_PREFIX.length) : lower);
  if (found) return found;
  throw invalidFilter(
    `The filter names ${attrPath}, which cannot be filtered on. Filter on userName, emails.value, emails[type eq "work"].value, externalId, id, active, displayName, name.givenName, name.familyName or meta.lastModified.`,
  );
}

/** The comparison's value as the store compares it, or why it cannot be compared so. */
function valueOf(kind: Kind, op: Comparison, value: unknown, attrPath: string): string | boolean {
  const refuse = (why: string) => invalidFilter(`${attrPath} ${op} ${JSON.stringify(value)}: ${why}`);
  if (kind === 'boolean') {
    const flag = typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
    if (typeof flag !== 'boolean') throw refuse('compare it with true or false.');
    if (op !== 'eq' && op !== 'ne') throw refuse('only eq and ne compare a boolean.');
    return flag;
  }
  if (typeof value !== 'string') throw refuse('compare it with a string.');
  if (kind === 'text') return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw refuse('compare it with a date and time (RFC 3339).');
  if (SUBSTRING.has(op)) throw refuse('a date compares with eq, ne, gt, ge, lt or le.');
  return at.toISOString();
}

function toUserFilter(filter: Filter, attributes: Attributes): UserFilter {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { op: filter.op, filters: filter.filters.map((each) => toUserFilter(each, attributes)) };
    case 'not':
      return { op: 'not', filter: toUserFilter(filter.filter, attributes) };
    case '[]': {
      if (attributes !== USER_ATTRIBUTES || filter.attrPath.toLowerCase() !== 'emails')
        throw invalidFilter(`${filter.attrPath}[...] cannot be filtered on; emails[...] can.`);
      return toUserFilter(filter.valFilter, EMAIL_ATTRIBUTES);
    }
    case 'pr':
      return { op: 'present', attribute: attributeOf(attributes, filter.attrPath).attribute };
    default: {
      const { attribute, kind } = attributeOf(attributes, filter.attrPath);
      if (!COMPARISONS.has(filter.op)) throw invalidFilter(`${filter.op} is not a SCIM comparison operator.`);
      const op: Comparison = filter.op;
      // eq null / ne null: whether the attribute is unassigned (RFC 7644 §3.4.2.2, "pr").
      if (filter.compValue === null && (op === 'eq' || op === 'ne')) {
        const present: UserFilter = { op: 'present', attribute };
        return op === 'eq' ? { op: 'not', filter: present } : present;
      }
      return { op, attribute, value: valueOf(kind, op, filter.compValue, filter.attrPath) };
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

/** A /Users filter checked against the resource; 400 invalidFilter naming what cannot be read. */
export function readUserFilter(filter: string): UserFilter {
  return toUserFilter(parseFilter(filter), USER_ATTRIBUTES);
}
