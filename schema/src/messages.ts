/** User-facing messages fixed by spec section 8 and decisions.md, shared by every side. */
export const MESSAGES = {
  userMissing: 'Current user does not exist. Please contact support for assistance.',
  /** An anonymous call of anything not public. */
  signInRequired: 'You must sign in to do that.',
  /** A user record of another tenant answers like a missing one, so a refusal reveals nothing. */
  userNotFound: 'User not found.',
  permissionDenied: 'You do not have permission to view that page.',
  featureUnavailable: 'Customer has not licensed the product that enables this feature.',
  defaultToastError: 'Something went wrong on our end.',
  defaultErrorPage: 'Something went wrong!',
  noResponse: 'No response received',
  /** The gateway cannot reach the platform (or answers 502–504): said to people instead of the transport's words. */
  serviceUnavailable: 'The service can’t be reached right now. This page will try again by itself.',
  /** The console sent the hash of an operation this gateway does not know: an older (or newer) build. */
  staleDocument: 'This page is out of date: the console has been updated. Reload the page to continue.',
  lastFallback: 'Something went wrong',
  serverError: 'Server Error',
  invalidCredentials: 'Invalid email or password.',
  passwordExpired: 'Your password has expired.',
  inactiveUser: 'Your account has been deactivated. Please contact your administrator.',
  /** A token of a sign-in session that was ended (signed out, revoked, deactivation, a reset): refused at once. */
  sessionEnded: 'This session has ended; sign in again.',
  // Why a session ended, told to its person (issue 39 §5; session-end.ts maps each reason to these words).
  /** The person signed out themself, in another window or on another device. */
  signedOutElsewhere: 'Your session ended because you signed out elsewhere.',
  /** An administrator's "Sign out everywhere", or their ending of this one session. */
  signedOutByAdministrator: 'An administrator signed you out.',
  /** An administrator's "Reset second factors". */
  factorsResetByAdministrator: 'An administrator reset your second factors.',
  /** An administrator mailed the person a link to set a new password, which ends every session. */
  passwordResetByAdministrator: 'An administrator reset your password. Set a new one with the link in your email.',
  /** The person's password was set anew (a link, or changed in another session). */
  passwordChangedElsewhere: 'Your password was changed, so this session ended. Sign in with the new password.',
  /** An emailed password link that has expired or was used (the platform's refusal, the console's notice ahead). */
  passwordLinkUnusable: 'This link has expired or was already used. Ask for a new one.',
  tooManyAttempts: (minutes: number) => `Too many attempts. Try again in ${minutes} minutes.`,
  httpStatus: (status: number) => `${status} http status received`,
  // Refusals of data-access credentials (decisions.md), said by the platform and shown ahead by the console.
  ownDataAccessOff: 'Direct data access is not enabled for you. Ask your administrator to enable it.',
  dataAccessOff: (email: string) =>
    `Direct data access is not enabled for ${email}. Enable it before creating a credential.`,
  credentialOwnerInactive: (email: string) => `${email} is inactive. Activate the user before creating a credential.`,
  /** A credential for an organization (or one of its people) that is not active: its access has ended or not begun. */
  credentialOrganizationInactive: (organizationName: string, status: string) =>
    `${organizationName} is ${status}, not active: no credential can be created for it or its people. Activate the organization first.`,
  /** A SCIM request with the token of an organization that is not active (said in SCIM's error shape). */
  scimOrganizationInactive: (organizationName: string, status: string) =>
    `${organizationName} is ${status}, not active: its directory cannot provision people until the organization is activated.`,
  // The console's words beside the disabled credential controls, for the decision's refusals ahead of any call.
  ownDataAccessUnavailable: 'Data-access management is not available to your organization.',
  // Beside the disabled Create credential for someone who may turn direct data access on: what to do, where.
  ownDataAccessOffSelfService:
    'Direct data access is not enabled for you. Turn on Direct data access under General on your profile and save, then create the credential here.',
  dataAccessOffSelfService: (email: string) =>
    `Direct data access is not enabled for ${email}. Turn on Direct data access under General on this profile and save, then create the credential here.`,
  othersCredentialsDenied: "You do not have permission to manage this user's credentials.",
} as const;
