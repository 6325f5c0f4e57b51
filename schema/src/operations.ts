import type { FeatureKey } from './features.js';
import type { Permission } from './permissions.js';

/**
 * What each operation needs (decisions.md, "Permissions of each operation"). The gateway's directives,
 * the platform's route guards and the console's route guards all read this one table.
 */
export interface OperationRequirement {
  /** 'public': anyone, even anonymous; 'signedIn': any valid session; 'permission': see `any`. */
  access: 'public' | 'signedIn' | 'permission';
  /** Any one of these permissions grants the operation. */
  any?: readonly Permission[];
  /**
   * 'ownOrg': org roles reach only their own organization and its users (system roles reach all);
   * 'systemRole': only system roles; 'none': no tenant scope (catalog, analytics).
   */
  scope: 'ownOrg' | 'systemRole' | 'none';
  /** A user may always do this to their own user record, whatever their role. */
  self?: boolean;
  /** Any member of the organization acted on may do this, whatever their role. */
  member?: boolean;
  /** The feature that must be available to the organization acted on. */
  feature?: FeatureKey;
  /** The feature one's own record (`self`) also needs, of one's own organization. */
  selfFeature?: FeatureKey;
}

const orgUpdate: OperationRequirement = { access: 'permission', any: ['organization:update'], scope: 'ownOrg' };
const userCreate: OperationRequirement = { access: 'permission', any: ['users:create'], scope: 'ownOrg' };
/** Operators and an organization's admins: whoever may change it or create its users. */
const orgAdministration: OperationRequirement = {
  access: 'permission',
  any: ['organization:update', 'users:create'],
  scope: 'ownOrg',
};
/**
 * What operators and an organization's admins manage, read by whoever reads the organization: a Meridian
 * Viewer sees it read-only (issue 39). Nothing read this way carries a secret (a SCIM token shows its
 * last four characters, a webhook never its signing secret; a delivery names its action, not the event).
 */
const orgAdministrationRead: OperationRequirement = {
  access: 'permission',
  any: ['organization:read'],
  scope: 'ownOrg',
};
const profileUpdate: OperationRequirement = { access: 'permission', any: ['user:update-profile'], scope: 'ownOrg' };
const providersRead: OperationRequirement = {
  access: 'permission',
  any: ['configurations:read'],
  scope: 'ownOrg',
  feature: 'feature:managed-providers',
};
const providersWrite: OperationRequirement = {
  access: 'permission',
  any: ['configurations:write'],
  scope: 'ownOrg',
  feature: 'feature:managed-providers',
};

