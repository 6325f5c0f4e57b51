import { factorResetRefusal, normalizeEmail } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { PlatformError } from '../../platform/errors.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { getUser } from '../user/platform.js';
import {
  getUserMfa,
  listUserSessions,
  resetUserMfa,
  revokeSession,
  revokeUserSessions,
  SECOND_FACTOR_KINDS,
} from './platform.js';

/** Mutations whose arguments are top-level: a refusal names the argument itself (email, id). */
const TOP_LEVEL = { prefix: '' };

/**
 * Sessions ended, or what to fix: `revoked` is 0 when the platform refused. Ending a session by id,
 * the platform answers 404 in its words for an id that is not a live session the caller may end
 * (another tenant's reads the same as none): that is the argument to fix (`notFound`), not a failure.
 */
async function revocation(work: () => Promise<number>, notFound?: string) {
  try {
    return { revoked: 0, ...(await withFieldErrors(TOP_LEVEL, async () => ({ revoked: await work() }))) };
  } catch (error) {
    if (notFound && error instanceof PlatformError && error.status === 404)
      return { revoked: 0, inputErrors: [{ field: notFound, message: error.message }] };
    throw error;
  }
}

/**
 * Second factors and sign-in sessions (issue 29). Who may read or change them is the operation table's
 * (userMfa, userSessions, resetUserMfa, revokeUserSessions, revokeSession), applied by the directives;
 * the platform checks again, and ends sessions with their access tokens.
 */
export const securityResolvers: Resolvers = {
  SecondFactorKind: enumValues(SECOND_FACTOR_KINDS),

  User: {
    mfa: (user, _, { platform }) => getUserMfa(platform, user.email),
    sessions: (user, _, { platform }) => listUserSessions(platform, user.email),
  },

  SignInSession: {
    ipAddress: (session) => session.clientIp,
  },

  Mutation: {
    // The payload's user answers its factors as they now are (none) when the mutation selects them.
    resetUserMfa: (_, { email }, { platform, caller }) => {
      // One's own factors change on the account page, after proving one of them; the platform refuses too.
      const own = caller?.kind === 'user' ? factorResetRefusal(caller.subject, normalizeEmail(email)) : null;
      if (own) return { inputErrors: [{ field: 'email', message: own }] };
      return withFieldErrors(TOP_LEVEL, async () => {
        await resetUserMfa(platform, email);
        return { user: await getUser(platform, email) };
      });
    },
    revokeUserSessions: (_, { email, exceptCurrent }, { platform }) =>
      revocation(() => revokeUserSessions(platform, email, exceptCurrent ?? false)),
    revokeSession: (_, { id }, { platform }) => revocation(() => revokeSession(platform, id), 'id'),
  },
};
