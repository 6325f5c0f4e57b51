import { credentialDaysToExpire, credentialExpiresAt } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { disableCredentialsOfOrganization, type CredentialRow } from '../stores/credentials.js';
import { auditChanges, recordAuditEvents, type AuditSource } from './audit.js';

// A credential as the REST API answers it, and the disabling of many at once (offboarding), kept apart
// from the credential service so the lifecycle's jobs can disable credentials without importing it.

/** A credential as the REST API answers it. */
export function toCredential(row: CredentialRow, now: Date = new Date()) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    userEmail: row.user_email,
    credential_enabled: row.credential_enabled,
    name: row.name,
    generated_timestamp: row.generated_at.toISOString(),
    lifetime_days: row.lifetime_days,
    expires_timestamp: credentialExpiresAt(row.generated_at, row.lifetime_days).toISOString(),
    days_to_expire: credentialDaysToExpire(row.generated_at, now, row.lifetime_days),
    createdBy: row.created_by,
  };
}
export type Credential = ReturnType<typeof toCredential>;

/**
 * Disables every enabled credential of the organization and of its people in the caller's
 * transaction, in one statement, each recorded as credential.disable with `details` (offboarding says
 * why); answers how many. Finding none, it records nothing: it may run again.
 */
export async function disableCredentialsOf(
  tx: Queryable,
  source: AuditSource,
  organizationId: string,
  details: Record<string, unknown>,
): Promise<number> {
  const disabled = await disableCredentialsOfOrganization(tx, organizationId);
  const now = new Date();
  await recordAuditEvents(
    tx,
    source,
    disabled.map((before) => ({
      action: 'credential.disable',
      organizationId,
      target: { type: 'credential', id: before.id },
      changes: auditChanges(
        'credential',
        toCredential(before, now),
        toCredential({ ...before, credential_enabled: false }, now),
      ),
      details,
    })),
  );
  return disabled.length;
}
