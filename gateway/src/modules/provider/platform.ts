import type { ProviderLinkKind } from '@meridian/schema';
import type { ListResult, PlatformClient, Query } from '../../platform/client-types.js';
import { segment } from '../common/platform.js';
import { organizationPath } from '../organization/platform.js';

/** A provider of the directory. */
export interface RestProvider {
  npi: string;
  name: string;
  specialty: string;
  city: string;
  state: string;
  zip: string;
}

/** A provider link with its provider (whose NPI is the link's). */
export interface RestProviderLink {
  npi: string;
  kind: ProviderLinkKind;
  value: string;
  updatedAt: string;
  updatedBy: string;
  provider: Omit<RestProvider, 'npi'> | null;
}

/** POST /providers/lookup: each distinct NPI found, missing or invalid. */
export interface RestProviderLookup {
  data: RestProvider[];
  missing: string[];
  invalid: { npi: string; msg: string }[];
}

/** Row outcomes of the bulk calls. */
export type RestProviderLinkRowStatus = 'created' | 'updated' | 'unchanged' | 'removed' | 'not_found' | 'error';

export interface RestBatchAnswer {
  results: { npi: string; status: RestProviderLinkRowStatus; message?: string }[];
  summary: Partial<Record<'created' | 'updated' | 'unchanged' | 'removed' | 'notFound' | 'errors', number>>;
}

export function getProvider(platform: PlatformClient, npi: string): Promise<RestProvider> {
  return platform.get<RestProvider>(`/providers/${segment(npi)}`);
}

export function searchProviders(platform: PlatformClient, query: Query): Promise<ListResult<RestProvider>> {
  return platform.list<RestProvider>('/providers', query);
}

/** One call for the whole batch (up to 5,000 NPIs). */
export function lookupProviders(platform: PlatformClient, npis: readonly string[]): Promise<RestProviderLookup> {
  return platform.post<RestProviderLookup>('/providers/lookup', { npis });
}

const linksPath = (organizationId: string) => `${organizationPath(organizationId)}/provider-links`;

/** The REST list's sort keys (platform/src/routes/provider-links.ts's allow-list). */
export type RestProviderLinkSortField = 'npi' | 'name' | 'specialty' | 'place' | 'value' | 'updatedAt' | 'updatedBy';

export function listProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  query: Query,
): Promise<ListResult<RestProviderLink>> {
  return platform.list<RestProviderLink>(linksPath(organizationId), query);
}

export function upsertProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  kind: ProviderLinkKind,
  links: readonly { npi: string; value: string }[],
): Promise<RestBatchAnswer> {
  return platform.put<RestBatchAnswer>(linksPath(organizationId), { kind, links });
}

export function removeProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  kind: ProviderLinkKind,
  npis: readonly string[],
): Promise<RestBatchAnswer> {
  return platform.post<RestBatchAnswer>(`${linksPath(organizationId)}/remove`, { kind, npis });
}
