import { ORGANIZATION_SORT_KEYS, ORGANIZATION_STATUSES } from '@meridian/schema';
import type { Resolvers, UpdateOrganizationInput } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { orNullWhenNotFound } from '../common/optional-reads.js';
import { listQuery, sortParam, toPage } from '../common/platform.js';
import { licenseFieldNames, toLicensesPatch } from './licenses.js';
import {
  createOrganization,
  getOrganization,
  listOrganizations,
  updateLicenses,
  updateOrganization,
  type RestOrganizationUpdate,
} from './platform.js';
import { selectsSeatUsage } from './seat-usage.js';

/** The REST body of an UpdateOrganizationInput: only the fields given, portal settings nested as stored. */
function toUpdateBody(input: UpdateOrganizationInput): RestOrganizationUpdate {
  const body: RestOrganizationUpdate = {};
  if (input.name != null) body.name = input.name;
  if (input.domain != null) body.domain = input.domain;
  if (input.callbackUrls != null) body.callbackUrls = input.callbackUrls;
  if (input.primaryContact != null) body.primaryContact = input.primaryContact;
  if (input.biPortalDefaultStates != null)
    body.preferences = { bi_portal: { default_states: input.biPortalDefaultStates } };
  // null (or an empty string) removes the portal URL: the platform is told so, not left to guess.
  if (input.biPortalUrl !== undefined) body.onboarding = { bi: { portal_url: input.biPortalUrl?.trim() || null } };
  if (input.requireMfa != null) body.requireMfa = input.requireMfa;
  return body;
}

const UPDATE_FIELDS = {
  prefix: 'input',
  renames: {
    preferences: 'input.biPortalDefaultStates',
    'preferences.bi_portal.default_states': 'input.biPortalDefaultStates',
    onboarding: 'input.biPortalUrl',
    'onboarding.bi.portal_url': 'input.biPortalUrl',
  },
};

export const organizationResolvers: Resolvers = {
  OrganizationStatus: enumValues(ORGANIZATION_STATUSES),
  OrganizationSortField: enumValues(ORGANIZATION_SORT_KEYS),

  Query: {
    // Seat usage is asked for only when the query selects it: the platform counts users for it.
    organization: (_, { id }, { platform }, info) =>
      orNullWhenNotFound(getOrganization(platform, id, { usage: selectsSeatUsage(info) })),
    organizations: async (_, args, { platform }, info) =>
      toPage(
        await listOrganizations(
          platform,
          {
            ...listQuery(args, sortParam(args.sort)),
            customer_segment: args.customerSegment ?? undefined,
            status: args.status ?? undefined,
          },
          { usage: selectsSeatUsage(info) },
        ),
      ),
  },

  Mutation: {
    createOrganization: (_, { input }, { platform }) =>
      withFieldErrors({ prefix: 'input' }, async () => ({
        organization: await createOrganization(platform, {
          id: input.id,
          name: input.name,
          domain: input.domain,
          primaryContact: input.primaryContact,
          customer_segment: input.customerSegment,
          medicare_licensed: input.medicareLicensed,
        }),
      })),
    updateOrganization: (_, { id, input }, { platform }) =>
      withFieldErrors(UPDATE_FIELDS, async () => ({
        organization: await updateOrganization(platform, id, toUpdateBody(input)),
      })),
    updateLicenses: (_, { id, input }, { platform }) =>
      withFieldErrors(licenseFieldNames('input'), async () => ({
        organization: await updateLicenses(platform, id, toLicensesPatch(input)),
      })),
  },

  Organization: {
    primaryContact: ({ primaryContact }) =>
      primaryContact.name && primaryContact.email ? { name: primaryContact.name, email: primaryContact.email } : null,
    customerSegment: (organization) => organization.customer_segment,
    medicareLicensed: (organization) => organization.medicare_licensed,
    biPortalUrl: (organization) => organization.onboarding?.bi?.portal_url ?? null,
    biPortal: (organization) => ({ defaultStates: organization.preferences?.bi_portal?.default_states ?? [] }),
    // Reads that select usage ask for it up front; an answer without it (a mutation's, another field's
    // read) is completed by one read with usage, only when usage is selected here.
    licenses: async (organization, _, { platform }, info) =>
      organization.licenses.active_users !== undefined || !selectsSeatUsage(info)
        ? organization.licenses
        : (await getOrganization(platform, organization.id, { usage: true })).licenses,
  },

  Licenses: {
    userLimit: (licenses) => licenses.user_limit,
    activeUsers: (licenses) => licenses.active_users ?? 0,
    tableauUserLicenses: (licenses) => licenses.tableau_user_licenses,
    products: (licenses) =>
      Object.entries(licenses.products ?? {}).map(([product, entry]) => ({ product, enabled: entry.enabled === true })),
  },

  TableauUserLicenses: {
    explorerCount: (seats) => seats.explorer_count,
    viewerCount: (seats) => seats.viewer_count,
    explorerUsed: (seats) => seats.explorer_used ?? 0,
    viewerUsed: (seats) => seats.viewer_used ?? 0,
  },
};
