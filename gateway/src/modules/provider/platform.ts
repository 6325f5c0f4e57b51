import type { ProviderLinkKind } from '@meridian/schema';
import type { ListResult, PlatformClient, Query } from '../../platform/client-types.js';
import type { RestBody, RestRequest, RestRow } from '../../platform/rest-types.js';
import { segment } from '../common/platform.js';
import { organizationPath } from '../organization/platform.js';

/** A provider of the directory. */
export type RestProvider = RestBody<'getProvider'>;

/** A provider link with its provider (whose NPI is the link's). */
export type RestProviderLink = RestRow<'listProviderLinks'>;

/** POST /providers/lookup: each distinct NPI found, missing or invalid. */
export type RestProviderLookup = RestBody<'lookupProviders'>;

type RestUpsertAnswer = RestBody<'upsertProviderLinks'>;
type RestRemoveAnswer = RestBody<'removeProviderLinks'>;

/** Row outcomes of the bulk calls. */
export type RestProviderLinkRowStatus =
  RestUpsertAnswer['results'][number]['status'] | RestRemoveAnswer['results'][number]['status'];

/** Either bulk call's answer: its rows, and the counts of the outcomes it can have. */
export type RestBatchAnswer = RestUpsertAnswer | RestRemoveAnswer;

/** The counts of either bulk call, each outcome's when it has that outcome. */
export type RestBatchCounts = Partial<
  Record<keyof RestUpsertAnswer['summary'] | keyof RestRemoveAnswer['summary'], number>
>;

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
  links: RestRequest<'upsertProviderLinks'>['links'],
): Promise<RestUpsertAnswer> {
  return platform.put<RestUpsertAnswer>(linksPath(organizationId), { kind, links });
}

export function removeProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  kind: ProviderLinkKind,
  npis: RestRequest<'removeProviderLinks'>['npis'],
): Promise<RestRemoveAnswer> {
  return platform.post<RestRemoveAnswer>(`${linksPath(organizationId)}/remove`, { kind, npis });
}
