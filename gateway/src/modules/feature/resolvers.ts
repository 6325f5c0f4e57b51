import type { ReleaseStage } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { organizationFeatures } from './platform.js';

const STAGE_VALUES = {
  BETA: 'beta',
  GENERAL_AVAILABILITY: 'general-availability',
} as const satisfies Record<string, ReleaseStage>;

export const featureResolvers: Resolvers = {
  ReleaseStage: STAGE_VALUES,

  Query: {
    features: (_, { organizationId }, { platform }) => organizationFeatures(platform, organizationId),
  },

  Organization: {
    features: (organization, _, { platform }) => organizationFeatures(platform, organization.id),
  },

  Viewer: {
    // Any member may read their own organization's features (the table's `member`).
    features: ({ caller, user }, _, { platform }) =>
      organizationFeatures(platform, user?.organizationId ?? caller.organizationId),
  },
};
