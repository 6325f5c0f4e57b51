import { RELEASE_STAGES } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { organizationFeatures } from './platform.js';

export const featureResolvers: Resolvers = {
  ReleaseStage: enumValues(RELEASE_STAGES),

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
