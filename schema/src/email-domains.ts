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
