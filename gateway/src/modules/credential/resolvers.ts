import type { GatewayContext } from '../../context.js';
import type { CreateCredentialInput, Resolvers } from '../../generated/resolvers-types.js';
import { withFieldErrors } from '../common/input-errors.js';
import { getOrganization } from '../organization/platform.js';
import { getUser } from '../user/platform.js';
import {
  createOrganizationCredential,
  createUserCredential,
  disableOrganizationCredential,
  disableUserCredential,
  organizationCredentials,
  type CredentialChoices,
  type CredentialOwner,
  type CredentialPayloadSource,
  type RestCreatedCredential,
  type RestCredential,
} from './platform.js';

/** The secret leaves the credential here: it is the payload's field, never the Credential's. */
function splitSecret({ secret, ...credential }: RestCreatedCredential): { credential: RestCredential; secret: string } {
  return { credential, secret };
}

/** Refusals name the mutation's own arguments (email, organizationId, credentialId, input.name…). */
const FIELDS = {
  prefix: '',
  renames: { id: 'organizationId', name: 'input.name', lifetime_days: 'input.lifetimeDays' },
};

/** The input's choices in the REST body's words; what is not given is left to the platform's default. */
function choicesOf(input: CreateCredentialInput | null | undefined): CredentialChoices {
  return {
    ...(input?.name != null ? { name: input.name } : {}),
    ...(input?.lifetimeDays != null ? { lifetime_days: input.lifetimeDays } : {}),
  };
}

const created = (owner: CredentialOwner, work: () => Promise<RestCreatedCredential>) =>
  withFieldErrors(FIELDS, async () => ({ ...splitSecret(await work()), owner }));

const disabled = (owner: CredentialOwner, work: () => Promise<RestCredential>) =>
  withFieldErrors(FIELDS, async () => ({ credential: await work(), owner }));

/** The owner, read after the change, so a normalized cache sees its new data-access info. */
const ownerFields = {
  user: ({ owner }: CredentialPayloadSource, _: unknown, { platform }: GatewayContext) =>
    owner?.userEmail ? getUser(platform, owner.userEmail) : null,
  organization: ({ owner }: CredentialPayloadSource, _: unknown, { platform }: GatewayContext) =>
    owner?.organizationId ? getOrganization(platform, owner.organizationId) : null,
};

export const credentialResolvers: Resolvers = {
  Mutation: {
    createUserCredential: (_, { email, input }, { platform }) =>
      created({ userEmail: email }, () => createUserCredential(platform, email, choicesOf(input))),
    createOrganizationCredential: (_, { organizationId, input }, { platform }) =>
      created({ organizationId }, () => createOrganizationCredential(platform, organizationId, choicesOf(input))),
    disableUserCredential: (_, { email, credentialId }, { platform }) =>
      disabled({ userEmail: email }, () => disableUserCredential(platform, email, credentialId)),
    disableOrganizationCredential: (_, { organizationId, credentialId }, { platform }) =>
      disabled({ organizationId }, () => disableOrganizationCredential(platform, organizationId, credentialId)),
  },

  CreatedCredentialPayload: ownerFields,
  CredentialPayload: ownerFields,

  Credential: {
    enabled: (credential) => credential.credential_enabled,
    generatedAt: (credential) => credential.generated_timestamp,
    lifetimeDays: (credential) => credential.lifetime_days,
    expiresAt: (credential) => credential.expires_timestamp,
    daysToExpire: (credential) => credential.days_to_expire,
  },

  Organization: {
    credentials: (organization, _, { platform }) => organizationCredentials(platform, organization.id),
  },
};
