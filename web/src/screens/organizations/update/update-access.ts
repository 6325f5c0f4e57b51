import { roleLabel, type Role } from '@meridian/schema';
import { mayDo } from '../../../session/access.js';
import type { SessionUser } from '../../../session/session-user.js';
import { userProfilePath } from '../../../routes/paths.js';

/** Whether the signed-in user may change the organization, and if not, why not in words. */
export interface UpdateAccess {
  mayUpdate: boolean;
  /** Shown beside disabled controls; null when the user may change things. */
  readOnlyReason: string | null;
}

export function readOnlyReason(role: Role, productName: string): string {
  return `Your role (${roleLabel(role, productName)}) may view this organization but not change it.`;
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

/** The table's updateOrganization decides; the page is read-only without it. */
export function updateAccessOf(user: SessionUser | null, organizationId: string, productName: string): UpdateAccess {
  if (mayDo(user, 'updateOrganization', { organizationId })) return { mayUpdate: true, readOnlyReason: null };
  return {
    mayUpdate: false,
    readOnlyReason: user ? readOnlyReason(user.role, productName) : 'You may not change this organization.',
  };
}
