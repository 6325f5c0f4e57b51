import { ROLES } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from './enum-values.js';

// PermissionScope keeps its GraphQL names as values: it only appears in @requires, whose arguments
// the directive transform reads (NONE, OWN_ORG, SYSTEM_ROLE).
export const commonResolvers: Resolvers = {
  // Roles travel as their REST keys; the contract spells them in upper snake case.
  Role: enumValues(ROLES),
};
