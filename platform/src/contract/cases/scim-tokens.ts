import type { ContractCase } from './case.js';

const LONG_ID = 'x'.repeat(65);
const CREATE = { label: 'Entra ID provisioning' };

/** The first token of Acme Health, created by the first case. */
async function acmeTokenId({ platform }: Parameters<ContractCase['request']>[0]): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>(
    `SELECT id FROM scim_tokens WHERE organization_id = 'acme' ORDER BY created_at LIMIT 1`,
  );
  return rows[0]!.id;
}

/** An organization's SCIM tokens: listed, created, rotated and revoked. */
export const scimTokenCases: ContractCase[] = [
  {
    operation: 'createScimToken',
    status: 201,
    why: 'an Org Admin creates a token for their directory',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/scim-tokens',
      headers: as.acmeAdmin,
      payload: CREATE,
    }),
  },
  {
    operation: 'createScimToken',
    status: 400,
    why: 'a blank label',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/scim-tokens',
      headers: as.admin,
      payload: { label: ' ' },
    }),
  },
  {
    operation: 'createScimToken',
    status: 403,
    why: 'another organization’s admin',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/acme/scim-tokens',
      headers: as.globexAdmin,
      payload: CREATE,
    }),
  },
  {
    operation: 'createScimToken',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: '/organization/nowhere/scim-tokens',
      headers: as.admin,
      payload: CREATE,
    }),
  },
  {
    operation: 'listScimTokens',
    status: 200,
    why: 'an operator lists Acme Health’s tokens',
    request: ({ as }) => ({ url: '/organization/acme/scim-tokens', headers: as.admin }),
  },
  {
    operation: 'listScimTokens',
    status: 200,
    why: 'a viewer reads them (organization:read), read-only',
    request: ({ as }) => ({ url: '/organization/acme/scim-tokens', headers: as.viewer }),
  },
  {
    operation: 'listScimTokens',
    status: 400,
    why: 'an id over 64 characters',
    request: ({ as }) => ({ url: `/organization/${LONG_ID}/scim-tokens`, headers: as.admin }),
  },
  {
    operation: 'listScimTokens',
    status: 403,
    why: 'an Org User',
    request: ({ as }) => ({ url: '/organization/acme/scim-tokens', headers: as.acmeUser }),
  },
  {
    operation: 'listScimTokens',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: '/organization/nowhere/scim-tokens', headers: as.admin }),
  },
  {
    operation: 'rotateScimToken',
    status: 201,
    why: 'an Org Admin rotates their token',
    request: async (context) => ({
      method: 'POST',
      url: `/organization/acme/scim-tokens/${await acmeTokenId(context)}/rotate`,
      headers: context.as.acmeAdmin,
    }),
  },
  {
    operation: 'rotateScimToken',
    status: 400,
    why: 'the token was already replaced by the rotation',
    request: async (context) => ({
      method: 'POST',
      url: `/organization/acme/scim-tokens/${await acmeTokenId(context)}/rotate`,
      headers: context.as.acmeAdmin,
    }),
  },
  {
    operation: 'rotateScimToken',
    status: 403,
    why: 'a viewer (no organization:update, no users:create)',
    request: async (context) => ({
      method: 'POST',
      url: `/organization/acme/scim-tokens/${await acmeTokenId(context)}/rotate`,
      headers: context.as.viewer,
    }),
  },
  {
    operation: 'rotateScimToken',
    status: 404,
    why: 'Globex has no such token (it is Acme Health’s)',
    request: async (context) => ({
      method: 'POST',
      url: `/organization/globex/scim-tokens/${await acmeTokenId(context)}/rotate`,
      headers: context.as.admin,
    }),
  },
  {
    operation: 'revokeScimToken',
    status: 200,
    why: 'an operator revokes a token',
    request: async (context) => ({
      method: 'DELETE',
      url: `/organization/acme/scim-tokens/${await acmeTokenId(context)}`,
      headers: context.as.admin,
    }),
  },
  {
    operation: 'revokeScimToken',
    status: 400,
    why: 'a token id over 64 characters',
    request: ({ as }) => ({ method: 'DELETE', url: `/organization/acme/scim-tokens/${LONG_ID}`, headers: as.admin }),
  },
  {
    operation: 'revokeScimToken',
    status: 403,
    why: 'an Org User',
    request: async (context) => ({
      method: 'DELETE',
      url: `/organization/acme/scim-tokens/${await acmeTokenId(context)}`,
      headers: context.as.acmeUser,
    }),
  },
  {
    operation: 'revokeScimToken',
    status: 404,
    why: 'no such token',
    request: ({ as }) => ({ method: 'DELETE', url: '/organization/acme/scim-tokens/scim_nothing', headers: as.admin }),
  },
];
