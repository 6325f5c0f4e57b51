import type { ContractCase, ContractContext } from './case.js';

/** A session of the acme Org User, recorded as a sign-in would record it (its id is a token's sid). */
const CONTRACT_SESSION = 'contract-session-1';

async function recordSession({ platform }: ContractContext): Promise<void> {
  await platform.db.query(
    `INSERT INTO user_sessions (sid, email, user_agent, client_ip, amr, expires_at)
     VALUES ($1, 'user@acme.test', 'Contract browser', '203.0.113.7', '{pwd}', now() + interval '1 hour')
     ON CONFLICT (sid) DO NOTHING`,
    [CONTRACT_SESSION],
  );
}

/** Sessions: the acme Org User's listed, one of them ended by their admin, all of them by themselves. */
export const sessionCases: ContractCase[] = [
  {
    operation: 'listUserSessions',
    status: 200,
    why: 'an Org Admin lists their user’s sessions',
    request: async (context) => {
      await recordSession(context);
      return { url: '/users/user@acme.test/sessions', headers: context.as.acmeAdmin };
    },
  },
  {
    operation: 'listUserSessions',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ url: '/users/ab/sessions', headers: as.admin }),
  },
  {
    operation: 'listUserSessions',
    status: 403,
    why: 'an Org User lists another user’s',
    request: ({ as }) => ({ url: '/users/orgadmin@acme.test/sessions', headers: as.acmeUser }),
  },
  {
    operation: 'listUserSessions',
    status: 404,
    why: 'another tenant’s user',
    request: ({ as }) => ({ url: '/users/user@acme.test/sessions', headers: as.globexAdmin }),
  },

  {
    operation: 'revokeSession',
    status: 200,
    why: 'an Org Admin ends one of their user’s sessions',
    request: async (context) => {
      await recordSession(context);
      return { method: 'DELETE', url: `/sessions/${CONTRACT_SESSION}`, headers: context.as.acmeAdmin };
    },
  },
  {
    operation: 'revokeSession',
    status: 400,
    why: 'an id over 128 characters',
    request: ({ as }) => ({ method: 'DELETE', url: `/sessions/${'x'.repeat(129)}`, headers: as.admin }),
  },
  {
    operation: 'revokeSession',
    status: 404,
    why: 'an ended session',
    request: ({ as }) => ({ method: 'DELETE', url: `/sessions/${CONTRACT_SESSION}`, headers: as.acmeAdmin }),
  },

  {
    operation: 'revokeUserSessions',
    status: 200,
    why: 'a user signs out everywhere',
    request: ({ as }) => ({
      method: 'POST',
      url: '/users/user@globex.test/sessions/revoke',
      headers: as.globexUser,
      payload: {},
    }),
  },
  {
    operation: 'revokeUserSessions',
    status: 400,
    why: 'exceptCurrent is not a boolean',
    request: ({ as }) => ({
      method: 'POST',
      url: '/users/user@globex.test/sessions/revoke',
      headers: as.globexUser,
      payload: { exceptCurrent: 'yes' },
    }),
  },
  {
    operation: 'revokeUserSessions',
    status: 403,
    why: 'an Org User signs out another user',
    request: ({ as }) => ({
      method: 'POST',
      url: '/users/orgadmin@acme.test/sessions/revoke',
      headers: as.acmeUser,
      payload: {},
    }),
  },
  {
    operation: 'revokeUserSessions',
    status: 404,
    why: 'another tenant’s user',
    request: ({ as }) => ({
      method: 'POST',
      url: '/users/user@acme.test/sessions/revoke',
      headers: as.globexAdmin,
      payload: {},
    }),
  },

  {
    operation: 'listSessionRevocations',
    status: 200,
    why: 'a gateway reads the feed (no token)',
    request: () => ({ url: '/session-revocations?after=0' }),
  },
  {
    operation: 'listSessionRevocations',
    status: 400,
    why: 'a negative cursor',
    request: () => ({ url: '/session-revocations?after=-1' }),
  },
];
