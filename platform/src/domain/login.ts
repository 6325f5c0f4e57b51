import { hash, verify } from '@node-rs/argon2';
import { DEFAULT_ROLE, MESSAGES, isRole, passwordExpiry, type Role } from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import {
  deleteLoginFailures,
  deleteLoginFailuresBefore,
  findLoginUser,
  insertLoginFailure,
  recentLoginFailures,
  type LoginUserRow as UserRow,
} from '../stores/login.js';
import { deleteExpiredPending, deleteMfaFailuresBefore } from '../stores/mfa.js';
import { deleteExpiredSamlRequests } from '../stores/saml-requests.js';
import { deleteExpiredSsoPending } from '../stores/sso.js';
import { SAML_REQUEST_EXPIRY_MS } from './sso/saml.js';
import { anonymousActor, recordAuditEvent, type AuditActor, type AuditOrigin } from './audit.js';
import { findOrganization } from '../stores/organizations.js';
import { updateLastSignIn } from '../stores/users.js';
import { createPasswordLink, issuePasswordToken } from './password-tokens.js';
import { ssoOnlyConnectionOf, ssoOnlyMessage } from './sso/routing.js';

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
  { ok: true; user: SignedInUser } | { ok: false; status: 401 | 403 | 423; body: LoginRefusalBody };

// Unknown emails still pay for one hash check, so timing does not tell which emails exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash('decoy-password-never-matches-1'));

const refused = (status: 401 | 403 | 423, body: LoginRefusalBody): LoginResult => ({ ok: false, status, body });

/** Minutes until the email may try again, or null when it is not locked. */
async function lockedForMinutes(db: Queryable, email: string, now: Date): Promise<number | null> {
  const rows = await recentLoginFailures(
    db,
    email,
    new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
    MAX_LOGIN_FAILURES,
  );
  if (rows.length < MAX_LOGIN_FAILURES) return null;
  // The lock lifts when the oldest of the last five failures leaves the window.
  const unlocksAt = new Date(rows[MAX_LOGIN_FAILURES - 1]!.failed_at).getTime() + LOGIN_FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 60_000));
}

const recordFailure = insertLoginFailure;

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
 * status and body decisions.md fixes (401 wrong credentials, 403 expired password or inactive user,
 * 423 too many attempts). Every attempt leaves one audit event (sign-in, sign-in.failed with its reason,
 * sign-in.locked), written in the transaction of the attempt's own writes; with `secondStepMayFollow` a
 * right password records nothing yet (the provider's form, whose second factor may follow, calls
 * recordSignIn once the person is in). The password hash is checked
 * outside any transaction: it is slow, and must not hold the database.
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
  const lockedMinutes = await lockedForMinutes(db, normalized, now);
  if (lockedMinutes !== null) {
    await db.transaction((tx) =>
      auditSignInAttempt(tx, origin, normalized, user, {
        action: 'sign-in.locked',
        details: { minutes: lockedMinutes },
      }),
    );
    return refused(423, { message: MESSAGES.tooManyAttempts(lockedMinutes) });
  }

  // An organization that signs in only through its identity provider has no passwords to check.
  const ssoOnly = user ? await ssoOnlyConnectionOf(db, user) : null;
  if (user && ssoOnly) {
    const organization = await findOrganization(db, user.organization_id);
    await db.transaction((tx) =>
      auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in.failed', details: { reason: 'sso-only' } }),
    );
    return refused(403, { message: ssoOnlyMessage(organization?.name ?? 'Your organization') });
  }

  const matches = await verify(user?.password_hash ?? (await decoy()), password).catch(() => false);
  if (!user || !matches) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, normalized, now);
      // One reason for an unknown email and a wrong password alike.
      const details = { reason: 'invalid-credentials' };
      await auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in.failed', details });
    });
    return refused(401, { message: MESSAGES.invalidCredentials });
  }

  return db.transaction(async (tx) => {
    // The password was right: the throttle resets, whatever else stops the sign-in.
    await deleteLoginFailures(tx, normalized);
    const failed = (reason: string) =>
      auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in.failed', details: { reason } });
    if (!user.active) {
      await failed('inactive');
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
    // With a second factor to come, the sign-in is recorded once it is complete (recordSignIn).
    if (!secondStepMayFollow) {
      await updateLastSignIn(tx, normalized);
      await auditSignInAttempt(tx, origin, normalized, user, { action: 'sign-in' });
    }
    return {
      ok: true,
      user: {
        email: user.email,
        name: user.name,
        role: isRole(user.role) ? user.role : DEFAULT_ROLE,
        organizationId: user.organization_id,
      },
    };
  });
}

/** An active user as a sign-in knows them, for the steps after the password; undefined when gone or inactive. */
export async function signedInUserOf(db: Queryable, email: string): Promise<SignedInUser | undefined> {
  const user = await findLoginUser(db, email);
  if (!user?.active) return undefined;
  return {
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : DEFAULT_ROLE,
    organizationId: user.organization_id,
  };
}
