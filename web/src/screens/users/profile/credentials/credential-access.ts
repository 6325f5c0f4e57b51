import { MESSAGES } from '@meridian/schema';
import { accessDecision, mayDo, type AccessUser } from '../../../../session/access.js';

/** Words shown beside the disabled controls before anyone tries, by the decision's refusal. */
export const DATA_ACCESS_UNAVAILABLE_MESSAGE = MESSAGES.ownDataAccessUnavailable;
export const OTHERS_CREDENTIALS_MESSAGE = MESSAGES.othersCredentialsDenied;

/** What the rules need of the user whose credentials they are. */
export interface CredentialOwner {
  email: string;
  active: boolean;
  directDataAccessEnabled: boolean;
}

/**
 * Why the actor may not create or disable the owner's credentials, or null: the table's
 * createUserCredential (one's own need data-access management, another user's user:update-profile),
 * then, for one's own, direct data access (decisions.md), which the platform checks against the record.
 */
export function credentialManagementRefusal(actor: AccessUser, owner: CredentialOwner): string | null {
  const decision = accessDecision(actor, 'createUserCredential', { email: owner.email });
  if (!decision.allowed)
    return decision.kind === 'featureUnavailable' ? DATA_ACCESS_UNAVAILABLE_MESSAGE : OTHERS_CREDENTIALS_MESSAGE;
  const own = actor.email.toLowerCase() === owner.email.toLowerCase();
  if (!own || owner.directDataAccessEnabled) return null;
  // Someone who may change their own profile (an Org Admin) is the administrator: send them to the switch.
  return mayDo(actor, 'updateUser', { email: actor.email, organizationId: actor.organizationId })
    ? MESSAGES.ownDataAccessOffSelfService
    : MESSAGES.ownDataAccessOff;
}

/** Why a new credential cannot be created for the owner, or null: management, then the owner's state. */
export function credentialCreationRefusal(actor: AccessUser, owner: CredentialOwner): string | null {
  return (
    credentialManagementRefusal(actor, owner) ??
    (owner.directDataAccessEnabled ? null : MESSAGES.dataAccessOffSelfService(owner.email)) ??
    (owner.active ? null : MESSAGES.credentialOwnerInactive(owner.email))
  );
}
