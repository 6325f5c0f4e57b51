import { fixtureNpis } from '../../test-support/fixture.js';
import type { ContractCase } from './case.js';

const [FIRST, SECOND, UNLINKED] = fixtureNpis();
const LINKS = '/organization/acme/provider-links';
const MISSING = '/organization/no-such-organization/provider-links';

/**
 * Acme's provider links: written, listed, then removed. Only system roles learn that an organization
 * does not exist (404); an organization role is refused (403) outside its own.
 */
export const providerLinkCases: ContractCase[] = [
  {
    operation: 'upsertProviderLinks',
    status: 200,
    why: 'an organization administrator writes two aliases and a bad row',
    request: ({ as }) => ({
      method: 'PUT',
      url: LINKS,
      headers: as.acmeAdmin,
      payload: {
        kind: 'provider_alias',
        links: [
          { npi: FIRST, value: 'Dr. First' },
          { npi: SECOND, value: 'Dr. Second' },
          { npi: '12345', value: 'Nobody' },
        ],
      },
    }),
  },
  {
    operation: 'upsertProviderLinks',
    status: 400,
    why: 'no links',
    request: ({ as }) => ({
      method: 'PUT',
      url: LINKS,
      headers: as.acmeAdmin,
      payload: { kind: 'provider_alias', links: [] },
    }),
  },
  {
    operation: 'upsertProviderLinks',
    status: 403,
    why: 'an organization user (read only)',
    request: ({ as }) => ({
      method: 'PUT',
      url: LINKS,
      headers: as.acmeUser,
      payload: { kind: 'provider_alias', links: [{ npi: FIRST, value: 'Mine' }] },
    }),
  },
  {
    operation: 'upsertProviderLinks',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'PUT',
      url: MISSING,
      headers: as.admin,
      payload: { kind: 'provider_alias', links: [{ npi: FIRST, value: 'Dr. First' }] },
    }),
  },

  {
    operation: 'listProviderLinks',
    status: 200,
    why: 'an organization user lists the aliases with their providers',
    request: ({ as }) => ({ url: `${LINKS}?kind=provider_alias&sort=-updatedAt&limit=10`, headers: as.acmeUser }),
  },
  {
    operation: 'listProviderLinks',
    status: 400,
    why: 'a kind it does not know',
    request: ({ as }) => ({ url: `${LINKS}?kind=nickname`, headers: as.acmeUser }),
  },
  {
    operation: 'listProviderLinks',
    status: 403,
    why: 'another tenant',
    request: ({ as }) => ({ url: LINKS, headers: as.globexAdmin }),
  },
  {
    operation: 'listProviderLinks',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({ url: MISSING, headers: as.admin }),
  },

  {
    operation: 'removeProviderLinks',
    status: 200,
    why: 'one removed, one not there',
    request: ({ as }) => ({
      method: 'POST',
      url: `${LINKS}/remove`,
      headers: as.acmeAdmin,
      payload: { kind: 'provider_alias', npis: [FIRST, UNLINKED] },
    }),
  },
  {
    operation: 'removeProviderLinks',
    status: 400,
    why: 'a kind it does not know',
    request: ({ as }) => ({
      method: 'POST',
      url: `${LINKS}/remove`,
      headers: as.acmeAdmin,
      payload: { kind: 'nickname', npis: [FIRST] },
    }),
  },
  {
    operation: 'removeProviderLinks',
    status: 403,
    why: 'an organization user (read only)',
    request: ({ as }) => ({
      method: 'POST',
      url: `${LINKS}/remove`,
      headers: as.acmeUser,
      payload: { kind: 'provider_alias', npis: [FIRST] },
    }),
  },
  {
    operation: 'removeProviderLinks',
    status: 404,
    why: 'no such organization',
    request: ({ as }) => ({
      method: 'POST',
      url: `${MISSING}/remove`,
      headers: as.admin,
      payload: { kind: 'provider_alias', npis: [FIRST] },
    }),
  },
];
