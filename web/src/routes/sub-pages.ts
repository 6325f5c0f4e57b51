import type { Operation } from '@meridian/schema';
import { mayDo, type AccessTarget, type AccessUser } from '../session/access.js';
import { organizationUpdatePath, userProfilePath, type ProfileSection } from './paths.js';

/**
 * The tabs of an organization's settings and of a user's profile, in one table each: their path
 * segment and title, what it takes to open and to change them (operations of the table, decided by
 * mayDo), and the words people look for them by (the command palette's keywords). The pages draw
 * their tabs from here and the palette offers them from here, so the two never disagree.
 */
export interface SubPage<Id extends string> {
  id: Id;
  title: string;
  /** What it takes to open the tab (beyond opening the page). */
  view: Operation;
  /**
   * What it takes to change what the tab shows; null for a tab that changes nothing itself (the
   * activity, a link to another page). Without it the tab says so, in `readOnly`'s words.
   */
  change: Operation | null;
  /** After "Your role (X) ": what the reader may and may not do on this tab. */
  readOnly: string;
  /** What people type to find it: lower case, matched whole or by their start. */
  keywords: readonly string[];
}

export const ORGANIZATION_SECTIONS = [
  {
    id: 'general',
    title: 'General',
    view: 'organization',
    change: 'updateOrganization',
    readOnly: 'may view this organization’s settings but not change them',
    keywords: ['name', 'domains', 'contact', 'callback urls', 'bi portal', 'states'],
  },
  {
    id: 'licenses',
    title: 'Licenses',
    view: 'organization',
    change: 'updateLicenses',
    readOnly: 'may view this organization’s licenses but not change them',
    keywords: ['user limit', 'seats', 'tableau', 'products', 'explorer', 'viewer'],
  },
  {
    id: 'lifecycle',
    title: 'Lifecycle',
    view: 'organization',
    change: 'startOnboarding',
    readOnly: 'may view this organization’s lifecycle but not move it',
    keywords: ['onboarding', 'deployment', 'offboarding', 'activate', 'segment', 'status'],
  },
  {
    id: 'credentials',
    title: 'Credentials',
    view: 'organizationCredentials',
    change: 'createOrganizationCredential',
    readOnly: 'may view this organization’s credentials but not create or disable them',
    keywords: ['data access', 'api key', 'secret'],
  },
  {
    id: 'sign-in',
    title: 'Sign-in',
    view: 'organizationSso',
    change: 'setOrganizationSso',
    readOnly: 'may view this organization’s sign-in settings but not change them',
    keywords: [
      'sso',
      'single sign-on',
      'saml',
      'oidc',
      'openid connect',
      'identity provider',
      'idp',
      'jit',
      'mfa',
      '2fa',
      'second factor',
    ],
  },
  {
    id: 'provisioning',
    title: 'Provisioning',
    view: 'scimTokens',
    change: 'createScimToken',
    readOnly: 'may view this organization’s SCIM tokens but not create, rotate or revoke them',
    keywords: ['scim', 'directory', 'entra id', 'azure ad', 'okta', 'tokens'],
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    view: 'webhooks',
    change: 'createWebhook',
    readOnly: 'may view this organization’s webhooks but not add, change, test or delete them',
    keywords: ['webhook', 'siem', 'endpoint', 'events', 'deliveries'],
  },
  {
    id: 'managed-providers',
    title: 'Managed providers',
    view: 'organization',
    change: null,
    readOnly: '',
    keywords: ['npi', 'provider aliases', 'provider relationships'],
  },
  {
    id: 'activity',
    title: 'Activity',
    view: 'auditEvents',
    change: null,
    readOnly: '',
    keywords: ['audit', 'log', 'history', 'events'],
  },
] as const satisfies readonly SubPage<string>[];

export type OrganizationSectionId = (typeof ORGANIZATION_SECTIONS)[number]['id'];

export function isOrganizationSection(value: string | undefined): value is OrganizationSectionId {
  return ORGANIZATION_SECTIONS.some((section) => section.id === value);
}

/** A tab's path (absolute: relative links inside a splat route resolve against the splat). */
export const organizationSectionPath = (organizationId: string, section: OrganizationSectionId): string =>
  `${organizationUpdatePath(organizationId)}/${section}`;

/** The tabs of the organization `organizationId` that `user` may open, in tab order. */
export function visibleOrganizationSections(
  user: AccessUser | null,
  organizationId: string,
): (typeof ORGANIZATION_SECTIONS)[number][] {
  return ORGANIZATION_SECTIONS.filter((section) => mayDo(user, section.view, { organizationId }));
}

/** Whether `user` may change what the tab shows of the organization (a tab that changes nothing: false). */
export function mayChangeSection(user: AccessUser | null, organizationId: string, id: OrganizationSectionId): boolean {
  const section = ORGANIZATION_SECTIONS.find((each) => each.id === id)!;
  return section.change !== null && mayDo(user, section.change, { organizationId });
}

export const PROFILE_SECTIONS = [
  {
    id: 'general',
    title: 'General',
    view: 'user',
    change: null,
    readOnly: '',
    keywords: ['name', 'email', 'role', 'tableau license', 'direct data access', 'profile'],
  },
  {
    id: 'credentials',
    title: 'Credentials',
    view: 'user',
    change: null,
    readOnly: '',
    keywords: ['data access', 'api key', 'secret'],
  },
  {
    id: 'password',
    title: 'Password',
    view: 'passwordSection',
    change: null,
    readOnly: '',
    keywords: ['password', 'change password', 'reset password'],
  },
  {
    id: 'security',
    title: 'Sign-in security',
    view: 'userSessions',
    change: null,
    readOnly: '',
    keywords: [
      'mfa',
      '2fa',
      'second factor',
      'authenticator',
      'totp',
      'passkey',
      'recovery codes',
      'sessions',
      'sign out everywhere',
    ],
  },
  {
    id: 'activity',
    title: 'Activity',
    view: 'auditEvents',
    change: null,
    readOnly: '',
    keywords: ['audit', 'log', 'history', 'events'],
  },
] as const satisfies readonly (SubPage<ProfileSection> & { change: null })[];

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

/**
 * The tabs of `owner`'s profile that `actor` may open (decisions.md): general and credentials for
 * anyone who reaches the profile; the password page as the table's passwordSection, and on one's own
 * profile for everyone (changePassword: where they change their own password); the sign-in security
 * page (second factors and sessions) as userSessions, one's own for everyone; the activity page (the
 * user's audit trail) as the gateway's auditEvents.
 */
export function visibleProfileSections(actor: AccessUser, owner: AccessTarget): ProfileSectionId[] {
  const own = owner.email !== undefined && owner.email.toLowerCase() === actor.email.toLowerCase();
  return PROFILE_SECTIONS.filter((section) => {
    if (section.id === 'password' && own && mayDo(actor, 'changePassword')) return true;
    return mayDo(actor, section.view, owner);
  }).map((section) => section.id);
}

/** The path of a profile's tab. */
export function profileSectionPath(organizationId: string, email: string, section: ProfileSectionId): string {
  return userProfilePath(organizationId, email, section);
}
