import { MESSAGES, type Permission } from '@meridian/schema';

/** Words of the platform's refusals, shown beside the disabled controls before anyone tries. */
export const DATA_ACCESS_UNAVAILABLE_MESSAGE = 'Data-access management is not available to your organization.';
export const OTHERS_CREDENTIALS_MESSAGE = "You do not have permission to manage this user's credentials.";

/** What the rules need of the signed-in user. */
export interface CredentialActor {
  email: string;
  permissions: readonly Permission[];
  /** Whether data-access management is available to the actor's organization. */
  dataAccessManagement: boolean;
}

/** What the rules need of the user whose credentials they are. */
export interface CredentialOwner {
  email: string;
  active: boolean;
  directDataAccessEnabled: boolean;
}

/**
 * Why the actor may not create or disable the owner's credentials, or null (decisions.md): one's own
 * need data-access management and direct data access; another user's need user:update-profile.
 */
export function credentialManagementRefusal(actor: CredentialActor, owner: CredentialOwner): string | null {
  if (actor.email === owner.email) {
    if (!actor.dataAccessManagement) return DATA_ACCESS_UNAVAILABLE_MESSAGE;
    return owner.directDataAccessEnabled ? null : MESSAGES.ownDataAccessOff;
  }
  return actor.permissions.includes('user:update-profile') ? null : OTHERS_CREDENTIALS_MESSAGE;
}

/** Why a new credential cannot be created for the owner, or null: management, then the owner's state. */
export function credentialCreationRefusal(actor: CredentialActor, owner: CredentialOwner): string | null {
  return (
    credentialManagementRefusal(actor, owner) ??
    (owner.directDataAccessEnabled ? null : MESSAGES.dataAccessOff(owner.email)) ??
    (owner.active ? null : MESSAGES.credentialOwnerInactive(owner.email))
  );
}
