import { hash, verify } from '@node-rs/argon2';
import { DEFAULT_ROLE, MESSAGES, isRole, passwordExpiry, personMayWork, type Role } from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import {
  deleteLoginFailures,
  deleteLoginFailuresBefore,
  findLoginUser,
  findProviderAccount,
  insertLoginAttempt,
  recentLoginFailures,
  type LoginUserRow as UserRow,
} from '../stores/login.js';
import { deleteExpiredPending, deleteMfaFailuresBefore, factorCounts } from '../stores/mfa.js';
import { deleteExpiredSamlRequests } from '../stores/saml-requests.js';
import { deleteExpiredSsoPending } from '../stores/sso.js';
import { SAML_REQUEST_EXPIRY_MS } from './sso/saml.js';
import { anonymousActor, recordAuditEvent, type AuditActor, type AuditOrigin } from './audit.js';
import { findOrganization } from '../stores/organizations.js';
import { updateLastSignIn } from '../stores/users.js';
import { createPasswordLink, issuePasswordToken } from './password-tokens.js';
import { hasFactor } from './mfa/policy.js';
import { emergencyAccessNeedsFactorMessage, ssoOnlyMessage, ssoOnlyStandingOf } from './sso/routing.js';

/** Sign-in throttling (decisions.md "Sign-in and sessions"): 5 failures in 15 minutes lock an email. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface SignedInUser {
  email: string;
  name: string;
  role: Role;
  organizationId: string;
}

export interface LoginRefusalBody {
  message: string;
  /** Only for an expired password: the console's create-password page with a one-time token. */
  resetLink?: string;
}

export type LoginResult =
  | {
      ok: true;
      user: SignedInUser;
      /**
       * An Org Admin's emergency access to an organization that signs in only through its identity
       * provider (issue 39): the sign-in must go on to prove a second factor, which the person has.
       */
      secondFactorRequired: boolean;
    }
  | { ok: false; status: 401 | 403 | 423; body: LoginRefusalBody };

// Unknown emails still pay for one hash check, so timing does not tell which emails exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash('decoy-password-never-matches-1'));

const refused = (status: 401 | 403 | 423, body: LoginRefusalBody): LoginResult => ({ ok: false, status, body });

/**
 * Minutes until a throttle lifts, from its latest failures (newest first, at most `max`) in the window
 * ending `now`; null when fewer than `max`. The lock lifts when the oldest of the last `max` failures
 * leaves the window: five failures just now read "15 minutes", the same five 10½ minutes ago "5".
 */
export function minutesUntilUnlocked(
  latest: readonly { failed_at: Date }[],
  max: number,
  windowMs: number,
  now: Date,
): number | null {
  if (latest.length < max) return null;
  const unlocksAt = new Date(latest[max - 1]!.failed_at).getTime() + windowMs;
  return Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 60_000));
}

/** Minutes until the email may try again, or null when it is not locked. */
async function lockedForMinutes(db: Queryable, email: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const latest = await recentLoginFailures(db, email, since, MAX_LOGIN_FAILURES);
  return minutesUntilUnlocked(latest, MAX_LOGIN_FAILURES, LOGIN_FAILURE_WINDOW_MS, now);
}

/**
 * Counts this attempt as a failure before its password is checked, in the one locked step that checks
 * the limit (stores/login.ts insertLoginAttempt): attempts sent at once, to any replica, take turns
 * there, so at most five are ever checked. A right password then clears the count. Answers the attempt,
 * or the minutes the email is locked for.
 */
export async function takeLoginAttempt(
  db: Database,
  email: string,
  now: Date,
): Promise<{ attempt: string } | { lockedMinutes: number }> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  return db.transaction(async (tx) => {
    const attempt = await insertLoginAttempt(tx, email, now, since, MAX_LOGIN_FAILURES);
    if (attempt !== null) return { attempt };
    // Read under the same lock: the failures that refused this attempt are the ones counted.
    return { lockedMinutes: (await lockedForMinutes(tx, email, now)) ?? 1 };
  });
}

