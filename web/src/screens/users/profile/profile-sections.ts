import { PROFILE_SECTIONS, type ProfileSectionId } from '../../../routes/sub-pages.js';

// The tabs themselves are the router's table (routes/sub-pages.ts), which the command palette reads too.
export { profileSectionPath, visibleProfileSections, type ProfileSectionId } from '../../../routes/sub-pages.js';

export const PROFILE_SECTION_TITLES: Readonly<Record<ProfileSectionId, string>> = Object.fromEntries(
  PROFILE_SECTIONS.map((section) => [section.id, section.title]),
) as Record<ProfileSectionId, string>;

/** The sub-page a profile path shows (…/profile/credentials → credentials), or null. */
export function profileSectionOf(pathname: string): ProfileSectionId | null {
  const match = /\/profile\/([^/]+)/.exec(pathname);
  const segment = match?.[1];
  return PROFILE_SECTIONS.some((section) => section.id === segment) ? (segment as ProfileSectionId) : null;
}
