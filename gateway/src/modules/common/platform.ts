import type { ListResult, Query } from '../../platform/client-types.js';

export { segment } from '../../platform/route-path.js';

/** The paging and search parameters every REST list accepts. */
export interface ListArgs {
  search?: string | null;
  offset?: number | null;
  limit?: number | null;
}

/** A GraphQL sort: a REST sort key (the enum's internal value) and a direction. */
export interface SortArg<F extends string> {
  field: F;
  direction?: 'ASC' | 'DESC' | null;
}

/** `field` or `-field`, as the REST lists sort. */
export function sortParam<F extends string>(sort: SortArg<F> | null | undefined): string | undefined {
  if (!sort) return undefined;
  return sort.direction === 'DESC' ? `-${sort.field}` : sort.field;
}

/** The REST query of a list: only what was asked for (an empty search is no search). */
export function listQuery(args: ListArgs, sort?: string): Query {
  return {
    search: args.search || undefined,
    sort,
    offset: args.offset ?? undefined,
    limit: args.limit ?? undefined,
  };
}

/** A page in the contract's shape: rows and pageInfo {total, limit, offset}. */
export function toPage<T>(list: ListResult<T>) {
  return { rows: list.rows, pageInfo: { total: list.total, limit: list.limit, offset: list.offset } };
}
