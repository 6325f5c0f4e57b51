import type { ListResult } from '../../platform/client-types.js';

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

/** The paging, search and sort parameters of a REST list's query. */
export interface ListQuery {
  search?: string;
  sort?: string;
  offset?: number;
  limit?: number;
}

/** The REST query of a list: only what was asked for (an empty search is no search). */
export function listQuery(args: ListArgs, sort?: string): ListQuery {
  return {
    search: args.search || undefined,
    sort,
    offset: args.offset ?? undefined,
    limit: args.limit ?? undefined,
  };
}

/** What a list operation answers: its rows in a data wrapper, with the paging of lists that page. */
interface ListBody<Row> {
  data: Row[];
  total?: number;
  limit?: number;
  offset?: number;
}

/** A list operation's answer unwrapped: its rows and the wrapper's other fields; a list that does not page counts its rows. */
export function listOf<Row>(body: ListBody<Row>): ListResult<Row> {
  const { data: rows, ...rest } = body;
  return { ...rest, rows, total: rest.total ?? rows.length, limit: rest.limit ?? 0, offset: rest.offset ?? 0 };
}

/** A page in the contract's shape: rows and pageInfo {total, limit, offset}. */
export function toPage<T>(list: ListResult<T>) {
  return { rows: list.rows, pageInfo: { total: list.total, limit: list.limit, offset: list.offset } };
}
