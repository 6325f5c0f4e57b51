import { roleLabel } from './roles.js';
import { normalizeDomain } from './validators.js';

/**
 * An organization's email domains (decisions: a user's email outside them needs an explicit
 * confirmation). A subdomain counts as inside: mail.acme.test belongs to acme.test.
 *
 * The one rule of domains (issue 39): they compare case-insensitively and by label, everywhere. A
 * domain is stored trimmed and lower-case, and no organization may hold a domain equal to, under or
 * above another organization's, since single sign-on sends a person to the identity provider of the
 * organization holding their email's domain or a parent of it.
 */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** An organization's domains as stored: each trimmed and lower-case, once, in the order given. */
export function normalizeDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map(normalizeDomain))];
}

/**
 * True when `domain` is `parent` or lies under it, label by label: clinic.acme.test lies under
 * acme.test, notacme.test does not. Case does not matter.
 */
export function isWithinDomain(domain: string, parent: string): boolean {
  const inner = normalizeDomain(domain);
  const outer = normalizeDomain(parent);
  return inner === outer || inner.endsWith(`.${outer}`);
}

/** How `domain` stands to `other`: the same, under it, above it, or apart. */
export function domainRelation(domain: string, other: string): 'equal' | 'under' | 'above' | 'apart' {
  if (normalizeDomain(domain) === normalizeDomain(other)) return 'equal';
  if (isWithinDomain(domain, other)) return 'under';
  return isWithinDomain(other, domain) ? 'above' : 'apart';
}

/** The rule a refused domain breaks, as its message says it. */
export const DOMAIN_OVERLAP_RULE = 'no organization may hold a domain equal to, under or above another organization’s';

/** Why `domain` may not be this organization's: `held` is `organizationName`'s and overlaps it. */
export function domainOverlapMessage(domain: string, held: string, organizationName: string): string {
  const relation = domainRelation(domain, held);
  const where =
    relation === 'equal'
      ? `is already a domain of ${organizationName}`
      : `lies ${relation === 'under' ? 'under' : 'above'} ${held}, a domain of ${organizationName}`;
  return `Domain ${normalizeDomain(domain)} ${where}: ${DOMAIN_OVERLAP_RULE}.`;
}

/** True when the organization has domains and the email belongs to none of them. */
export function isOutsideDomains(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return false;
  const domain = emailDomainOf(email);
  return !domains.some((allowed) => isWithinDomain(domain, allowed));
}

/** What the person confirms (and what a refusal without the confirmation says). */
export function outsideDomainsMessage(email: string, organizationName: string, domains: readonly string[]): string {
  const list = domains.join(', ');
  return `${email} is outside ${organizationName}’s email ${domains.length === 1 ? 'domain' : 'domains'} (${list}). Confirm to create this user anyway.`;
}

/**
 * What an Org Admin is told for an email outside their organization's domains: only operators create
 * users there (they see every tenant), so the answer is the same whether the email is free or another
 * tenant's (docs/decisions.md, "Emails outside an organization's domains").
 */
export function outsideDomainsOperatorsOnlyMessage(
  email: string,
  organizationName: string,
  domains: readonly string[],
  productName: string,
): string {
  const list = domains.join(', ');
  return `${email} is outside ${organizationName}’s email ${domains.length === 1 ? 'domain' : 'domains'} (${list}). Only a ${roleLabel('systemAdmin', productName)} can create a user with such an email: ask one.`;
}
