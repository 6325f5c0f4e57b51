import { GraphQLError } from 'graphql';
import { MESSAGES, type FeatureKey } from '@meridian/schema';

/** Field-level refusals: the field resolves to null with one of these errors (HTTP stays 200). */
export const UNAUTHENTICATED_MESSAGE = MESSAGES.signInRequired;

export const unauthenticated = () =>
  new GraphQLError(UNAUTHENTICATED_MESSAGE, { extensions: { code: 'UNAUTHENTICATED' } });

export const forbidden = (message: string = MESSAGES.permissionDenied) =>
  new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });

export const featureUnavailable = (feature: FeatureKey) =>
  new GraphQLError(MESSAGES.featureUnavailable, { extensions: { code: 'FEATURE_UNAVAILABLE', feature } });

export const userMissing = () => new GraphQLError(MESSAGES.userMissing, { extensions: { code: 'USER_MISSING' } });
