import { CombinedGraphQLErrors } from '@apollo/client/errors';
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
