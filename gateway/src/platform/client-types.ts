/** Query string values; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** A list in the platform's data wrapper, unwrapped: rows plus the remaining fields (spec section 7). */
export interface ListResult<T> {
  rows: T[];
  total: number;
  limit: number;
  offset: number;
  [field: string]: unknown;
}

/**
 * The platform's REST API for one request: forwards the caller's bearer token and request id, makes
 * identical GETs once, and is cancelled when the client disconnects. Failures throw PlatformError.
 */
export interface PlatformClient {
  get<T>(path: string, query?: Query): Promise<T>;
  list<T>(path: string, query?: Query): Promise<ListResult<T>>;
  post<T>(path: string, body?: unknown, query?: Query): Promise<T>;
  put<T>(path: string, body?: unknown, query?: Query): Promise<T>;
  /** A partial change (a field left out stays as it is). */
  patch<T>(path: string, body?: unknown, query?: Query): Promise<T>;
  delete<T>(path: string, query?: Query): Promise<T>;
}
