import type { OperationId, RestAnswer, RestCallArgs } from './rest-types.js';

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

/** A call's arguments, which may be left out when the operation requires none of them. */
export type CallArguments<Operation extends OperationId> =
  Partial<RestCallArgs<Operation>> extends RestCallArgs<Operation>
    ? [args?: RestCallArgs<Operation>]
    : [args: RestCallArgs<Operation>];

/**
 * The platform's REST API for one request: forwards the caller's bearer token and request id, makes
 * identical GETs once, and is cancelled when the client disconnects. Failures throw PlatformError.
 */
export interface PlatformClient {
  /**
   * Calls a platform operation by its operationId, with its method and path from the contract
   * (PLATFORM_ROUTES): the path parameters, query and body typed from it, and so its answer.
   */
  call<Operation extends OperationId>(
    operationId: Operation,
    ...args: CallArguments<Operation>
  ): Promise<RestAnswer<Operation>>;
}
