import { hash, verify } from '@node-rs/argon2';
import {
  MESSAGES,
  PASSWORD_REUSE_MESSAGE,
  normalizeEmail,
  passwordExpiresAt,
  personMayWork,
  validateEmail,
  validatePassword,
} from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import {
  closeOpenResetTokens,
  closeOpenTokens,
  deleteLoginFailures,
  lastTokenIssuedAt,
  selectPasswordHash,
  tokenIssuedWithin,
  updatePasswordHash,
} from '../stores/passwords.js';
import { findOrganization } from '../stores/organizations.js';
import { recordAuditEvent, type AuditOrigin, type AuditSource } from './audit.js';
import { takeLoginAttempt } from './login.js';
import type { ServiceCaller } from './caller.js';
import { assertValid, badRequest, forbidden } from './errors.js';
import {
  consumePasswordToken,
  createPasswordLink,
  issuePasswordToken,
  sendMail,
  usablePasswordToken,
  type PasswordTokenPurpose,
} from './password-tokens.js';
import { endUserSessions } from './sessions.js';
import { ssoOnlyConnectionOf, ssoOnlyMessage } from './sso/routing.js';
import { findUser, userInScope, type UserRow } from './users.js';

type MailConfig = Pick<PlatformConfig, 'consoleUrl' | 'productName'>;

export const LINK_UNUSABLE_MESSAGE = MESSAGES.passwordLinkUnusable;
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect.';
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, a link to set a new password is on its way.';
const CLIENTS_HAVE_NO_PASSWORD = 'Only a signed-in user can change their password.';

/** Null for an invited user who has not set a password yet (issue 18). */
const passwordHashOf = selectPasswordHash;

/** Stores a new password: the 90-day expiry restarts, failed sign-ins are forgotten, other open links stop working. */
async function setPassword(db: Queryable, email: string, password: string): Promise<void> {
  await updatePasswordHash(db, email, await hash(password));
  await deleteLoginFailures(db, email);
  await closeOpenTokens(db, email);
}

/** Issues a one-time link, closing the user's earlier reset links, and writes it to the outbox. */
async function mailPasswordLink(
  db: Queryable,
  consoleUrl: string,
  productName: string,
  email: string,
  purpose: PasswordTokenPurpose,
) {
  await closeOpenResetTokens(db, email);
  const link = createPasswordLink(consoleUrl, await issuePasswordToken(db, email, purpose));
  const body = `Use this link within 60 minutes to set a new ${productName} password: ${link}\nIf you did not ask for it, ignore this email.`;
  await sendMail(db, email, `Set your ${productName} password`, body, link);
}

/** A password event about `email` (never the password: the event has no changes, only who and when). */
async function auditPassword(
  tx: Queryable,
  source: AuditSource,
  action: 'password.reset-request' | 'password.create' | 'password.change' | 'password.reset-initiate',
  email: string,
  user: UserRow | undefined,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent(tx, source, {
    action,
    organizationId: user?.organization_id ?? null,
    target: { type: 'user', id: email },
    ...(details ? { details } : {}),
  });
}

/**
 * One reset mail per email per RESET_MAIL_INTERVAL_MS: a request inside the interval is answered alike
 * and sends nothing (the link already mailed still works), so a flood of requests cannot flood a
 * mailbox. The interval is read from the links in the database, so every replica agrees.
 */
export const RESET_MAIL_INTERVAL_MS = 5 * 60 * 1000;

/** Links a forgotten-password request would repeat: its own and an administrator's (both are mailed). */
const MAILED_RESET_PURPOSES: readonly PasswordTokenPurpose[] = ['reset', 'initiated'];

/**
 * Mails a link to set a new password when the email is an active user's, at most once per interval
 * (a newer link closes the older ones); records whether one went out. The answer is the same whatever
 * happened.
 */
export async function requestPasswordReset(db: Database, source: AuditSource, rawEmail: string, config: MailConfig) {
  const email = normalizeEmail(rawEmail);
  assertValid([{ param: 'email', msg: validateEmail(email) }]);
  await db.transaction(async (tx) => {
    // The user's row lock makes concurrent requests for one email (on any replica) take turns, so the
    // second sees the first one's link.
    const user = await findUser(tx, email, true);
    // Single sign-on only: the identity provider holds the person's password, not us.
    const ssoOnly = user ? (await ssoOnlyConnectionOf(tx, user)) !== null : false;
    // A person of an organization that is not active is mailed nothing, as a deactivated one.
    const organization = user ? await findOrganization(tx, user.organization_id) : undefined;
    const working = user !== undefined && organization !== undefined && personMayWork(user.role, organization.status);
    const linkSent = user?.active === true && working && !ssoOnly;
    // Answered by the link mailed moments ago: no mail, and no event (the trail has the one that mailed it).
    if (linkSent && (await tokenIssuedWithin(tx, email, MAILED_RESET_PURPOSES, RESET_MAIL_INTERVAL_MS))) return;
    if (linkSent) await mailPasswordLink(tx, config.consoleUrl, config.productName, email, 'reset');
    // The answer reveals nothing; the trail (read by administrators) says whether a link went out.
    await auditPassword(tx, source, 'password.reset-request', email, user, {
      linkSent,
      ...(ssoOnly ? { reason: 'sso-only' } : user && !working ? { reason: 'organization-inactive' } : {}),
    });
  });
}

