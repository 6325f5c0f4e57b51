import { roleLabel } from '@meridian/schema';
import { userProfilePath } from '../../../routes/paths.js';
import { mayChangeSection, ORGANIZATION_SECTIONS, type OrganizationSectionId } from '../../../routes/sub-pages.js';
import { mayDo } from '../../../session/access.js';
import type { SessionUser } from '../../../session/session-user.js';

/**
 * Why the signed-in user may view a tab of the organization but not change what it shows, in words
 * ("Your role (Org Admin) may view this organization’s licenses but not change them."); null when they
 * may change it, or the tab changes nothing. Decided per tab by the table (the tab's `change`
 * operation), never by the role's name: an Org Admin manages the webhooks of an organization whose
 * general settings they may only read.
 */
export function sectionReadOnlyReason(
  user: SessionUser | null,
  organizationId: string,
  id: OrganizationSectionId,
  productName: string,
): string | null {
  const section = ORGANIZATION_SECTIONS.find((each) => each.id === id)!;
  if (section.change === null || mayChangeSection(user, organizationId, id)) return null;
  return user ? `Your role (${roleLabel(user.role, productName)}) ${section.readOnly}.` : 'You may not change this.';
}

/** Why the organization's own credentials are not this person's to manage, and where their own one is made. */
export interface CredentialsAdvice {
  /** Who creates and disables the organization's own credentials. */
  who: string;
  /** The person's own profile's Credentials tab, when they may create a credential of their own; else null. */
  ownCredentialsPath: string | null;
}

/**
 * For someone who may view an organization's credentials but not create them: who does (the role the
 * table's createOrganizationCredential allows), and, when they may create a credential of their own
 * (createUserCredential for themselves), the way to it, rather than a bare "may not change it".
 */
export function credentialsAdviceOf(user: SessionUser, productName: string): CredentialsAdvice {
  const own = { email: user.email, organizationId: user.organizationId };
  return {
    who: `Only a ${roleLabel('systemAdmin', productName)} creates and disables the organization’s own credentials.`,
    ownCredentialsPath: mayDo(user, 'createUserCredential', own)
      ? userProfilePath(user.organizationId, user.email, 'credentials')
      : null,
  };
}
