import { PROVIDER_LINK_KINDS, PROVIDER_LINK_SORT_KEYS } from '@meridian/schema';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { enumValues } from '../common/enum-values.js';
import { withFieldErrors } from '../common/input-errors.js';
import { orNullWhenNotFound } from '../common/optional-reads.js';
import { listQuery, sortParam, toPage } from '../common/platform.js';
import {
  getProvider,
  listProviderLinks,
  lookupProviders,
  removeProviderLinks,
  searchProviders,
  upsertProviderLinks,
  type RestBatchAnswer,
  type RestBatchCounts,
  type RestProviderLinkRowStatus,
  type RestProviderLookup,
} from './platform.js';

/** Every row outcome of the bulk calls (created… from an upsert, removed and not_found from a removal). */
const ROW_STATUSES = [
  'created',
  'updated',
  'unchanged',
  'removed',
  'not_found',
  'error',
] as const satisfies readonly RestProviderLinkRowStatus[];

/** A batch lookup's answer: the found providers are the rows; what was not found says why. */
function lookupPage(answer: RestProviderLookup) {
  return {
    rows: answer.data,
    pageInfo: { total: answer.data.length, limit: 0, offset: 0 },
    lookup: {
      found: answer.data,
      missing: answer.missing,
      // The field is the NPI itself: a bulk screen shows the message on that NPI's row.
      invalid: answer.invalid.map(({ npi, msg }) => ({ field: npi, message: msg })),
    },
  };
}

/** Per-row results in request order, and the counts of every outcome. */
function batchPayload(answer: RestBatchAnswer) {
  const summary: RestBatchCounts = answer.summary;
  return {
    results: answer.results.map(({ npi, status, message }) => ({ npi, status, message: message ?? null })),
    created: summary.created ?? 0,
    updated: summary.updated ?? 0,
    unchanged: summary.unchanged ?? 0,
    removed: summary.removed ?? 0,
    notFound: summary.notFound ?? 0,
    errors: summary.errors ?? 0,
  };
}

const EMPTY_BATCH = { results: [], created: 0, updated: 0, unchanged: 0, removed: 0, notFound: 0, errors: 0 };

/** A refused batch (400: too many rows, a malformed row) has no per-row results, only input errors. */
async function batch(work: () => Promise<RestBatchAnswer>) {
  const result = await withFieldErrors({ prefix: '' }, async () => batchPayload(await work()));
  return { ...EMPTY_BATCH, ...result };
}

export const providerResolvers: Resolvers = {
  ProviderLinkKind: enumValues(PROVIDER_LINK_KINDS),
  ProviderLinkSortField: enumValues(PROVIDER_LINK_SORT_KEYS),
  ProviderLinkRowStatus: enumValues(ROW_STATUSES),

  Query: {
    provider: (_, { npi }, { platform }) => orNullWhenNotFound(getProvider(platform, npi)),
    providers: async (_, { npis, ...args }, { platform }) => {
      if (npis)
        return lookupPage(
          npis.length > 0 ? await lookupProviders(platform, npis) : { data: [], missing: [], invalid: [] },
        );
      return { ...toPage(await searchProviders(platform, listQuery(args))), lookup: null };
    },
    providerLinks: async (_, { organizationId, kind, sort, ...args }, { platform }) =>
      toPage(await listProviderLinks(platform, organizationId, { ...listQuery(args, sortParam(sort)), kind })),
  },

  Mutation: {
    upsertProviderLinks: (_, { organizationId, kind, links }, { platform }) =>
      batch(() => upsertProviderLinks(platform, organizationId, kind, links)),
    removeProviderLinks: (_, { organizationId, kind, npis }, { platform }) =>
      batch(() => removeProviderLinks(platform, organizationId, kind, npis)),
  },

  ProviderLink: {
    provider: (link) => (link.provider ? { npi: link.npi, ...link.provider } : null),
  },
};
