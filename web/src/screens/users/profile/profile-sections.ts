import { userProfilePath } from '../../../routes/paths.js';
import type { Permission } from '@meridian/schema';

/** The sub-pages of a profile, by their path segment. */
export const PROFILE_SECTIONS = ['general', 'credentials', 'password', 'activity'] as const;
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number];

export const PROFILE_SECTION_TITLES: Readonly<Record<ProfileSectionId, string>> = {
  general: 'General',
  credentials: 'Credentials',
  password: 'Password',
  activity: 'Activity',
};

/**
 * The sub-pages the signed-in user sees (decisions.md): general and credentials for anyone who reaches
 * the profile (their own, or user:read-profile); the password page with user:read-password-section,
 * and on one's own profile for everyone (where they change their own password); the activity page (the
 * user's audit trail) with admin:read, which the gateway's auditEvents requires.
 */
export function visibleProfileSections(permissions: readonly Permission[], own: boolean): ProfileSectionId[] {
  const needs: Partial<Record<ProfileSectionId, Permission>> = {
    password: 'user:read-password-section',
    activity: 'admin:read',
  };
  return PROFILE_SECTIONS.filter((section) => {
    if (section === 'password' && own) return true;
    const permission = needs[section];
    return permission === undefined || permissions.includes(permission);
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
