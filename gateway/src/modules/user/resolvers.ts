import { TABLEAU_LICENSES, USER_PROVENANCES, USER_SORT_KEYS, USER_TEXT_FIELDS } from '@meridian/schema';
import type { CreateUserInput, Resolvers, UpdateUserInput } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors, type FieldNames } from '../common/input-errors.js';
import { orNullWhenNotFound, orNullWhenRefused } from '../common/optional-reads.js';
import { listQuery, sortParam, toPage } from '../common/platform.js';
import { getOrganization } from '../organization/platform.js';
import { selectsSeatUsage } from '../organization/seat-usage.js';
import { getPasswordResetMeta } from '../password/platform.js';
import { dataAccessEntries } from './data-access.js';
import {
  createUser,
  getUser,
  listUsers,
  setUserActive,
  setUserDataAccess,
  updateUser,
  type RestUserFields,
} from './platform.js';

/** REST user fields → the input's fields; organizationId and email stay top-level arguments. */
const USER_FIELDS: FieldNames = {
  prefix: 'input',
  renames: {
    organizationId: 'organizationId',
    email: 'input.email',
    tableauConfig: 'input.tableauLicense',
    'tableauConfig.tableauLicense': 'input.tableauLicense',
  },
};

/** On update the email names the user being changed, an argument of its own. */
const UPDATE_FIELDS: FieldNames = { ...USER_FIELDS, renames: { ...USER_FIELDS.renames, email: 'email' } };

/** Fields given in a create or update input, in REST form. */
function toUserFields(input: CreateUserInput | UpdateUserInput): RestUserFields {
  const fields: RestUserFields = {};
  if (input.name != null) fields.name = input.name;
  // An explicit null clears the alternate email, or a text field (schema's USER_TEXT_FIELDS: same names in both).
  if (input.alternateEmail !== undefined) fields.alternateEmail = input.alternateEmail;
  for (const { field } of USER_TEXT_FIELDS) if (input[field] !== undefined) fields[field] = input[field];
  if (input.role != null) fields.role = input.role;
  if (input.tableauLicense != null) fields.tableauConfig = { tableauLicense: input.tableauLicense };
  if (input.directDataAccessEnabled != null) fields.direct_data_access_enabled = input.directDataAccessEnabled;
  return fields;
}

export const userResolvers: Resolvers = {
  TableauLicense: enumValues(TABLEAU_LICENSES),
  UserSortField: enumValues(USER_SORT_KEYS),
  UserProvenance: enumValues(USER_PROVENANCES),

  Query: {
    user: (_, { email }, { platform }) => orNullWhenNotFound(getUser(platform, email)),
    users: async (_, { organizationId, ...args }, { platform }) =>
      toPage(
        await listUsers(platform, {
          ...listQuery(args, sortParam(args.sort)),
          organizationId: organizationId ?? undefined,
          status: args.status ?? undefined,
          provenance: args.provenance ?? undefined,
        }),
      ),
  },

  Mutation: {
    // Which roles a user may hold (system roles only in the operators' organization) and who may grant
    // them are the platform service's rules (schema/src/roles.ts): its refusal comes back as input.role.
    createUser: (_, { organizationId, input }, { platform }) =>
      withFieldErrors(USER_FIELDS, async () => ({
        user: await createUser(platform, organizationId, {
          ...toUserFields(input),
          name: input.name,
          email: input.email,
          // Without a password the platform invites the user (issue 18).
          ...(input.password != null ? { password: input.password } : {}),
          ...(input.allowOutsideDomain ? { allowOutsideDomain: true } : {}),
        }),
      })),
    // A changed user is forgotten by every gateway replica's cache (role and active state at once).
    updateUser: (_, { organizationId, email, input }, { platform, userChanged }) =>
      withFieldErrors(UPDATE_FIELDS, async () => {
        const fields = toUserFields(input);
        if (input.clearTableauLicense) fields.tableauConfig = { tableauLicense: null };
        const user = await updateUser(platform, organizationId, email, fields);
        userChanged(user.email);
        return { user };
      }),
    setUserActive: (_, { email, active }, { platform, userChanged }) =>
      withFieldErrors({ prefix: '' }, async () => {
        const user = await setUserActive(platform, email, active);
        userChanged(user.email);
        return { user };
      }),
    setUserDataAccess: (_, { email, enabled }, { platform, userChanged }) =>
      withFieldErrors({ prefix: '', renames: { direct_data_access_enabled: 'enabled' } }, async () => {
        const user = await setUserDataAccess(platform, email, enabled);
        userChanged(user.email);
        return { user };
      }),
  },

  User: {
    directDataAccessEnabled: (user) => user.direct_data_access_enabled,
    tableauLicense: (user) => user.tableauConfig?.tableauLicense ?? null,
    tableauUser: (user) => user.tableauConfig?.tableauUser ?? false,
    dataAccessInfo: (user) => dataAccessEntries(user),
    organization: (user, _, { platform }, info) =>
      orNullWhenRefused(getOrganization(platform, user.organizationId, { usage: selectsSeatUsage(info) })),
    passwordResetMeta: (user, _, { platform }) => getPasswordResetMeta(platform, user.email),
  },

  Organization: {
    users: async (organization, args, { platform }) =>
      toPage(
        await listUsers(platform, {
          ...listQuery(args, sortParam(args.sort)),
          organizationId: organization.id,
          status: args.status ?? undefined,
          provenance: args.provenance ?? undefined,
        }),
      ),
  },
};
