import type { Queryable } from '../db/database.js';
import { domainClaims, lockDomainClaims } from '../stores/sso.js';
import { conflict } from './errors.js';

/**
 * One email domain, one organization (issue 30): single sign-on routes a person to an organization's
 * identity provider by their email's domain, so two organizations claiming one domain would let either
 * vouch for the other's people. Checked under one lock, so two saves at once cannot both claim it.
 */
export async function assertDomainsFree(
  tx: Queryable,
  domains: readonly string[],
  organizationId: string | null,
): Promise<void> {
  await lockDomainClaims(tx);
  const [claim] = await domainClaims(tx, domains, organizationId);
  if (claim)
    throw conflict(
      `${claim.domain} is already a domain of ${claim.organization_name}: a domain belongs to one organization.`,
      'domain',
    );
}
