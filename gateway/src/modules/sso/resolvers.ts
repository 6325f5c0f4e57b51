import type { OrganizationSsoInput, Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { orNullWhenNotFound } from '../common/optional-reads.js';
import { getOrganization } from '../organization/platform.js';
import {
  getOrganizationSso,
  getOrganizationSsoTestSignIn,
  getSignInImpact,
  getSsoServiceProvider,
  removeOrganizationSso,
  setOrganizationSso,
  SSO_PROTOCOLS,
  SSO_TEST_OUTCOMES,
  SSO_TEST_SECOND_FACTORS,
  startOrganizationSsoTestSignIn,
  testOrganizationSso,
  type RestSsoConnectionInput,
} from './platform.js';

/** The REST body of an OrganizationSsoInput: only the fields given (a secret left out keeps the stored one). */
function toConnectionBody(input: OrganizationSsoInput): RestSsoConnectionInput {
  const body: RestSsoConnectionInput = { protocol: input.protocol };
  if (input.issuer != null) body.issuer = input.issuer;
  if (input.clientId != null) body.clientId = input.clientId;
  if (input.clientSecret != null) body.clientSecret = input.clientSecret;
  if (input.metadataXml != null) body.metadataXml = input.metadataXml;
  if (input.metadataUrl != null) body.metadataUrl = input.metadataUrl;
  if (input.ssoOnly != null) body.ssoOnly = input.ssoOnly;
  // Any Role may be sent; the platform's contract takes an organization's own roles only and refuses a
  // system role on input.defaultRole, in its words.
  if (input.defaultRole != null) body.defaultRole = input.defaultRole as RestSsoConnectionInput['defaultRole'];
  if (input.trustIdpMfa != null) body.trustIdpMfa = input.trustIdpMfa;
  // Only operators may send it: the directive (ssoConnectionOperation) refused anyone else already.
  if (input.adminEmergencyAccess != null) body.adminEmergencyAccess = input.adminEmergencyAccess;
  return body;
}

/** The input's fields keep their names under `input.` (issuer, clientId, metadataUrl…). */
const INPUT_FIELDS = { prefix: 'input' };

/**
 * An organization's single sign-on connection (issue 30). Who may read, set, test and remove it is the
 * operation table's (organizationSso, setOrganizationSso, setSsoAdminEmergencyAccess for a save naming
 * the Org Admins' emergency access…), applied by the directives and again by the platform; the client
 * secret goes to the platform and never comes back.
 */
export const ssoResolvers: Resolvers = {
  SsoProtocol: enumValues(SSO_PROTOCOLS),
  SsoTestOutcome: enumValues(SSO_TEST_OUTCOMES),
  SsoTestSecondFactor: enumValues(SSO_TEST_SECOND_FACTORS),

  Query: {
    // Another operator's test, an expired one or one never started: null, as for any record not found.
    organizationSsoTestSignIn: (_, { id, state }, { platform }) =>
      orNullWhenNotFound(getOrganizationSsoTestSignIn(platform, id, state)),
  },

  Organization: {
    sso: (organization, _, { platform }) => getOrganizationSso(platform, organization.id),
    ssoServiceProvider: (organization, _, { platform }) => getSsoServiceProvider(platform, organization.id),
    signInImpact: (organization, _, { platform }) => getSignInImpact(platform, organization.id),
  },

  Mutation: {
    // The payload's organization is read again, so its sso field (and anything else selected) is current.
    setOrganizationSso: (_, { id, input }, { platform }) =>
      withFieldErrors(INPUT_FIELDS, async () => {
        await setOrganizationSso(platform, id, toConnectionBody(input));
        return { organization: await getOrganization(platform, id) };
      }),
    removeOrganizationSso: (_, { id }, { platform }) =>
      withFieldErrors({ prefix: '' }, async () => {
        await removeOrganizationSso(platform, id);
        return { organization: await getOrganization(platform, id) };
      }),
    testOrganizationSso: (_, { id, input }, { platform }) =>
      withFieldErrors(INPUT_FIELDS, async () => ({
        test: await testOrganizationSso(platform, id, toConnectionBody(input)),
      })),
    // A provider that cannot be reached, or a secret that no longer opens, comes back as inputErrors.
    startOrganizationSsoTestSignIn: (_, { id }, { platform }) =>
      withFieldErrors(INPUT_FIELDS, async () => ({
        testSignIn: await startOrganizationSsoTestSignIn(platform, id),
      })),
  },
};