/** Refuses a password for someone whose organization signs in only through its identity provider. */
async function refuseSsoOnly(db: Queryable, user: { email: string; role: string; organization_id: string }) {
  if (!(await ssoOnlyConnectionOf(db, user))) return;
  const organization = await findOrganization(db, user.organization_id);
  throw badRequest(ssoOnlyMessage(organization?.name ?? 'Your organization'));
}

/**
 * Whose account an emailed link sets a password for, and whether it is an invitation (issue 39: the
 * set-password page names the account, and the sign-in after it fills the email in). Only the link's
 * holder has its token (256 random bits, mailed to that person), so the email tells nobody else
 * anything; the link is not used. A link that can no longer be used is refused in the words that
 * setting a password with it would use.
 */
export async function passwordLink(db: Queryable, token: string) {
  const link = await usablePasswordToken(db, token);
  if (!link) throw badRequest(LINK_UNUSABLE_MESSAGE);
  return {
    email: link.email,
    purpose: link.purpose === 'invitation' ? ('invitation' as const) : ('reset' as const),
    expiresAt: link.expires_at.toISOString(),
  };
}

/** Sets a password with the one-time token of an emailed link. */
export async function createPassword(db: Database, origin: AuditOrigin, token: string, password: string) {
  // The policy is checked first so that a weak password does not use up the link.
  assertValid([{ param: 'password', msg: validatePassword(password) }]);
  await db.transaction(async (tx) => {
    const email = await consumePasswordToken(tx, token);
    if (!email) throw badRequest(LINK_UNUSABLE_MESSAGE);
    // A link mailed before the organization went single sign-on only sets no password now.
    await refuseSsoOnly(tx, (await findUser(tx, email))!);
    // Throwing rolls the transaction back, so a refused reuse leaves the link usable.
    const currentHash = await passwordHashOf(tx, email);
    if (currentHash !== null && (await verify(currentHash, password)))
      assertValid([{ param: 'password', msg: PASSWORD_REUSE_MESSAGE }]);
    await setPassword(tx, email, password);
    // A reset signs out every session: whoever knew the old password is signed out with it.
    await endUserSessions(tx, email, { reason: 'passwordChanged' });
    // The one-time link proved who they are: the event is theirs, though they were not signed in.
    const user = (await findUser(tx, email))!;
    const actor = { id: email, kind: 'user', role: user.role, organizationId: user.organization_id } as const;
    await auditPassword(tx, { actor, origin }, 'password.create', email, user);
  });
}

/** Changes the signed-in user's password (internal tools have none), ending their other sessions. */
export async function changePassword(
  db: Database,
  who: ServiceCaller,
  passwords: { currentPassword: string; newPassword: string },
) {
  const principal = who.caller;
  if (principal.kind !== 'user') throw forbidden(CLIENTS_HAVE_NO_PASSWORD);
  const { currentPassword, newPassword } = passwords;
  const email = principal.subject;
  // A signed-in user has a password: an invited user cannot sign in before setting one.
  const currentHash = (await passwordHashOf(db, email))!;
  // The current password is guessed here as at sign-in: the same throttle counts the attempt first, in
  // its one locked step, so guesses sent at once (to any replica) check at most its limit.
  const taken = await takeLoginAttempt(db, email, new Date());
  if ('lockedMinutes' in taken)
    assertValid([{ param: 'currentPassword', msg: MESSAGES.tooManyAttempts(taken.lockedMinutes) }]);
  const currentIsRight = await verify(currentHash, currentPassword);
  if (currentIsRight) await deleteLoginFailures(db, email);
  const policy = validatePassword(newPassword);
  assertValid([
    { param: 'currentPassword', msg: currentIsRight ? null : WRONG_CURRENT_PASSWORD_MESSAGE },
    {
      param: 'newPassword',
      msg: policy ?? ((await verify(currentHash, newPassword)) ? PASSWORD_REUSE_MESSAGE : null),
    },
  ]);
  await db.transaction(async (tx) => {
    await setPassword(tx, email, newPassword);
    // Whoever knew the old password is signed out; the person goes on in the session they changed it in.
    await endUserSessions(tx, email, { reason: 'passwordChanged', except: principal.sessionId });
    await auditPassword(tx, who.source, 'password.change', email, await findUser(tx, email));
  });
}

/** When a user's password was last changed and reset, and when it expires. */
export async function passwordResetMeta(db: Queryable, who: Pick<ServiceCaller, 'caller' | 'guard'>, email: string) {
  const user = await userInScope(db, who, 'passwordResetMeta', email);
  const last = await lastTokenIssuedAt(db, user.email);
  return {
    lastResetRequestedAt: last ? last.toISOString() : null,
    passwordChangedAt: user.password_changed_at.toISOString(),
    expiresAt: passwordExpiresAt(user.password_changed_at).toISOString(),
  };
}

/** Mails a user a link to set a new password; answers their email. */
export async function initiatePasswordReset(db: Database, who: ServiceCaller, email: string, config: MailConfig) {
  const user = await userInScope(db, who, 'initiatePasswordReset', email);
  await refuseSsoOnly(db, user);
  await db.transaction(async (tx) => {
    await mailPasswordLink(tx, config.consoleUrl, config.productName, user.email, 'initiated');
    // An administrator resets a password they suspect is known: every session ends with it.
    await endUserSessions(tx, user.email, { reason: 'passwordReset' });
    await auditPassword(tx, who.source, 'password.reset-initiate', user.email, user);
  });
  return user.email;
}
