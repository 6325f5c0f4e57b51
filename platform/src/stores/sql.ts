import { badRequest } from '../domain/errors.js';

// SQL fragments every store's lists share: sort, paging and search, each value a parameter.

/** The paging a list asks for (limit 0 = all records, spec section 9). */
export interface Paging {
  limit: number;
  offset: number;
}

/** What every list accepts: paging, a search and a sort key (contract/common.ts listQuerySchema). */
export interface ListQuery extends Paging {
  search?: string;
  sort?: string;
}

/** SQL for ORDER BY from `sort`, restricted to the given column map; `tieBreaker` keeps paging stable. */
export function orderBy<K extends string>(
  sort: string | undefined,
  columns: Readonly<Record<K, string>>,
  fallback: NoInfer<K>,
  tieBreaker: string,
): string {
  const key = sort?.replace(/^-/, '') ?? fallback;
  // Own keys only: `sort=toString` must not find Object.prototype's function (it became SQL, and a 500).
  const column = Object.hasOwn(columns, key) ? columns[key as K] : undefined;
  if (!column) throw badRequest(`Cannot sort by ${key}. Sort by one of: ${Object.keys(columns).join(', ')}.`);
  const direction = sort?.startsWith('-') ? 'DESC' : 'ASC';
  return `ORDER BY ${column} ${direction}, ${tieBreaker} ${direction}`;
}

/** LIMIT/OFFSET clause with parameters appended to `params`. */
export function page(query: Paging, params: unknown[]): string {
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
