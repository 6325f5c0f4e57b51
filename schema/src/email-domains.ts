import { roleLabel } from './roles.js';

/**
 * An organization's email domains (decisions: a user's email outside them needs an explicit
 * confirmation). A subdomain counts as inside: mail.acme.test belongs to acme.test.
 */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** True when the organization has domains and the email belongs to none of them. */
export function isOutsideDomains(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return false;
  const domain = emailDomainOf(email);
  return !domains.some((allowed) => {
    const own = allowed.toLowerCase();
    return domain === own || domain.endsWith(`.${own}`);
  });
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
