import type { ContractCase, ContractContext } from './case.js';

/**
 * Every role reads the catalog, so its only refusal is the token's: one without the api_access scope
 * (which every route answers with 403 before any permission is looked at).
 */
async function withoutApiScope({ platform }: ContractContext): Promise<{ authorization: string }> {
  const token = await platform.tokens.user('user@acme.test', { scope: 'openid email profile' });
  return { authorization: `Bearer ${token}` };
}

/** The product catalog, its version and the customer segments. */
export const catalogCases: ContractCase[] = [
  {
    operation: 'listProducts',
    status: 200,
    why: 'an organization user reads licensable products',
    request: ({ as }) => ({
      url: `/catalog/products?include=licensable_field_groups,bi&filters=${encodeURIComponent('{"is_license_required":true}')}`,
      headers: as.acmeUser,
    }),
  },
  {
    operation: 'listProducts',
    status: 400,
    why: 'an unknown kind included',
    request: ({ as }) => ({ url: '/catalog/products?include=spaceships', headers: as.acmeUser }),
  },
  {
    operation: 'listProducts',
    status: 403,
    why: 'a token without the api_access scope',
    request: async (context) => ({ url: '/catalog/products', headers: await withoutApiScope(context) }),
  },

  {
    operation: 'getProductsVersion',
    status: 200,
    why: 'the pr-catalog variant',
    request: ({ as }) => ({ url: '/catalog/products/version?pr_catalog=true', headers: as.acmeUser }),
  },
  {
    operation: 'getProductsVersion',
    status: 400,
    why: 'pr_catalog is not true or false',
    request: ({ as }) => ({ url: '/catalog/products/version?pr_catalog=maybe', headers: as.acmeUser }),
  },
  {
    operation: 'getProductsVersion',
    status: 403,
    why: 'a token without the api_access scope',
    request: async (context) => ({ url: '/catalog/products/version', headers: await withoutApiScope(context) }),
  },

  {
    operation: 'listCustomerSegments',
    status: 200,
    why: 'an operator reads the active segments',
    request: ({ as }) => ({
      url: `/catalog/customer-segments?filters=${encodeURIComponent('{"active":true}')}`,
      headers: as.viewer,
    }),
  },
  {
    operation: 'listCustomerSegments',
    status: 400,
    why: 'filters that are not JSON',
    request: ({ as }) => ({ url: '/catalog/customer-segments?filters=active', headers: as.viewer }),
  },
  {
    operation: 'listCustomerSegments',
    status: 403,
    why: 'a token without the api_access scope',
    request: async (context) => ({ url: '/catalog/customer-segments', headers: await withoutApiScope(context) }),
  },
];
