import type { ContractCase, ContractContext } from './case.js';

const INVITED = 'contract-invited@acme.test';
const REVOKED = 'contract-revoked@acme.test';

/** Creates a user in Acme without a password (an invitation), as the case's setup; once is enough. */
async function invited({ platform, as }: ContractContext, email: string): Promise<void> {
  const created = await platform.rest.inject({
    method: 'POST',
    url: '/user?organizationId=acme',
    headers: as.acmeAdmin,
    payload: { name: 'Contract Invitee', email },
  });
  if (created.statusCode !== 201 && created.statusCode !== 409)
    throw new Error(`Inviting ${email} answered ${created.statusCode}`);
}

const invitation = (email: string) => `/user/${encodeURIComponent(email)}/invitation`;

/** Invitations: resend and revoke, each answer they document. */
export const invitationCases: ContractCase[] = [
  {
    operation: 'resendInvitation',
    status: 200,
    why: 'an Org Admin resends',
    request: async (context) => {
      await invited(context, INVITED);
      return { method: 'POST', url: invitation(INVITED), headers: context.as.acmeAdmin };
    },
  },
  {
    operation: 'resendInvitation',
    status: 400,
    why: 'an email too short',
    request: ({ as }) => ({ method: 'POST', url: invitation('x'), headers: as.acmeAdmin }),
  },
  {
    operation: 'resendInvitation',
    status: 403,
    why: 'an Org User may not create users',
    request: ({ as }) => ({ method: 'POST', url: invitation(INVITED), headers: as.acmeUser }),
  },
  {
    operation: 'resendInvitation',
    status: 404,
    why: 'another tenant’s user',
    request: ({ as }) => ({ method: 'POST', url: invitation(INVITED), headers: as.globexAdmin }),
  },
  {
    operation: 'resendInvitation',
    status: 409,
    why: 'the user already has a password',
    request: ({ as }) => ({ method: 'POST', url: invitation('user@acme.test'), headers: as.acmeAdmin }),
  },

  {
    operation: 'revokeInvitation',
    status: 200,
    why: 'an Org Admin revokes',
    request: async (context) => {
      await invited(context, REVOKED);
      return { method: 'DELETE', url: invitation(REVOKED), headers: context.as.acmeAdmin };
    },
  },
  {
    operation: 'revokeInvitation',
    status: 400,
    why: 'an email too short',
    request: ({ as }) => ({ method: 'DELETE', url: invitation('x'), headers: as.acmeAdmin }),
  },
  {
    operation: 'revokeInvitation',
    status: 403,
    why: 'an Org User may not create users',
    request: ({ as }) => ({ method: 'DELETE', url: invitation(INVITED), headers: as.acmeUser }),
  },
  {
    operation: 'revokeInvitation',
    status: 404,
    why: 'a user revoked already',
    request: ({ as }) => ({ method: 'DELETE', url: invitation(REVOKED), headers: as.acmeAdmin }),
  },
  {
    operation: 'revokeInvitation',
    status: 409,
    why: 'the user already has a password',
    request: ({ as }) => ({ method: 'DELETE', url: invitation('user@acme.test'), headers: as.acmeAdmin }),
  },
];
