import type { Role } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';

/** Roles travel as their REST keys; the contract spells them in upper snake case. */
const ROLE_VALUES = {
  SYSTEM_ADMIN: 'systemAdmin',
  SYSTEM_VIEWER: 'systemViewer',
  ORG_ADMIN: 'orgAdmin',
  ORG_USER: 'orgUser',
} as const satisfies Record<string, Role>;

// PermissionScope keeps its GraphQL names as values: it only appears in @requires, whose arguments
// the directive transform reads (NONE, OWN_ORG, SYSTEM_ROLE).
export const commonResolvers: Resolvers = {
  Role: ROLE_VALUES,
};
