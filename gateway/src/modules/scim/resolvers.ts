import type { Resolvers } from '../../generated/resolvers-types.js';
import { withFieldErrors } from '../common/input-errors.js';
import { createScimToken, listScimTokens, revokeScimToken, rotateScimToken } from './platform.js';

/** The mutations' arguments are top-level: a refusal names `label` or `tokenId` as it is. */
const ARGUMENTS = { prefix: '' };

/**
 * An organization's SCIM tokens (issue 31), which its directory (Entra ID, Okta…) provisions its users
 * with. Who may list, create, rotate and revoke them is the operation table's (scimTokens,
 * createScimToken…), applied by the directives on the mutations and by the platform on every call. The
 * token passes through once, in the created or rotated payload; nothing here logs or keeps it.
 */
export const scimResolvers: Resolvers = {
  Organization: {
    // Both read the same GET, which the request's client makes once.
    scimTokens: async (organization, _, { platform }) => (await listScimTokens(platform, organization.id)).data,
    scimBaseUrl: async (organization, _, { platform }) => (await listScimTokens(platform, organization.id)).baseUrl,
  },

  Mutation: {
    createScimToken: (_, { organizationId, label }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({ secret: await createScimToken(platform, organizationId, label) })),
    rotateScimToken: (_, { organizationId, tokenId }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({ secret: await rotateScimToken(platform, organizationId, tokenId) })),
    revokeScimToken: (_, { organizationId, tokenId }, { platform }) =>
      withFieldErrors(ARGUMENTS, async () => ({ scimToken: await revokeScimToken(platform, organizationId, tokenId) })),
  },
};
