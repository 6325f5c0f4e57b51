import type { SessionEndReason } from '@meridian/schema';
import type { Database, Queryable } from '../db/database.js';
import { selectLiveSessionOwner, selectLiveSessions } from '../stores/sessions.js';
import { findSsoConnection, type SsoConnectionRow } from '../stores/sso.js';
import { FEDERATED } from './mfa/methods.js';
import { recordAuditEvent, type AuditSource } from './audit.js';
import type { ServiceCaller } from './caller.js';
import { DomainError, notFound } from './errors.js';
import { endSession, endUserSessions } from './sessions.js';
import { deviceOf } from './user-agents.js';
import { userInScope } from './users.js';

// A person's sign-in sessions as they and their administrators see them: listed, ended one by one or
// all at once (sign out everywhere), each ending audited as session.revoke.

/** A session as the REST API lists it. */
export interface SessionView {
  id: string;
  startedAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  /** The browser and system its User-Agent names ("Chrome", "Linux"), read once here. */
  browser: string | null;
  operatingSystem: string | null;
  clientIp: string | null;
  methods: string[];
  /** The identity provider a single sign-on session signed in through (its host); null for any other. */
  identityProvider: string | null;
  current: boolean;
}

/** An identity provider as people tell it apart: its issuer's or entity id's host, else the entity id. */
function identityProviderName(connection: SsoConnectionRow): string | null {
  const id = connection.protocol === 'oidc' ? connection.oidc_issuer : connection.saml_idp_entity_id;
  if (!id) return null;
  return URL.parse(id)?.host || id;
}

/** The live sessions of `email`, newest first; `currentSid` is the caller's own (their token's sid). */
export async function listUserSessions(
  db: Queryable,
  who: Pick<ServiceCaller, 'caller' | 'guard'>,
  email: string,
  currentSid: string | undefined,
): Promise<SessionView[]> {
  const user = await userInScope(db, who, 'userSessions', email);
  const rows = await selectLiveSessions(db, user.email);
  // One connection per organization: a federated session went through the organization's.
  const connection = rows.some((row) => row.amr.includes(FEDERATED))
    ? await findSsoConnection(db, user.organization_id)
    : undefined;
  const identityProvider = connection ? identityProviderName(connection) : null;
  return rows.map((row) => ({
    id: row.sid,
    startedAt: row.started_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    userAgent: row.user_agent,
    ...deviceOf(row.user_agent),
    clientIp: row.client_ip,
    methods: row.amr,
    identityProvider: row.amr.includes(FEDERATED) ? identityProvider : null,
    current: row.sid === currentSid,
  }));
}

/**
 * Why the sessions of `email` end when `who` ends them: the person's own doing, or an administrator's,
 * which they are told as such ("An administrator signed you out", never "you signed out elsewhere").
 */
const endReasonOf = (who: Pick<ServiceCaller, 'caller'>, email: string): SessionEndReason =>
  who.caller.kind === 'user' && who.caller.subject === email ? 'signedOut' : 'administrator';

async function auditRevocation(
  tx: Queryable,
  source: AuditSource,
  user: { email: string; organization_id: string },
  count: number,
) {
  await recordAuditEvent(tx, source, {
    action: 'session.revoke',
    organizationId: user.organization_id,
    target: { type: 'user', id: user.email },
    details: { count },
  });
}

/**
 * Signs `email` out everywhere; with `exceptCurrent`, everywhere but the caller's current session
 * (`currentSid`). Answers how many sessions ended.
 */
export async function revokeUserSessions(
  db: Database,
  who: ServiceCaller,
  email: string,
  options: { exceptCurrent?: boolean; currentSid?: string | undefined },
): Promise<number> {
  const user = await userInScope(db, who, 'revokeUserSessions', email);
  const except = options.exceptCurrent ? options.currentSid : undefined;
  return db.transaction(async (tx) => {
    const count = await endUserSessions(tx, user.email, { reason: endReasonOf(who, user.email), except });
    await auditRevocation(tx, who.source, user, count);
    return count;
  });
}

/**
 * The session's owner when `caller` may end their sessions: themselves, or a user they may sign out
 * everywhere (revokeUserSessions with the owner as target, which allows the caller's own).
 */
async function mayEnd(db: Queryable, who: Pick<ServiceCaller, 'caller' | 'guard'>, owner: string) {
  try {
    return await userInScope(db, who, 'revokeUserSessions', owner);
  } catch (error) {
    // Another tenant's session, or one the caller may not end, answers like an unknown id.
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** Ends one session: the owner's own, or one of a user the caller manages; anything else is not found. */
export async function revokeSession(db: Database, who: ServiceCaller, sid: string): Promise<void> {
  const owner = await selectLiveSessionOwner(db, sid);
  const user = owner === null ? null : await mayEnd(db, who, owner);
  if (!user) throw notFound('Session');
  await db.transaction(async (tx) => {
    if (!(await endSession(tx, sid, endReasonOf(who, user.email)))) throw notFound('Session');
    await auditRevocation(tx, who.source, user, 1);
  });
}