/**
 * Failures older than the window count for nothing; the server's housekeeping removes them, the wrong
 * second-factor codes of the same window, second-factor steps whose sign-in has expired, and
 * single sign-on steps (pending sign-ins, SAML request ids) past their time.
 */
export async function deleteStaleLoginFailures(db: Queryable, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  await deleteLoginFailuresBefore(db, windowStart);
  await deleteMfaFailuresBefore(db, windowStart);
  await deleteExpiredPending(db, now);
  await deleteExpiredSsoPending(db, now);
  await deleteExpiredSamlRequests(db, new Date(now.getTime() - SAML_REQUEST_EXPIRY_MS));
}

/**
 * A sign-in completed, and how (RFC 8176 methods): its one 'sign-in' event, in the user's organization,
 * and the user's last sign-in (users.last_sign_in_at, the event's moment).
 */
export async function recordSignIn(
  db: Database,
  origin: AuditOrigin,
  user: SignedInUser,
  methods: readonly string[],
): Promise<void> {
  const row = { email: user.email, role: user.role, organization_id: user.organizationId };
  await db.transaction(async (tx) => {
    await updateLastSignIn(tx, user.email);
    await auditSignInAttempt(tx, origin, user.email, row, { action: 'sign-in', details: { methods: [...methods] } });
  });
}

/** The longest email the trail keeps of an attempt (a form may post anything). */
const MAX_AUDITED_EMAIL = 254;

/**
 * Records one sign-in attempt. A refused attempt's actor is anonymous (the email is only a claim) but
 * the event belongs to that user's organization when the email is theirs, so their Org Admin sees it.
 */
export async function auditSignInAttempt(
  tx: Queryable,
  origin: AuditOrigin,
  email: string,
  user: Pick<UserRow, 'email' | 'role' | 'organization_id'> | undefined,
  outcome:
    | { action: 'sign-in'; details?: Record<string, unknown> }
    | { action: 'sign-in.failed' | 'sign-in.locked'; details: Record<string, unknown> },
): Promise<void> {
  const actor: AuditActor =
    outcome.action === 'sign-in' && user
      ? {
          id: user.email,
          kind: 'user',
          role: isRole(user.role) ? user.role : DEFAULT_ROLE,
          organizationId: user.organization_id,
        }
      : anonymousActor(email.slice(0, MAX_AUDITED_EMAIL));
  await recordAuditEvent(
    tx,
    { actor, origin },
    {
      action: outcome.action,
      organizationId: user?.organization_id ?? null,
      target: { type: 'user', id: email.slice(0, MAX_AUDITED_EMAIL) },
      ...(outcome.details ? { details: outcome.details } : {}),
    },
  );
}

/**
 * The platform's login check, used by the provider's sign-in form and by POST /login: the answer is the
 * status and body decisions.md fixes (401 wrong credentials, 403 expired password, inactive user or a
 * user of an organization that is not active, 423 too many attempts). Every attempt leaves one audit event (sign-in, sign-in.failed with its reason,
 * sign-in.locked), written in the transaction of the attempt's own writes; with `secondStepMayFollow` a
 * right password records nothing yet (the provider's form, whose second factor may follow, calls
 * recordSignIn once the person is in). The attempt is counted against the limit before the password
 * is checked (takeLoginAttempt); the hash is checked outside any transaction: it is slow, and must not
 * hold the database.
 */
