import { NOT_INVITED_MESSAGE, grantableRoles } from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import { recordAuditEvent } from './audit.js';
import { conflict, forbidden } from './errors.js';
import { invitationView, pendingInvitations, removeInvitedUser, sendInvitation } from './invitation-links.js';
import { findUser, userInScope, type UserCaller, type UserRow } from './users.js';

// Resending and revoking an invitation (issue 18); creating a user without a password sends the first
// (domain/users.ts createUser). The links themselves: invitation-links.ts.

/**
 * The invited user `email`, if `principal` may create users in their organization (the permission of
 * invitations, schema/src/operations.ts) and grant their role; read again under lock inside `tx`.
 */
async function invitedUser(
  tx: Queryable,
  who: Pick<UserCaller, 'caller' | 'guard'>,
  operation: 'resendInvitation' | 'revokeInvitation',
  email: string,
): Promise<UserRow> {
  await userInScope(tx, who, operation, email);
  const user = (await findUser(tx, email, true))!;
  // As for activation: users above the caller's grant (an operator's system roles) are not theirs to touch.
  if (!grantableRoles(who.caller.role).includes(user.role)) throw forbidden();
  if (!user.invited) throw conflict(NOT_INVITED_MESSAGE);
  return user;
}

/** Sends an invited user a new invitation (earlier links stop working); answers it. */
export async function resendInvitation(
  db: Database,
  who: UserCaller,
  email: string,
  config: Pick<PlatformConfig, 'consoleUrl' | 'productName'>,
) {
  return db.transaction(async (tx) => {
    const user = await invitedUser(tx, who, 'resendInvitation', email);
    await sendInvitation(tx, config, user, who.source);
    const target = { type: 'user', id: email } as const;
    await recordAuditEvent(tx, who.source, {
      action: 'invitation.resend',
      organizationId: user.organization_id,
      target,
    });
    const pending = (await pendingInvitations(tx, [email])).get(email) ?? null;
    return { email, invitation: invitationView(pending, new Date())! };
  });
}

/** Withdraws an invitation: the invited user is removed. */
export async function revokeInvitation(db: Database, who: UserCaller, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await invitedUser(tx, who, 'revokeInvitation', email);
    await removeInvitedUser(tx, who.source, email, user.organization_id);
  });
}
