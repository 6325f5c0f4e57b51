import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import type { GatewayRequestContext } from '../context.js';
import { PlatformCallCancelled, PlatformError } from '../platform/errors.js';
import { describeOperation } from './trace-context.js';

/** Errors that are answers, not faults: logged at debug. */
const EXPECTED_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'FEATURE_UNAVAILABLE',
  'USER_MISSING',
  'BAD_USER_INPUT',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'INTROSPECTION_DISABLED',
]);

function logError(log: Logger, error: GraphQLError): void {
  const original = error.originalError;
  const path = error.path?.join('.');
  // A cancelled call was logged when it was cancelled; nobody is left to tell.
  if (original instanceof PlatformCallCancelled) return;
  if (original instanceof PlatformError) {
    const level = original.status === undefined || original.status >= 500 ? 'warn' : 'debug';
    log[level]({ path, status: original.status, message: original.message }, 'Platform refused a field');
    return;
  }
  const code = error.extensions?.code;
  // Refusals and GraphQL's own errors carry a code; a bug (a TypeError in a resolver) carries none.
  if (typeof code === 'string' && EXPECTED_CODES.has(code)) {
    log.debug({ path, code, message: error.message }, 'GraphQL error');
    return;
  }
  log.error({ path, err: original ?? error }, 'Unexpected error resolving a request');
}

/** A request's errors: marked in its trace for the log line and metrics, and logged by kind. */
export function recordErrors(
  context: Pick<GatewayRequestContext, 'trace' | 'log'>,
  errors: readonly GraphQLError[],
): void {
  context.trace.hadErrors = true;
  for (const error of errors) logError(context.log, error);
}

/** Records each request's operation name and errors for its log line and metrics; logs errors by kind. */
export function tracePlugin(): ApolloServerPlugin<GatewayRequestContext> {
  return {
    async requestDidStart({ request, contextValue }) {
      if (request.operationName) contextValue.trace.operationName = request.operationName;
      return {
        async didResolveOperation({ operationName, operation, queryHash }) {
          if (operationName) contextValue.trace.operationName = operationName;
          if (operation) describeOperation(contextValue.trace.otel, operation, queryHash);
        },
        async didEncounterErrors({ errors }) {
          recordErrors(contextValue, errors);
        },
      };
    },
  };
}
