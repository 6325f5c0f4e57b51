import type { ReactNode } from 'react';
import { organizationUpdatePath, PATHS, userProfilePath } from '../routes/paths.js';
import { RouteLink } from './RouteLink.js';

/** The organization's pages a link may open (its update page's tabs). */
export type OrganizationTab = 'general' | 'licenses' | 'lifecycle' | 'credentials' | 'activity';

export function organizationTabPath(organizationId: string, tab?: OrganizationTab): string {
  return tab ? `${organizationUpdatePath(organizationId)}/${tab}` : organizationUpdatePath(organizationId);
}

export interface OrganizationLinkProps {
  organizationId: string;
  /** What to show; the id when omitted. */
  children?: ReactNode;
  tab?: OrganizationTab;
}

/** An organization's name or id leading to its page, for those who may open it. */
export function OrganizationLink({ organizationId, children, tab }: OrganizationLinkProps) {
  return (
    <RouteLink
      route="organizationUpdate"
      params={{ orgId: organizationId }}
      to={organizationTabPath(organizationId, tab)}
    >
      {children ?? organizationId}
    </RouteLink>
  );
}

export interface UserLinkProps {
  /** The user's organization: profiles live under it. */
  organizationId: string;
  email: string;
  children?: ReactNode;
  section?: 'general' | 'credentials';
}

/** A user's email or name leading to their profile, for those who may open it. */
export function UserLink({ organizationId, email, children, section = 'general' }: UserLinkProps) {
  return (
    <RouteLink
      route="userProfile"
      params={{ orgId: organizationId, email }}
      to={userProfilePath(organizationId, email, section)}
    >
      {children ?? email}
    </RouteLink>
  );
}

export interface CredentialLinkProps {
  id: string;
  organizationId: string;
  /** The owning user; null for an organization's own credential; undefined when not known. */
  userEmail: string | null | undefined;
}

/**
 * A credential id leading to its owner's credentials: the user's profile, or the organization's
 * credentials tab. When the owner is not known (an event that names only the id), its activity, which
 * begins with its creation and names the owner.
 */
export function CredentialLink({ id, organizationId, userEmail }: CredentialLinkProps) {
  if (userEmail)
    return (
      <UserLink organizationId={organizationId} email={userEmail} section="credentials">
        {id}
      </UserLink>
    );
  if (userEmail === null)
    return (
      <OrganizationLink organizationId={organizationId} tab="credentials">
        {id}
      </OrganizationLink>
    );
  const activity = `${PATHS.activity}?${new URLSearchParams({ targetType: 'CREDENTIAL', targetId: id }).toString()}`;
  return (
    <RouteLink route="activity" to={activity}>
      {id}
    </RouteLink>
  );
}
