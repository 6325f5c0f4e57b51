import type { ContractCase } from './case.js';

/** The user these cases create in acme; the credential and password cases act on them too. */
export const CONTRACT_USER = 'contract.user@acme.test';
/** Their password at creation. */
export const CONTRACT_USER_PASSWORD = 'contract-password-1';
const MISSING_USER = 'nobody@acme.test';
const MISSING_ORGANIZATION = 'no-such-organization';

const newUser = { name: 'Cory Contract', email: CONTRACT_USER, password: CONTRACT_USER_PASSWORD };

/** Users: one new acme user created, renamed and given direct data access. */
export const userCases: ContractCase[] = [
  {
    operation: 'createUser',
    status: 201,
    why: 'an Org Admin creates one in their organization',
    request: ({ as }) => ({
      method: 'POST',
      url: '/user?organizationId=acme',
      headers: as.acmeAdmin,
      payload: newUser,
    }),
  },
  {
    operation: 'createUser',
    status: 400,
    why: 'a weak password',
    request: ({ as }) => ({
      method: 'POST',
      url: '/user?organizationId=acme',
      headers: as.acmeAdmin,
      payload: { ...newUser, email: 'weak@acme.test', password: 'short' },
    }),
  },
  {
    operation: 'createUser',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({
      method: 'POST',
      url: '/user?organizationId=acme',
      headers: as.acmeUser,
      payload: { ...newUser, email: 'other@acme.test' },
    }),
  },
  {
    operation: 'createUser',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: `/user?organizationId=${MISSING_ORGANIZATION}`,
      headers: as.admin,
      payload: { ...newUser, email: 'other@nowhere.test' },
    }),
  },
  {
    operation: 'createUser',
    status: 409,
    why: 'the email is taken',
    request: ({ as }) => ({
      method: 'POST',
      url: '/user?organizationId=acme',
      headers: as.acmeAdmin,
      payload: newUser,
    }),
  },

  {
    operation: 'listUsers',
    status: 200,
    why: 'an Org Admin lists their organization',
    request: ({ as }) => ({ url: '/user?organizationId=acme&sort=-email&limit=2', headers: as.acmeAdmin }),
  },
  {
    operation: 'listUsers',
    status: 400,
    why: 'a sort key not on the list',
    request: ({ as }) => ({ url: '/user?organizationId=acme&sort=password', headers: as.acmeAdmin }),
  },
  {
    operation: 'listUsers',
    status: 400,
    why: "a sort key that is a name of every object's prototype (found by the REST fuzz test)",
    request: ({ as }) => ({ url: '/user?organizationId=acme&sort=-toString', headers: as.acmeAdmin }),
  },
  {
    operation: 'listUsers',
    status: 403,
    why: 'another tenant',
    request: ({ as }) => ({ url: '/user?organizationId=globex', headers: as.acmeAdmin }),
  },
  {
    operation: 'listUsers',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: `/user?organizationId=${MISSING_ORGANIZATION}`, headers: as.admin }),
  },

  {
    operation: 'getUser',
    status: 200,
    why: 'a user reads their own record',
    request: ({ as }) => ({ url: '/user/email/user@acme.test', headers: as.acmeUser }),
  },
  {
    operation: 'getUser',
    status: 400,
    why: 'an email under 3 characters',
    request: ({ as }) => ({ url: '/user/email/ab', headers: as.admin }),
  },
  {
    operation: 'getUser',
    status: 403,
    why: 'an Org User reads another user',
    request: ({ as }) => ({ url: '/user/email/orgadmin@acme.test', headers: as.acmeUser }),
  },
  {
    operation: 'getUser',
    status: 404,
    why: 'another tenant’s user answers as a missing one',
    request: ({ as }) => ({ url: '/user/email/user@globex.test', headers: as.acmeAdmin }),
  },

  {
    operation: 'updateUser',
    status: 200,
    why: 'an Org Admin renames a user',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/user?organizationId=acme',
      headers: as.acmeAdmin,
      payload: { email: CONTRACT_USER, name: 'Cory Contract-Smith', tableauConfig: { tableauLicense: 'viewer' } },
    }),
  },
  {
    operation: 'updateUser',
    status: 400,
    why: 'a field change without organizationId',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/user',
      headers: as.acmeAdmin,
      payload: { email: CONTRACT_USER, name: 'Nobody Knows Where' },
    }),
  },
  {
    operation: 'updateUser',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/user?organizationId=acme',
      headers: as.acmeUser,
      payload: { email: CONTRACT_USER, name: 'Mine Now' },
    }),
  },
  {
    operation: 'updateUser',
    status: 404,
    why: 'no such user',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/user?organizationId=acme',
      headers: as.admin,
      payload: { email: MISSING_USER, name: 'Nobody' },
    }),
  },
  {
    operation: 'updateUser',
    status: 409,
    why: 'an Org Admin demotes themselves',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/user?organizationId=acme',
      headers: as.acmeAdmin,
      payload: { email: 'orgadmin@acme.test', role: 'orgUser' },
    }),
  },

  {
    operation: 'setUserDataAccess',
    status: 200,
    why: 'an Org Admin enables it',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/data-access`,
      headers: as.acmeAdmin,
      payload: { direct_data_access_enabled: true },
    }),
  },
  {
    operation: 'setUserDataAccess',
    status: 400,
    why: 'the flag is missing',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/data-access`,
      headers: as.acmeAdmin,
      payload: {},
    }),
  },
  {
    operation: 'setUserDataAccess',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/user/${CONTRACT_USER}/data-access`,
      headers: as.acmeUser,
      payload: { direct_data_access_enabled: false },
    }),
  },
  {
    operation: 'setUserDataAccess',
    status: 404,
    why: 'no such user',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/user/${MISSING_USER}/data-access`,
      headers: as.admin,
      payload: { direct_data_access_enabled: true },
    }),
  },
];
