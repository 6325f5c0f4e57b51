import { badRequest } from './errors.js';

/** Query parameters every list accepts (limit 0 = all records, spec section 9). */
export const listQuerySchema = {
  limit: { type: 'integer', minimum: 0, maximum: 100000, default: 0, description: 'Page size; 0 returns all records.' },
  offset: { type: 'integer', minimum: 0, maximum: 2147483647, default: 0 },
  search: { type: 'string', maxLength: 200, description: 'Case-insensitive substring of the searchable fields.' },
  sort: { type: 'string', maxLength: 40, description: 'A sortable field; prefix with - for descending.' },
} as const;

export interface ListQuery {
  limit: number;
  offset: number;
  search?: string;
  sort?: string;
}

/** SQL for ORDER BY from `sort`, restricted to the given column map; `tieBreaker` keeps paging stable. */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, string>,
  fallback: string,
  tieBreaker: string,
): string {
  const key = sort?.replace(/^-/, '') ?? fallback;
  const column = columns[key];
  if (!column) throw badRequest(`Cannot sort by ${key}. Sort by one of: ${Object.keys(columns).join(', ')}.`);
  const direction = sort?.startsWith('-') ? 'DESC' : 'ASC';
  return `ORDER BY ${column} ${direction}, ${tieBreaker} ${direction}`;
}

/** LIMIT/OFFSET clause with parameters appended to `params`. */
export function page(query: ListQuery, params: unknown[]): string {
  let sql = '';
  if (query.limit > 0) {
    params.push(query.limit);
    sql += ` LIMIT $${params.length}`;
  }
  if (query.offset > 0) {
    params.push(query.offset);
    sql += ` OFFSET $${params.length}`;
  }
  return sql;
}

/** A LIKE pattern matching `search` anywhere, with its wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition finding `search` anywhere in a row's search_text (users: email and lowercase name;
 * organizations: id and name; providers: NPI and name; migration 008, trigram-indexed), its pattern
 * appended to `params`. Every list and the bulk selection search this one way.
 */
export function searchTextMatches(search: string, params: unknown[]): string {
  params.push(containsPattern(search));
  return `search_text LIKE $${params.length}`;
}

/** The data wrapper of spec section 7. */
export function listBody<T>(data: T[], total: number, query: ListQuery) {
  return { data, total, limit: query.limit, offset: query.offset };
}
