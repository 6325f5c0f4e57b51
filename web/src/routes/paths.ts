/** The console's paths (spec section 2), built in one place so links and the route table agree. */
export const PATHS = {
  home: '/',
  forgotPassword: '/forgot-password',
  createPassword: '/create-password',
  expiringPassword: '/expiring-password',
  error: '/error',
  notFound: '/404',
  sandbox: '/sandbox',
  organizations: '/admin/org-management',
  createOrganization: '/admin/org-management/create',
  analytics: '/analytics',
  activity: '/admin/activity',
} as const;

/** The sub-pages of a user profile the console links to. */
export type ProfileSection = 'general' | 'credentials' | 'password' | 'security' | 'activity';

const segment = (value: string) => encodeURIComponent(value);

export function managedProvidersPath(organizationId: string): string {
  return `/config/${segment(organizationId)}/managed-providers`;
}

export function organizationUpdatePath(organizationId: string): string {
  return `${PATHS.organizations}/${segment(organizationId)}/update`;
}

export function organizationUsersPath(organizationId: string): string {
  return `${PATHS.organizations}/${segment(organizationId)}`;
}

export function createUserPath(organizationId: string): string {
  return `${organizationUsersPath(organizationId)}/users/create`;
}

export function userProfilePath(organizationId: string, email: string, section: ProfileSection = 'general'): string {
  return `${organizationUsersPath(organizationId)}/users/${segment(email)}/profile/${section}`;
}
