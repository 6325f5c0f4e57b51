import type { Resolvers } from '../../generated/resolvers-types.js';
import { withFieldErrors } from '../common/input-errors.js';
import { orNullWhenInvalid } from '../common/optional-reads.js';
import { changePassword, createPassword, forgotPassword, getPasswordLink, initiatePasswordReset } from './platform.js';

/** A password call: ok, or what to fix (the REST parameters are the mutation's own argument names). */
async function passwordCall(work: () => Promise<void>) {
  const result = await withFieldErrors({ prefix: '' }, async () => {
    await work();
    return { ok: true };
  });
  return { ok: 'ok' in result, inputErrors: result.inputErrors };
}

export const passwordResolvers: Resolvers = {
  Query: {
    passwordLink: async (_, { token }, { platform }) => {
      const link = await orNullWhenInvalid(getPasswordLink(platform, token));
      return link && { email: link.email, invitation: link.purpose === 'invitation', expiresAt: link.expiresAt };
    },
  },

  Mutation: {
    requestPasswordReset: (_, { email }, { platform }) => passwordCall(() => forgotPassword(platform, email)),
    createPassword: (_, { token, password }, { platform }) =>
      passwordCall(() => createPassword(platform, token, password)),
    changePassword: (_, { currentPassword, newPassword }, { platform }) =>
      passwordCall(() => changePassword(platform, currentPassword, newPassword)),
    initiatePasswordReset: (_, { email }, { platform }) => passwordCall(() => initiatePasswordReset(platform, email)),
  },
};
