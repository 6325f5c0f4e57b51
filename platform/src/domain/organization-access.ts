import { OFFBOARDING_REASON, organizationAdmitsPeople } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { enabledCredentialCount } from '../stores/credentials.js';
import { liveSessionCountsOf } from '../stores/sessions.js';
import { workingScimTokenCount } from '../stores/scim-tokens.js';
import { recordAuditEvents, type AuditSource } from './audit.js';
import { disableCredentialsOf } from './credential-records.js';
import { getOrganization, licenseUsage } from './organizations.js';
import { revokeOrganizationScimTokens } from './scim/tokens.js';
import { endSessionsOfOrganization } from './sessions.js';

// What reaches an organization's data, and how offboarding ends it (decisions.md "Organization
// lifecycle ends access"). Whether its people may work is schema's organizationAdmitsPeople, asked by
// every check (sign-in, refresh, REST tokens, SSO, SCIM, new credentials); this ends what those checks
// would otherwise only refuse one request at a time: live sessions (the gateways' feed then refuses
// their tokens within a second), enabled credentials and the directory's tokens.

/** Why offboarding's own events say so (Activity reads "…, offboarding its organization"). */
const OFFBOARDING = { reason: OFFBOARDING_REASON } as const;

/** What offboarding ended at its start. */
export interface AccessEnded {
  /** People whose sessions ended. */
  signedOutPeople: number;
  sessions: number;
  credentials: number;
  /** SCIM tokens revoked (so named: the trail drops any detail named like a secret, audit.ts SECRET_KEY). */
  provisioning: number;
}

/**
 * Ends every way into the organization, in the transaction of the move that starts offboarding: every
 * session of its people (each person's end a session.revoke event), every enabled credential of the
 * organization and of its people (each a credential.disable event), every working SCIM token (each a
 * scim-token.revoke event), all in the name of whoever offboards. Run again (a retried offboarding),
 * it finds nothing left and records nothing.
 */
export async function endOrganizationAccess(
  tx: Queryable,
  source: AuditSource,
  organizationId: string,
): Promise<AccessEnded> {
  const ended = await endSessionsOfOrganization(tx, organizationId);
  const people = [...ended].sort(([a], [b]) => a.localeCompare(b));
  await recordAuditEvents(
    tx,
    source,
    people.map(([email, count]) => ({
      action: 'session.revoke',
      organizationId,
      target: { type: 'user', id: email },
      details: { count, ...OFFBOARDING },
    })),
  );
  return {
    signedOutPeople: people.length,
    sessions: people.reduce((sum, [, count]) => sum + count, 0),
    credentials: await disableCredentialsOf(tx, source, organizationId, OFFBOARDING),
    provisioning: await revokeOrganizationScimTokens(tx, source, organizationId, OFFBOARDING),
  };
}

/** Who and what reaches the organization now: what offboarding would end (GET /organization/{id}/access). */
export async function organizationAccess(db: Queryable, organizationId: string) {
  const organization = await getOrganization(db, organizationId);
  const usage = (await licenseUsage(db, [organizationId])).get(organizationId)!;
  const live = await liveSessionCountsOf(db, organizationId);
  return {
    status: organization.status,
    peopleMayWork: organizationAdmitsPeople(organization.status),
    activeUsers: usage.active_users,
    signedInPeople: live.people,
    sessions: live.sessions,
    enabledCredentials: await enabledCredentialCount(db, organizationId),
    scimTokens: await workingScimTokenCount(db, organizationId),
  };
}