export const OPERATIONS = {
  viewer: { access: 'signedIn', scope: 'none' },
  changePassword: { access: 'signedIn', scope: 'none' },
  requestPasswordReset: { access: 'public', scope: 'none' },
  createPassword: { access: 'public', scope: 'none' },
  // Whose account an emailed link sets a password for (issue 39): the link's holder is that person.
  passwordLink: { access: 'public', scope: 'none' },

  organizations: { access: 'permission', any: ['organizations:read'], scope: 'none' },
  organization: { access: 'permission', any: ['organization:read'], scope: 'ownOrg' },
  // Every member may know their own organization's features: the console's navigation shows Managed
  // Providers to Org Users only when it is available (spec section 2).
  features: { access: 'permission', any: ['organization:read'], scope: 'ownOrg', member: true },
  createOrganization: { access: 'permission', any: ['organizations:create'], scope: 'none' },
  updateOrganization: orgUpdate,
  updateLicenses: orgUpdate,
  startOnboarding: orgUpdate,
  startDeployment: orgUpdate,
  switchSegment: orgUpdate,
  offboardOrganization: orgUpdate,
  activateOrganization: orgUpdate,
  /** Who and what reaches the organization now (signed-in people, credentials): what offboarding ends. */
  organizationAccess: orgUpdate,
  /**
   * Single sign-on (issue 30): whoever reads the organization (its Org Admins included) sees its
   * connection, never its client secret. Operators and the organization's admins set, test and remove
   * it (issue 39: how a hospital's people sign in is its own IT's to connect), but only operators change
   * whether its Org Admins keep their password and second factor as the emergency way in
   * (setSsoAdminEmergencyAccess: a save that names it, see ssoConnectionOperation).
   */
  organizationSso: { access: 'permission', any: ['organization:read'], scope: 'ownOrg' },
  setOrganizationSso: orgAdministration,
  removeOrganizationSso: orgAdministration,
  testOrganizationSso: orgAdministration,
  setSsoAdminEmergencyAccess: orgUpdate,
  /**
   * What the sign-in settings would change, counted (issue 39): whoever reads the organization, so the
   * console's confirmations can say it before a save.
   */
  organizationSignInImpact: { access: 'permission', any: ['organization:read'], scope: 'ownOrg' },
  /**
   * A test sign-in through the saved connection (issue 39): whoever may test it starts one and reads
   * its result (the platform answers a result only to the operator who started it).
   */
  // Whoever connects the organization may try the connection (its result is only its starter's).
  startOrganizationSsoTestSignIn: orgAdministration,
  organizationSsoTestSignIn: orgAdministration,
  /**
   * Directory provisioning (issue 31): operators and the organization's admins (whoever may create its
   * users) list, create, rotate and revoke its SCIM tokens; what a token then does is checked by the
   * platform's SCIM service as the organization's admin would be. Whoever reads the organization (a
   * Meridian Viewer too) lists them.
   */
  scimTokens: orgAdministrationRead,
  createScimToken: orgAdministration,
  rotateScimToken: orgAdministration,
  revokeScimToken: orgAdministration,
  /**
   * Audit events to the organization's endpoints (issue 32): operators and the organization's admins
   * list, add, change, pause, resume, rotate, delete and test its webhooks and read their delivery log.
   * Whoever reads the organization (a Meridian Viewer too) lists them and reads the log.
   */
  webhooks: orgAdministrationRead,
  webhookDeliveries: orgAdministrationRead,
  createWebhook: orgAdministration,
  updateWebhook: orgAdministration,
  pauseWebhook: orgAdministration,
  resumeWebhook: orgAdministration,
  rotateWebhookSecret: orgAdministration,
  deleteWebhook: orgAdministration,
  testWebhook: orgAdministration,
  /**
   * A snapshot of the whole embedded database (issue 32, REST only: `npm run backup`): every tenant's
   * data, so only system admins, who alone may create organizations.
   */
  createBackup: { access: 'permission', any: ['organizations:create'], scope: 'none' },
  organizationCredentials: { access: 'permission', any: ['organization:read'], scope: 'ownOrg' },
  createOrganizationCredential: orgUpdate,
  disableOrganizationCredential: orgUpdate,

  users: { access: 'permission', any: ['users:read'], scope: 'ownOrg' },
  searchAllUsers: { access: 'permission', any: ['users:read'], scope: 'systemRole' },
  user: { access: 'permission', any: ['users:read'], scope: 'ownOrg', self: true },
  /**
   * The command palette's search (issue 18): whoever may read organizations or users. Each list is
   * scoped again by role, as the operations it calls: organizations (system roles; an Org Admin matches
   * only their own organization), searchAllUsers for system roles, users of their own organization for
   * an Org Admin. The platform checks each of those calls again.
   */
  search: { access: 'permission', any: ['organizations:read', 'users:read'], scope: 'none' },
  createUser: userCreate,
  /** An invitation is part of creating a user (issue 18): whoever may create users resends and revokes it. */
  resendInvitation: userCreate,
  revokeInvitation: userCreate,
  updateUser: profileUpdate,
  setUserActive: profileUpdate,
  /** Bulk activation and deactivation (issue 18): the same permission as one user's. */
  setUsersActive: profileUpdate,
  setUserDataAccess: profileUpdate,
  /**
   * Another user's credentials need user:update-profile; one's own need data-access management
   * (OWN_CREDENTIAL_FEATURE) and, checked by the platform against the record, direct data access.
   */
  createUserCredential: { ...profileUpdate, self: true, selfFeature: 'feature:data-access-management' },
  disableUserCredential: { ...profileUpdate, self: true, selfFeature: 'feature:data-access-management' },
  passwordSection: { access: 'permission', any: ['user:read-password-section'], scope: 'ownOrg' },
  passwordResetMeta: { access: 'permission', any: ['user:read-password-reset-meta'], scope: 'ownOrg' },
  initiatePasswordReset: { access: 'permission', any: ['user:initiate-password-reset'], scope: 'ownOrg' },
  /**
   * Second factors and sessions (issue 29). Whoever may see a user's password dates sees which factors
   * they have (never a secret) and their sessions; whoever may reset their password resets their factors
   * and ends their sessions. Everyone sees and ends their own sessions.
   */
  userMfa: { access: 'permission', any: ['user:read-password-reset-meta'], scope: 'ownOrg', self: true },
  resetUserMfa: { access: 'permission', any: ['user:initiate-password-reset'], scope: 'ownOrg' },
  userSessions: { access: 'permission', any: ['user:read-password-reset-meta'], scope: 'ownOrg', self: true },
  revokeUserSessions: { access: 'permission', any: ['user:initiate-password-reset'], scope: 'ownOrg', self: true },
  /** The session's owner is the target: the platform finds it, and answers another tenant's as not found. */
  revokeSession: { access: 'signedIn', scope: 'none' },

  catalogProducts: { access: 'permission', any: ['catalog:read'], scope: 'none' },
  customerSegments: { access: 'permission', any: ['catalog:read'], scope: 'none' },
  catalogVersion: { access: 'permission', any: ['catalog-version:read'], scope: 'none' },

  providerLinks: providersRead,
  provider: providersRead,
  providers: providersRead,
  upsertProviderLinks: providersWrite,
  removeProviderLinks: providersWrite,

  analyticsSummary: { access: 'permission', any: ['analytics:read'], scope: 'none' },

  /**
   * The audit trail: system roles read every organization's events; an Org Admin (admin:read) only their
   * own organization's; an Org User (no admin:read) none.
   */
  auditEvents: { access: 'permission', any: ['admin:read'], scope: 'ownOrg' },

  /** The console's /admin pages (spec section 2): no GraphQL field, the console's route guard asks. */
  adminArea: { access: 'permission', any: ['admin:read'], scope: 'none' },
} as const satisfies Record<string, OperationRequirement>;

export type Operation = keyof typeof OPERATIONS;

/**
 * A user's own data-access credentials (decisions.md): signed in, data-access management available,
 * and direct data access enabled for them.
 */
export const OWN_CREDENTIAL_FEATURE: FeatureKey = OPERATIONS.createUserCredential.selfFeature;
