import { userProfilePath } from '../../../routes/paths.js';
import type { Operation } from '@meridian/schema';
import { mayDo, type AccessTarget, type AccessUser } from '../../../session/access.js';

/** The sub-pages of a profile, by their path segment. */
export const PROFILE_SECTIONS = ['general', 'credentials', 'password', 'security', 'activity'] as const;
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number];

export const PROFILE_SECTION_TITLES: Readonly<Record<ProfileSectionId, string>> = {
  general: 'General',
  credentials: 'Credentials',
  password: 'Password',
  security: 'Sign-in security',
  activity: 'Activity',
};

/**
 * The sub-pages the signed-in user sees of `owner`'s profile (decisions.md): general and credentials
 * for anyone who reaches the profile; the password page as the table's passwordSection, and on one's own
 * profile for everyone (changePassword: where they change their own password); the sign-in security
 * page (second factors and sessions) as userSessions, one's own for everyone; the activity page (the
 * user's audit trail) as the gateway's auditEvents.
 */
export function visibleProfileSections(actor: AccessUser, owner: AccessTarget): ProfileSectionId[] {
  const needs: Partial<Record<ProfileSectionId, Operation>> = {
    password: 'passwordSection',
    security: 'userSessions',
    activity: 'auditEvents',
  };
  const own = owner.email !== undefined && owner.email.toLowerCase() === actor.email.toLowerCase();
  return PROFILE_SECTIONS.filter((section) => {
    if (section === 'password' && own && mayDo(actor, 'changePassword')) return true;
    const operation = needs[section];
    return operation === undefined || mayDo(actor, operation, owner);
  });
}

/** The sub-page a profile path shows (…/profile/credentials → credentials), or null. */
export function profileSectionOf(pathname: string): ProfileSectionId | null {
  const match = /\/profile\/([^/]+)/.exec(pathname);
  const segment = match?.[1];
  return (PROFILE_SECTIONS as readonly string[]).includes(segment ?? '') ? (segment as ProfileSectionId) : null;
}

/** The path of a profile's sub-page. */
export function profileSectionPath(organizationId: string, email: string, section: ProfileSectionId): string {
  return userProfilePath(organizationId, email, section);
}
