import type { ProviderLinkKind } from '@meridian/schema';
import type { ListResult, PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestQuery, RestRequest, RestRow } from '../../platform/rest-types.js';
import { listOf } from '../common/platform.js';

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
  return platform.call('getProvider', { path: { npi } });
}

export async function searchProviders(
  platform: PlatformClient,
  query: RestQuery<'listProviders'>,
): Promise<ListResult<RestProvider>> {
  return listOf(await platform.call('listProviders', { query }));
}

/** One call for the whole batch (up to 5,000 NPIs). */
export function lookupProviders(
  platform: PlatformClient,
  npis: RestRequest<'lookupProviders'>['npis'],
): Promise<RestProviderLookup> {
  return platform.call('lookupProviders', { body: { npis } });
}

export async function listProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  query: RestQuery<'listProviderLinks'>,
): Promise<ListResult<RestProviderLink>> {
  return listOf(await platform.call('listProviderLinks', { path: { id: organizationId }, query }));
}

export function upsertProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  kind: ProviderLinkKind,
  links: RestRequest<'upsertProviderLinks'>['links'],
): Promise<RestUpsertAnswer> {
  return platform.call('upsertProviderLinks', { path: { id: organizationId }, body: { kind, links } });
}

export function removeProviderLinks(
  platform: PlatformClient,
  organizationId: string,
  kind: ProviderLinkKind,
  npis: RestRequest<'removeProviderLinks'>['npis'],
): Promise<RestRemoveAnswer> {
  return platform.call('removeProviderLinks', { path: { id: organizationId }, body: { kind, npis } });
}
