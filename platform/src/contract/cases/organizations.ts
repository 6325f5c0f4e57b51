import type { ContractCase, ContractContext } from './case.js';

const NEW_ID = 'contract-co';
const MISSING = 'no-such-organization';
const TOO_LONG = 'x'.repeat(65);

/** Waits until the organization's `job` is completed (test jobs take a few 20 ms steps). */
async function jobCompleted({ platform, as }: ContractContext, id: string, job: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = await platform.rest.inject({ url: `/organization/${id}/${job}`, headers: as.admin });
    if (answer.json<{ status: string }>().status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The ${job} job of ${id} did not complete`);
}

const created = {
  id: NEW_ID,
  name: 'Contract Co',
  domain: ['contract.test'],
  primaryContact: { name: 'Cora Contract', email: 'cora@contract.test' },
  customer_segment: 'employer',
  medicare_licensed: false,
};

/** Organizations, their licenses and lifecycle: one new organization walked through every move. */
export const organizationCases: ContractCase[] = [
  {
    operation: 'listOrganizations',
    status: 200,
    why: 'an operator lists',
    request: ({ as }) => ({ url: '/organization?limit=2&include=licenses_used', headers: as.viewer }),
  },
  {
    operation: 'listOrganizations',
    status: 400,
    why: 'a negative page size',
    request: ({ as }) => ({ url: '/organization?limit=-1', headers: as.viewer }),
  },
  {
    operation: 'listOrganizations',
    status: 403,
    why: 'an organization user',
    request: ({ as }) => ({ url: '/organization', headers: as.acmeUser }),
  },

  {
    operation: 'createOrganization',
    status: 201,
    why: 'an administrator creates',
    request: ({ as }) => ({ method: 'POST', url: '/organization', headers: as.admin, payload: created }),
  },
  {
    operation: 'createOrganization',
    status: 400,
    why: 'required fields missing',
    request: ({ as }) => ({ method: 'POST', url: '/organization', headers: as.admin, payload: { id: 'half' } }),
  },
  {
    operation: 'createOrganization',
    status: 403,
    why: 'an organization administrator',
    request: ({ as }) => ({ method: 'POST', url: '/organization', headers: as.acmeAdmin, payload: created }),
  },
  {
    operation: 'createOrganization',
    status: 409,
    why: 'the id is taken',
    request: ({ as }) => ({ method: 'POST', url: '/organization', headers: as.admin, payload: created }),
  },

  {
    operation: 'getOrganization',
    status: 200,
    why: 'its own administrator reads it',
    request: ({ as }) => ({ url: '/organization/acme?include=licenses_used', headers: as.acmeAdmin }),
  },
  {
    operation: 'getOrganization',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${TOO_LONG}`, headers: as.admin }),
  },
  {
    operation: 'getOrganization',
    status: 403,
    why: 'another tenant',
    request: ({ as }) => ({ url: '/organization/globex', headers: as.acmeAdmin }),
  },
  {
    operation: 'getOrganization',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: `/organization/${MISSING}`, headers: as.admin }),
  },

  {
    operation: 'updateOrganization',
    status: 200,
    why: 'an administrator renames',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/organization?organizationId=${NEW_ID}`,
      headers: as.admin,
      payload: { name: 'Contract Company' },
    }),
  },
  {
    operation: 'updateOrganization',
    status: 400,
    why: 'an empty name',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/organization?organizationId=${NEW_ID}`,
      headers: as.admin,
      payload: { name: '' },
    }),
  },
  {
    operation: 'updateOrganization',
    status: 403,
    why: 'an organization user',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/organization?organizationId=acme',
      headers: as.acmeUser,
      payload: { name: 'Mine' },
    }),
  },
  {
    operation: 'updateOrganization',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/organization?organizationId=${MISSING}`,
      headers: as.admin,
      payload: { name: 'Nobody' },
    }),
  },

  {
    operation: 'updateLicenses',
    status: 200,
    why: 'an administrator raises the limit',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/licenses?organizationId=${NEW_ID}`,
      headers: as.admin,
      payload: { licenses: { user_limit: 30 } },
    }),
  },
  {
    operation: 'updateLicenses',
    status: 400,
    why: 'a product not in the catalog',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/licenses?organizationId=${NEW_ID}`,
      headers: as.admin,
      payload: { licenses: { products: { teleportation: { enabled: true } } } },
    }),
  },
  {
    operation: 'updateLicenses',
    status: 403,
    why: 'an organization user',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/licenses?organizationId=acme',
      headers: as.acmeUser,
      payload: { licenses: { user_limit: 99 } },
    }),
  },
  {
    operation: 'updateLicenses',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'PUT',
      url: `/licenses?organizationId=${MISSING}`,
      headers: as.admin,
      payload: { licenses: { user_limit: 1 } },
    }),
  },
  {
    operation: 'updateLicenses',
    status: 409,
    why: 'a limit below the active users',
    request: ({ as }) => ({
      method: 'PUT',
      url: '/licenses?organizationId=acme',
      headers: as.admin,
      payload: { licenses: { user_limit: 0 } },
    }),
  },

  ...(['Onboarding', 'Deployment', 'Offboarding'] as const).flatMap((name): ContractCase[] => {
    const path = name.toLowerCase();
    return [
      {
        operation: `get${name}`,
        status: 200,
        why: 'its own administrator reads it',
        request: ({ as }) => ({ url: `/organization/acme/${path}`, headers: as.acmeAdmin }),
      },
      {
        operation: `get${name}`,
        status: 400,
        why: 'an id over 64 characters',
        request: ({ as }) => ({ url: `/organization/${TOO_LONG}/${path}`, headers: as.admin }),
      },
      {
        operation: `get${name}`,
        status: 403,
        why: 'another tenant',
        request: ({ as }) => ({ url: `/organization/globex/${path}`, headers: as.acmeAdmin }),
      },
      {
        operation: `get${name}`,
        status: 404,
        why: 'no such organization',
        request: ({ as }) => ({ url: `/organization/${MISSING}/${path}`, headers: as.admin }),
      },
      {
        operation: `start${name}`,
        status: 400,
        why: 'an id over 64 characters',
        request: ({ as }) => ({ method: 'POST', url: `/organization/${TOO_LONG}/${path}`, headers: as.admin }),
      },
      {
        operation: `start${name}`,
        status: 403,
        why: 'an organization administrator',
        request: ({ as }) => ({ method: 'POST', url: `/organization/acme/${path}`, headers: as.acmeAdmin }),
      },
      {
        operation: `start${name}`,
        status: 404,
        why: 'no such organization',
        request: ({ as }) => ({ method: 'POST', url: `/organization/${MISSING}/${path}`, headers: as.admin }),
      },
      {
        operation: `start${name}`,
        status: 409,
        why: 'a move the status does not allow',
        request: ({ as }) => ({
          method: 'POST',
          url: `/organization/${name === 'Offboarding' ? 'initech' : 'acme'}/${path}`,
          headers: as.admin,
        }),
      },
    ];
  }),

  {
    operation: 'getOrganizationAccess',
    status: 200,
    why: 'an operator reads what offboarding would end',
    request: ({ as }) => ({ url: '/organization/acme/access', headers: as.admin }),
  },
  {
    operation: 'getOrganizationAccess',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${TOO_LONG}/access`, headers: as.admin }),
  },
  {
    operation: 'getOrganizationAccess',
    status: 403,
    why: 'an organization administrator (it is the offboarding operator’s)',
    request: ({ as }) => ({ url: '/organization/acme/access', headers: as.acmeAdmin }),
  },
  {
    operation: 'getOrganizationAccess',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: `/organization/${MISSING}/access`, headers: as.admin }),
  },

  {
    operation: 'activateOrganization',
    status: 400,
    why: 'active is not true',
    request: ({ as }) => ({
      method: 'POST',
      url: `/organization/${NEW_ID}/activation`,
      headers: as.admin,
      payload: { active: false },
    }),
  },
  {
    operation: 'activateOrganization',
    status: 403,
    why: 'an organization administrator',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/activation',
      headers: as.acmeAdmin,
      payload: { active: true },
    }),
  },
  {
    operation: 'activateOrganization',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: `/organization/${MISSING}/activation`,
      headers: as.admin,
      payload: { active: true },
    }),
  },
  {
    operation: 'activateOrganization',
    status: 409,
    why: 'already active',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/activation',
      headers: as.admin,
      payload: { active: true },
    }),
  },

  {
    operation: 'switchSegment',
    status: 400,
    why: 'an unknown segment',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/segment-switch',
      headers: as.admin,
      payload: { customer_segment: 'pirates', medicare_licensed: false },
    }),
  },
  {
    operation: 'switchSegment',
    status: 403,
    why: 'an organization administrator',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/segment-switch',
      headers: as.acmeAdmin,
      payload: { customer_segment: 'employer', medicare_licensed: false },
    }),
  },
  {
    operation: 'switchSegment',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: `/organization/${MISSING}/segment-switch`,
      headers: as.admin,
      payload: { customer_segment: 'employer', medicare_licensed: false },
    }),
  },
  {
    operation: 'switchSegment',
    status: 409,
    why: 'not active yet',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/initech/segment-switch',
      headers: as.admin,
      payload: { customer_segment: 'employer', medicare_licensed: false },
    }),
  },

  // The new organization through its whole life, each move once the job before it completed.
  {
    operation: 'startOnboarding',
    status: 200,
    why: 'a created organization',
    request: ({ as }) => ({ method: 'POST', url: `/organization/${NEW_ID}/onboarding`, headers: as.admin }),
  },
  {
    operation: 'startDeployment',
    status: 200,
    why: 'onboarding completed',
    request: async (context) => {
      await jobCompleted(context, NEW_ID, 'onboarding');
      return { method: 'POST', url: `/organization/${NEW_ID}/deployment`, headers: context.as.admin };
    },
  },
  {
    operation: 'activateOrganization',
    status: 200,
    why: 'deployment completed',
    request: async (context) => {
      await jobCompleted(context, NEW_ID, 'deployment');
      return {
        method: 'POST',
        url: `/organization/${NEW_ID}/activation`,
        headers: context.as.admin,
        payload: { active: true },
      };
    },
  },
  {
    operation: 'switchSegment',
    status: 200,
    why: 'an active organization',
    request: ({ as }) => ({
      method: 'POST',
      url: `/organization/${NEW_ID}/segment-switch`,
      headers: as.admin,
      payload: { customer_segment: 'health-plan', medicare_licensed: true, licenses: { user_limit: 40 } },
    }),
  },
  {
    operation: 'startOffboarding',
    status: 200,
    why: 'an active organization',
    request: ({ as }) => ({ method: 'POST', url: `/organization/${NEW_ID}/offboarding`, headers: as.admin }),
  },
];
