import { USER_STATUSES } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { resendInvitation, revokeInvitation } from './platform.js';

/** Invitations (issue 18): the user's status and pending invitation, resend and revoke. */
export const invitationResolvers: Resolvers = {
  UserStatus: enumValues(USER_STATUSES),

  Mutation: {
    // The removed or re-invited user is forgotten by every gateway replica's cache.
    resendInvitation: (_, { email }, { platform, userChanged }) =>
      withFieldErrors({ prefix: '' }, async () => {
        const { invitation } = await resendInvitation(platform, email);
        userChanged(email);
        return { invitation };
      }),
    revokeInvitation: async (_, { email }, { platform, userChanged }) => {
      const result = await withFieldErrors({ prefix: '' }, async () => {
        await revokeInvitation(platform, email);
        userChanged(email);
        return { ok: true };
      });
      return { ok: 'ok' in result, inputErrors: result.inputErrors };
    },
  },
};
