import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { MESSAGES } from '@meridian/schema';
import { PlatformCallCancelled, PlatformError } from '../platform/errors.js';

/** The GraphQL error code of a platform refusal, by status (and the fixed messages of spec section 8). */
export function platformErrorCode(error: PlatformError): string {
  if (error instanceof PlatformCallCancelled) return 'CANCELLED';
  switch (error.status) {
    case 400:
    case 414:
    case 431:
      return 'BAD_USER_INPUT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      if (error.message === MESSAGES.featureUnavailable) return 'FEATURE_UNAVAILABLE';
      if (error.message === MESSAGES.userMissing) return 'USER_MISSING';
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'PLATFORM_UNAVAILABLE';
  }
}

/** Apollo Server's words for a query text whose SHA-256 is not the hash sent beside it (it gives no code). */
const APOLLO_HASH_MISMATCH = 'provided sha does not match query';

export const HASH_MISMATCH_MESSAGE =
  'The query text does not match the hash in extensions.persistedQuery.sha256Hash: send the SHA-256 of this ' +
  'exact text (hex), or the text without the extension.';

/**
 * What a client sees of an error: a platform refusal as its resolved message (never the upstream
 * body) with a code and any field problems; GraphQL's own errors as they are; anything else (a bug) as
 * 'Something went wrong on our end.' with no message, stack or detail of its own.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const where = {
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
  };
  if (original instanceof PlatformError) {
    return {
      message: original.message,
      ...where,
      extensions: {
        code: platformErrorCode(original),
        ...(original.inputErrors.length > 0 ? { inputErrors: original.inputErrors } : {}),
      },
    };
  }
  // A hash the trusted documents do not hold: a console of another build (it reloads on this code).
  if (formatted.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND')
    return { message: MESSAGES.staleDocument, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } };
  // A document sent with another document's hash: the client's mistake, which Apollo raises without a code.
  if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR' && formatted.message === APOLLO_HASH_MISMATCH)
    return { message: HASH_MISMATCH_MESSAGE, extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH' } };
  // Apollo gives INTERNAL_SERVER_ERROR to whatever carried no code of its own: a bug, not an answer.
  // (Decided by code, not by `instanceof GraphQLError`, which a second copy of graphql would defeat.)
  if (formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') return formatted;
  return { message: MESSAGES.defaultToastError, ...where, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
