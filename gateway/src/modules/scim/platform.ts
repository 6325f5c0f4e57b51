import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody } from '../../platform/rest-types.js';

/** An organization's SCIM tokens and the base URL its directory calls, as the platform answers them. */
export type RestScimTokenList = RestBody<'listScimTokens'>;
/** One token: never the token itself, only its last four characters (hint). */
export type RestScimToken = RestScimTokenList['data'][number];
/** A token just created or rotated: the only answer that ever holds it. */
export type RestScimTokenSecret = RestBody<'createScimToken'>;

/**
 * The organization's tokens (newest first, revoked ones included) and its SCIM base URL. One GET per
 * request: the client answers a repeated GET from the request's own map, so Organization.scimTokens and
 * Organization.scimBaseUrl selected together cost one call.
 */
export function listScimTokens(platform: PlatformClient, organizationId: string): Promise<RestScimTokenList> {
  return platform.call('listScimTokens', { path: { id: organizationId } });
}

/** Creates a token (201); a 400 names the label. */
export function createScimToken(
  platform: PlatformClient,
  organizationId: string,
  label: string,
): Promise<RestScimTokenSecret> {
  return platform.call('createScimToken', { path: { id: organizationId }, body: { label } });
}

/** Replaces a token by a new one under its label (201); 404 when unknown, 400 (on id) when revoked. */
export function rotateScimToken(
  platform: PlatformClient,
  organizationId: string,
  id: string,
): Promise<RestScimTokenSecret> {
  return platform.call('rotateScimToken', { path: { id: organizationId, tokenId: id } });
}

/** Revokes a token (revoking a revoked one changes nothing); 404 when unknown. */
export function revokeScimToken(platform: PlatformClient, organizationId: string, id: string): Promise<RestScimToken> {
  return platform.call('revokeScimToken', { path: { id: organizationId, tokenId: id } });
}
