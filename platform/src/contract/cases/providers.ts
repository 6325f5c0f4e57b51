import { npiCheckDigit } from '@meridian/schema';
import { fixtureNpis } from '../../test-support/fixture.js';
import type { ContractCase } from './case.js';

const [KNOWN, SECOND] = fixtureNpis();
/** A valid NPI the fixture's directory does not hold. */
const UNKNOWN = `222333444${npiCheckDigit('222333444')}`;
/** The right format with the wrong check digit. */
const BAD_CHECK_DIGIT = `${KNOWN!.slice(0, -1)}${(Number(KNOWN!.at(-1)) + 1) % 10}`;

/**
 * The provider directory serves callers whose organization has managed providers (Acme does, Globex
 * does not: its members are refused with the feature named).
 */
export const providerCases: ContractCase[] = [
  {
    operation: 'getProvider',
    status: 200,
    why: 'a licensed organization’s user',
    request: ({ as }) => ({ url: `/providers/${KNOWN}`, headers: as.acmeUser }),
  },
  {
    operation: 'getProvider',
    status: 400,
    why: 'a wrong check digit',
    request: ({ as }) => ({ url: `/providers/${BAD_CHECK_DIGIT}`, headers: as.acmeUser }),
  },
  {
    operation: 'getProvider',
    status: 403,
    why: 'an organization without managed providers',
    request: ({ as }) => ({ url: `/providers/${KNOWN}`, headers: as.globexUser }),
  },
  {
    operation: 'getProvider',
    status: 404,
    why: 'not in the directory',
    request: ({ as }) => ({ url: `/providers/${UNKNOWN}`, headers: as.acmeUser }),
  },

  {
    operation: 'listProviders',
    status: 200,
    why: 'a search, sorted and paged',
    request: ({ as }) => ({ url: '/providers?search=provider&sort=-name&limit=2&offset=1', headers: as.acmeAdmin }),
  },
  {
    operation: 'listProviders',
    status: 400,
    why: 'a sort key it does not know',
    request: ({ as }) => ({ url: '/providers?sort=salary', headers: as.acmeAdmin }),
  },
  {
    operation: 'listProviders',
    status: 403,
    why: 'an organization without managed providers',
    request: ({ as }) => ({ url: '/providers', headers: as.globexAdmin }),
  },

  {
    operation: 'lookupProviders',
    status: 200,
    why: 'found, missing and invalid NPIs',
    request: ({ as }) => ({
      method: 'POST',
      url: '/providers/lookup',
      headers: as.acmeUser,
      payload: { npis: [KNOWN, SECOND, UNKNOWN, BAD_CHECK_DIGIT, KNOWN] },
    }),
  },
  {
    operation: 'lookupProviders',
    status: 400,
    why: 'no NPIs',
    request: ({ as }) => ({ method: 'POST', url: '/providers/lookup', headers: as.acmeUser, payload: { npis: [] } }),
  },
  {
    operation: 'lookupProviders',
    status: 403,
    why: 'an organization without managed providers',
    request: ({ as }) => ({
      method: 'POST',
      url: '/providers/lookup',
      headers: as.globexUser,
      payload: { npis: [KNOWN] },
    }),
  },
];
