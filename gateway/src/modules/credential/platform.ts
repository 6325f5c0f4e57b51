import type { PlatformClient } from '../../platform/client-types.js';
import type { InputError } from '../../platform/errors.js';
import type { RestBody, RestRequest, RestRow } from '../../platform/rest-types.js';
import { listOf } from '../common/platform.js';

/** A data-access credential as the platform answers it: never its secret. */
export type RestCredential = RestRow<'listOrganizationCredentials'>;

/** The answer of a create: the one time the secret is shown. */
export type RestCreatedCredential = RestBody<'createUserCredential'>;

/** Whose credential a payload is about: its user or organization is resolved when asked for. */
export interface CredentialOwner {
  userEmail?: string;
  organizationId?: string;
}

/** What CredentialPayload resolves from. */
export interface CredentialPayloadSource {
  credential?: RestCredential | null;
  owner?: CredentialOwner;
  inputErrors: InputError[];
}

/** What CreatedCredentialPayload resolves from: the secret sits beside the credential, never in it. */
export interface CreatedCredentialSource extends CredentialPayloadSource {
  secret?: string | null;
}

/** A credential is only ever disabled (the same body for a user's and an organization's). */
const DISABLE: RestRequest<'disableUserCredential'> & RestRequest<'disableOrganizationCredential'> = {
  credential_enabled: false,
};

/** What the creator chooses: a name and a lifetime, both optional. */
export type CredentialChoices = NonNullable<RestRequest<'createUserCredential'>>;

export function createUserCredential(
  platform: PlatformClient,
  email: string,
  choices: CredentialChoices,
): Promise<RestCreatedCredential> {
  return platform.call('createUserCredential', { path: { email }, body: choices });
}

export function createOrganizationCredential(
  platform: PlatformClient,
  organizationId: string,
  choices: CredentialChoices,
): Promise<RestCreatedCredential> {
  return platform.call('createOrganizationCredential', { path: { id: organizationId }, body: choices });
}

export function disableUserCredential(platform: PlatformClient, email: string, id: string): Promise<RestCredential> {
  return platform.call('disableUserCredential', { path: { email, credentialId: id }, body: DISABLE });
}

export function disableOrganizationCredential(
  platform: PlatformClient,
  organizationId: string,
  id: string,
): Promise<RestCredential> {
  return platform.call('disableOrganizationCredential', {
    path: { id: organizationId, credentialId: id },
    body: DISABLE,
  });
}

/** An organization's own credentials (not its users'), all of them. */
export async function organizationCredentials(
  platform: PlatformClient,
  organizationId: string,
): Promise<RestCredential[]> {
  const answer = await platform.call('listOrganizationCredentials', {
    path: { id: organizationId },
    query: { limit: 0 },
  });
  return listOf(answer).rows;
}
