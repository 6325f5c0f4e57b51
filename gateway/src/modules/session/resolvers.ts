import { ROLE_PERMISSIONS } from '@meridian/schema';
import { userMissing } from '../../directives/refusals.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { callerOf } from '../common/caller.js';
import { orNullWhenRefused } from '../common/optional-reads.js';
import { getOrganization } from '../organization/platform.js';
import { selectsSeatUsage } from '../organization/seat-usage.js';
import { dataAccessEntries } from '../user/data-access.js';
import { ownRecord } from './platform.js';

/**
 * An internal tool has no password: its days left are the largest GraphQL Int, read as "never", and
 * it is never expiring.
 */
export const CLIENT_PASSWORD_DAYS_LEFT = 2_147_483_647;

export const sessionResolvers: Resolvers = {
  Query: {
    viewer: async (_, __, context) => {
      const caller = callerOf(context);
      if (caller.kind === 'client') return { caller, user: null };
      // A signed-in person the platform does not know: the console sends them to its error page.
      const user = await ownRecord(context.platform, caller);
      if (!user) throw userMissing();
      return { caller, user };
    },
  },

  Viewer: {
    email: ({ caller }) => caller.subject,
    name: ({ caller, user }) => user?.name ?? caller.name,
    role: ({ caller }) => caller.role,
    permissions: ({ caller }) => [...ROLE_PERMISSIONS[caller.role]],
    organizationId: ({ caller, user }) => user?.organizationId ?? caller.organizationId,
    // Org users may not read their organization: for them this is null, not an error.
    organization: ({ caller, user }, _, { platform }, info) =>
      orNullWhenRefused(
        getOrganization(platform, user?.organizationId ?? caller.organizationId, { usage: selectsSeatUsage(info) }),
      ),
    isPasswordExpiring: ({ user }) => user?.isPasswordExpiring ?? false,
    daysLeftForPasswordExpiry: ({ user }) => user?.daysLeftForPasswordExpiry ?? CLIENT_PASSWORD_DAYS_LEFT,
    passwordExpiresAt: ({ user }) => user?.passwordExpiresAt ?? null,
    directDataAccessEnabled: ({ user }) => user?.direct_data_access_enabled ?? false,
    dataAccessInfo: ({ user }) => (user ? dataAccessEntries(user) : []),
    tableauLicense: ({ user }) => user?.tableauConfig?.tableauLicense ?? null,
    isClient: ({ caller }) => caller.kind === 'client',
    mayRunOwnDocuments: (_, __, { mayRunOwnDocuments }) => mayRunOwnDocuments,
    organizationName: ({ user }) => user?.organization?.name ?? null,
    biPortalUrl: ({ user }) => user?.organization?.biPortalUrl ?? null,
  },
};
