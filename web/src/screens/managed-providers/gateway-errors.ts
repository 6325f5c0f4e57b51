import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MESSAGES } from '@meridian/schema';

/**
 * Whether the gateway refused because the organization's license lacks the feature (an operator
 * looking at an unlicensed organization): its code, or its fixed words.
 */
export function isFeatureUnavailable(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some(
      (entry) => entry.extensions?.code === 'FEATURE_UNAVAILABLE' || entry.message === MESSAGES.featureUnavailable,
    )
  );
}

/** A failed request in words: the gateway's own message, else what happened on the way. */
export function gatewayErrorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? MESSAGES.defaultToastError;
  if (ServerError.is(error)) return MESSAGES.httpStatus(error.statusCode);
  // fetch() rejects with a TypeError when nothing answers (offline, gateway down).
  if (error instanceof TypeError) return MESSAGES.noResponse;
  return MESSAGES.defaultToastError;
}
