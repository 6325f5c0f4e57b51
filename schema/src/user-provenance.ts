/**
 * How a person came to be a user (issue 39 §5), set once by the path that created them: `console`
 * (created with a password, in the console or by a tool), `invitation` (created without one and mailed an
 * invitation), `sso` (created at their first sign-in through the organization's identity provider) or
 * `scim` (provisioned by the organization's directory). The platform stores and filters on it, the
 * gateway serves it as the UserProvenance enum, the console shows it in words.
 */
export const USER_PROVENANCES = ['console', 'invitation', 'sso', 'scim'] as const;
export type UserProvenance = (typeof USER_PROVENANCES)[number];

/** The words the console shows for each (the users list, the profile, the CSV export). */
export const USER_PROVENANCE_LABELS: Readonly<Record<UserProvenance, string>> = {
  console: 'Console',
  invitation: 'Invitation',
  sso: 'Single sign-on',
  scim: 'Directory (SCIM)',
};

/** What each means, beside its label on the profile. */
export const USER_PROVENANCE_MEANINGS: Readonly<Record<UserProvenance, string>> = {
  console: 'Created with a password by an administrator or an internal tool.',
  invitation: 'Created by an administrator and mailed an invitation to set a password.',
  sso: 'Created at their first sign-in through the organization’s identity provider.',
  scim: 'Provisioned by the organization’s directory (SCIM).',
};
