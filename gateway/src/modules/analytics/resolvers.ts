import type { Resolvers } from '../../generated/resolvers-types.js';
import { analyticsSummary } from './platform.js';

export const analyticsResolvers: Resolvers = {
  Query: {
    analyticsSummary: (_, __, { platform }) => analyticsSummary(platform),
  },

  AnalyticsSummary: {
    credentialsExpiringSoon: (summary) => summary.credentialsExpiringSoon.data,
    credentialsExpiringTotal: (summary) => summary.credentialsExpiringSoon.total,
  },
};