export async function checkLogin(
  db: Database,
  config: PlatformConfig,
  email: string,
  password: string,
  origin: AuditOrigin,
  now = new Date(),
  { secondStepMayFollow = false }: { secondStepMayFollow?: boolean } = {},
): Promise<LoginResult> {
  const normalized = email.trim().toLowerCase();
  const user = await findLoginUser(db, normalized);
  const taken = await takeLoginAttempt(db, normalized, now);
  if ('lockedMinutes' in taken) {
    const { lockedMinutes } = taken;
    await db.transaction((tx) =>
      auditSignInAttempt(tx, origin, normalized, user, {
        action: 'sign-in.locked',
        details: { minutes: lockedMinutes },
      }),
    );
    return refused(423, { message: MESSAGES.tooManyAttempts(lockedMinutes) });
  }

  // An organization that signs in only through its identity provider takes no passwords, but its Org
  // Admins' emergency access (issue 39). The password is checked first, for everyone: a wrong one answers
  // alike, so the answer never tells who holds that way in.
  const ssoOnly = user ? await ssoOnlyStandingOf(db, user) : null;

  const matches = await verify(user?.password_hash ?? (await decoy()), password).catch(() => false);
  if (!user || !matches) {
    // The failure is counted already (takeLoginAttempt); one reason for an unknown email and a wrong password alike.
    const details = { reason: 'invalid-credentials' };
    await db.transaction((tx) =>
      auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in.failed', details }),
    );
    return refused(401, { message: MESSAGES.invalidCredentials });
  }

  if (ssoOnly && !ssoOnly.emergencyAccess) {
    const organization = await findOrganization(db, user.organization_id);
    await db.transaction(async (tx) => {
      await deleteLoginFailures(tx, normalized);
      await auditSignInAttempt(tx, origin, normalized, user, {
        action: 'sign-in.failed',
        details: { reason: 'sso-only' },
      });
    });
    return refused(403, { message: ssoOnlyMessage(organization?.name ?? 'Your organization') });
  }

  return db.transaction(async (tx) => {
    // The password was right: the throttle resets (this attempt's count too), whatever else stops the sign-in.
    await deleteLoginFailures(tx, normalized);
    const failed = (reason: string) =>
      auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in.failed', details: { reason } });
    if (!user.active) {
      await failed('inactive');
      return refused(403, { message: MESSAGES.inactiveUser });
    }
    // Not yet activated, or offboarded: refused in a deactivated user's words (the trail says which).
    if (!personMayWork(user.role, user.organization_status)) {
      await failed('organization-inactive');
      return refused(403, { message: MESSAGES.inactiveUser });
    }
    if (passwordExpiry(new Date(user.password_changed_at), now).daysLeftForPasswordExpiry <= 0) {
      const token = await issuePasswordToken(tx, user.email, 'expired');
      await failed('password-expired');
      return refused(403, {
        message: MESSAGES.passwordExpired,
        resetLink: createPasswordLink(config.consoleUrl, token),
      });
    }
    // Emergency access is a password and a second factor: without a factor to prove, there is none.
    if (ssoOnly?.emergencyAccess && !hasFactor(await factorCounts(tx, user.email))) {
      const organization = await findOrganization(tx, user.organization_id);
      await failed('emergency-access-without-second-factor');
      return refused(403, {
        message: emergencyAccessNeedsFactorMessage(organization?.name ?? 'Your organization', config.productName),
      });
    }
    // With a second factor to come, the sign-in is recorded once it is complete (recordSignIn).
    if (!secondStepMayFollow) {
      await updateLastSignIn(tx, normalized);
      await auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in' });
    }
    return {
      ok: true,
      secondFactorRequired: ssoOnly?.emergencyAccess === true,
      user: {
        email: user.email,
        name: user.name,
        role: isRole(user.role) ? user.role : DEFAULT_ROLE,
        organizationId: user.organization_id,
      },
    };
  });
}

/**
 * An active user as a sign-in knows them, for the steps after the password; undefined when gone,
 * inactive, or of an organization that is not active.
 */
export async function signedInUserOf(db: Queryable, email: string): Promise<SignedInUser | undefined> {
  const user = await findLoginUser(db, email);
  if (!user?.active || !personMayWork(user.role, user.organization_status)) return undefined;
  return {
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : DEFAULT_ROLE,
    organizationId: user.organization_id,
  };
}

/**
 * The account the OpenID provider may issue something to (a sign-in's tokens, a refresh, a silent
 * renewal): undefined when the user is gone or inactive, their organization is not active (operators
 * excepted), or the session `sid` the token was redeemed under has ended.
 */
export async function issuableAccountOf(
  db: Queryable,
  email: string,
  sid: string | null,
): Promise<{ email: string; name: string } | undefined> {
  const account = await findProviderAccount(db, email, sid);
  if (!account?.active || account.session_ended || !personMayWork(account.role, account.organization_status))
    return undefined;
  return { email: account.email, name: account.name };
}
