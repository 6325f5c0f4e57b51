import { SCALARS } from '@meridian/schema';
import type { Resolvers } from '../generated/resolvers-types.js';
import { analyticsResolvers } from './analytics/resolvers.js';
import { auditResolvers } from './audit/resolvers.js';
import { catalogResolvers } from './catalog/resolvers.js';
import { commonResolvers } from './common/resolvers.js';
import { credentialResolvers } from './credential/resolvers.js';
import { featureResolvers } from './feature/resolvers.js';
import { invitationResolvers } from './invitation/resolvers.js';
import { lifecycleResolvers } from './lifecycle/resolvers.js';
import { organizationResolvers } from './organization/resolvers.js';
import { passwordResolvers } from './password/resolvers.js';
import { providerResolvers } from './provider/resolvers.js';
import { scimResolvers } from './scim/resolvers.js';
import { searchResolvers } from './search/resolvers.js';
import { securityResolvers } from './security/resolvers.js';
import { sessionResolvers } from './session/resolvers.js';
import { ssoResolvers } from './sso/resolvers.js';
import { userBulkResolvers } from './user-bulk/resolvers.js';
import { userResolvers } from './user/resolvers.js';
import { webhookResolvers } from './webhook/resolvers.js';

const MODULES: readonly Resolvers[] = [
  commonResolvers,
  organizationResolvers,
  lifecycleResolvers,
  userResolvers,
  userBulkResolvers,
  invitationResolvers,
  credentialResolvers,
  catalogResolvers,
  featureResolvers,
  providerResolvers,
  analyticsResolvers,
  auditResolvers,
  passwordResolvers,
  sessionResolvers,
  searchResolvers,
  securityResolvers,
  ssoResolvers,
  scimResolvers,
  webhookResolvers,
];

/**
 * One map from the domain modules. A type's fields may come from several modules (Organization.users
 * from the user module); a field defined twice is a mistake and fails at startup.
 */
function mergeModules(modules: readonly Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const module of modules) {
    for (const [typeName, fields] of Object.entries(module)) {
      const target = (merged[typeName] ??= {});
      for (const [fieldName, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (fieldName in target) throw new Error(`${typeName}.${fieldName} is resolved by two modules.`);
        target[fieldName] = resolver;
      }
    }
  }
  return merged;
}

/** Every resolver of the contract, with its custom scalars and the enums' REST values. */
export const resolvers: Resolvers = { ...mergeModules(MODULES), ...SCALARS };
