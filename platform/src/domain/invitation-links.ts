import { INVITATION_LIFETIME_DAYS, type UserStatus } from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Queryable } from '../db/database.js';
import { findOrganization } from '../stores/organizations.js';
import { findUser } from '../stores/users.js';
import {
  closeOpenTokens,
  deleteInvitedUser,
  selectPendingInvitations,
  type PendingInvitation,
} from '../stores/passwords.js';
import { recordAuditEvent, type AuditSource } from './audit.js';
import { createPasswordLink, issuePasswordToken, sendMail } from './password-tokens.js';

// An invitation's link: its token and mail, how a user record shows it, and its withdrawal. The
// services that resend and revoke one are domain/invitations.ts.

export type { PendingInvitation, UserStatus };

/** An invitation as a user record shows it; null when the invited user has no pending link. */
export function invitationView(invitation: PendingInvitation | null, now: Date) {
  if (!invitation) return null;
  return {
    sentAt: invitation.created_at.toISOString(),
    expiresAt: invitation.expires_at.toISOString(),
    expired: invitation.expires_at.getTime() <= now.getTime(),
  };
}

/** The pending invitations of `emails`, one query for a whole page. */
export async function pendingInvitations(db: Queryable, emails: string[]): Promise<Map<string, PendingInvitation>> {
  if (emails.length === 0) return new Map();
  return selectPendingInvitations(db, emails);
}

/**
 * Who the invitation says invited the person (issue 39 §5): an administrator by name and email, the
 * organization's directory (SCIM), or the product's administrators for an internal tool.
 */
async function inviterOf(
  tx: Queryable,
  source: AuditSource,
  organizationName: string,
  productName: string,
): Promise<string> {
  const { actor } = source;
  if (actor.kind === 'user') {
    const inviter = await findUser(tx, actor.id);
    return inviter ? `${inviter.name} (${inviter.email})` : actor.id;
  }
  if (actor.kind === 'directory') return `${organizationName}’s directory`;
  return `${productName}’s administrators`;
}

/**
 * Issues an invitation token (the create-password flow's token, living 7 days) and mails its link to
 * the outbox, naming the organization and who invited the person (`source`, the request's actor);
 * earlier links of the user stop working. The caller records the request's one event.
 */
export async function sendInvitation(
  tx: Queryable,
  config: Pick<PlatformConfig, 'consoleUrl' | 'productName'>,
  user: { email: string; name: string; organization_id: string },
  source: AuditSource,
): Promise<void> {
  // Any open link stops working (a resend replaces the invitation).
  await closeOpenTokens(tx, user.email);
  const link = createPasswordLink(config.consoleUrl, await issuePasswordToken(tx, user.email, 'invitation'));
  const organization = (await findOrganization(tx, user.organization_id))?.name ?? user.organization_id;
  const inviter = await inviterOf(tx, source, organization, config.productName);
  const body =
    `Hello ${user.name},\n\n${inviter} invited you to ${organization} on ${config.productName}. ` +
    `Use this link within ${INVITATION_LIFETIME_DAYS} days to set your password, then sign in with ${user.email}: ${link}\n` +
    'If you did not expect it, ignore this email.';
  await sendMail(tx, user.email, `You are invited to ${organization} on ${config.productName}`, body, link);
}

/**
 * Revoking an invitation removes the invited user (decisions.md "Invitations"): they never had a
 * password, so nothing of theirs is lost but their pending links and any credential issued to them.
 * The audit trail keeps the user's events.
 */
export async function removeInvitedUser(tx: Queryable, source: AuditSource, email: string, organizationId: string) {
  await deleteInvitedUser(tx, email);
  await recordAuditEvent(tx, source, {
    action: 'invitation.revoke',
    organizationId,
    target: { type: 'user', id: email },
  });
}
