import { domainOverlapMessage } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { domainClaims, lockDomainClaims, overlappingDomains } from '../stores/sso.js';
import { conflict } from './errors.js';

/**
 * One email domain, one organization (issues 30 and 39): single sign-on routes a person to an
 * organization's identity provider by their email's domain or a parent of it, so two organizations
 * holding the same domain, or one a domain under the other's, would let either vouch for the other's
 * people. The rule is schema's (email-domains.ts): lower-case, by label. Checked under one lock, so two
 * saves at once cannot both claim it. `domains` are already normalized (normalizeDomains).
 */
export async function assertDomainsFree(
  tx: Queryable,
  domains: readonly string[],
  organizationId: string | null,
): Promise<void> {
  await lockDomainClaims(tx);
  const [claim] = await domainClaims(tx, domains, organizationId);
  if (claim) throw conflict(domainOverlapMessage(claim.domain, claim.held, claim.organization_name), 'domain');
}

/** Where the domains break the rule: each pair of organizations and the domains in question. */
export interface DomainOverlap {
  organizationId: string;
  domain: string;
  otherOrganizationId: string;
  otherDomain: string;
}

/**
 * Domains stored before the rule held may break it (two organizations with ACME.test and acme.test, or
 * acme.test and clinic.acme.test). Nothing is changed for them: which organization is right is an
 * operator's call. They are listed at every start (the platform's log), single sign-on routes none of
 * their emails (routing.ts), and saving either organization's domains must resolve them.
 */
export async function findDomainOverlaps(db: Queryable): Promise<DomainOverlap[]> {
  return (await overlappingDomains(db)).map((row) => ({
    organizationId: row.organization_id,
    domain: row.domain,
    otherOrganizationId: row.other_organization_id,
    otherDomain: row.other_domain,
  }));
}

/** Where the start-up report goes: the platform's log. */
export interface OverlapLog {
  warn(details: object, message: string): void;
}

/** Logs each overlap found (organization ids and domains only), once per start. */
export async function reportDomainOverlaps(db: Queryable, log: OverlapLog): Promise<DomainOverlap[]> {
  const overlaps = await findDomainOverlaps(db);
  for (const overlap of overlaps)
    log.warn(
      { event: 'domain-overlap', ...overlap },
      `Organizations ${overlap.organizationId} (${overlap.domain}) and ${overlap.otherOrganizationId} (${overlap.otherDomain}) hold overlapping email domains: single sign-on routes none of their emails until an operator removes one.`,
    );
  return overlaps;
}
