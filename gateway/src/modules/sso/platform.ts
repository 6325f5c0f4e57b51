import type { PlatformClient } from '../../platform/client-types.js';
import type { RestBody, RestRequest } from '../../platform/rest-types.js';

/** An organization's single sign-on connection as the platform answers it: never its client secret. */
export type RestSsoConnection = NonNullable<RestBody<'getOrganizationSso'>['connection']>;
/** A protocol as the platform names it: oidc, saml. */
export type RestSsoProtocol = RestSsoConnection['protocol'];
/** A connection as an operator sets (or tests) it, in the platform's words. */
export type RestSsoConnectionInput = RestRequest<'setOrganizationSso'>;
/** What checking a connection found. */
export type RestSsoConnectionTest = RestBody<'testOrganizationSso'>;
/** What the customer's IT enters at their identity provider, saved or not. */
export type RestSsoServiceProvider = RestBody<'getOrganizationSso'>['serviceProvider'];
/** What the organization's sign-in settings would change, counted by the platform. */
export type RestSignInImpact = RestBody<'getOrganizationSignInImpact'>;

/** A test sign-in begun: the provider's URL and the state its result is read by. */
export type RestSsoTestSignInStart = RestBody<'startOrganizationSsoTestSignIn'>;
/** A test sign-in's result, for the operator who started it. */
export type RestSsoTestSignIn = RestBody<'organizationSsoTestSignIn'>;
/** What Meridian would do with a test's identity: sign-in, create, refuse. */
export type RestSsoTestOutcome = NonNullable<RestSsoTestSignIn['preview']>['outcome'];
/** Who would ask for the second factor: provider, meridian, none. */
export type RestSsoTestSecondFactor = NonNullable<NonNullable<RestSsoTestSignIn['preview']>['secondFactor']>;

/** The protocols the platform answers, each a value of the SsoProtocol enum. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const satisfies readonly RestSsoProtocol[];
/** The outcomes and second-factor answers of a test sign-in, each a value of its enum. */
export const SSO_TEST_OUTCOMES = ['sign-in', 'create', 'refuse'] as const satisfies readonly RestSsoTestOutcome[];
export const SSO_TEST_SECOND_FACTORS = [
  'provider',
  'meridian',
  'none',
] as const satisfies readonly RestSsoTestSecondFactor[];

/** The organization's connection, or null when its people sign in with Meridian passwords. */
export async function getOrganizationSso(
  platform: PlatformClient,
  organizationId: string,
): Promise<RestSsoConnection | null> {
  return (await platform.call('getOrganizationSso', { path: { id: organizationId } })).connection;
}

/** Meridian's side of a connection, from the same read as the connection (made once per request). */
export async function getSsoServiceProvider(
  platform: PlatformClient,
  organizationId: string,
): Promise<RestSsoServiceProvider> {
  return (await platform.call('getOrganizationSso', { path: { id: organizationId } })).serviceProvider;
}

/** Whom the organization's sign-in settings would touch, counted now. */
export function getSignInImpact(platform: PlatformClient, organizationId: string): Promise<RestSignInImpact> {
  return platform.call('getOrganizationSignInImpact', { path: { id: organizationId } });
}

/** Sets (or replaces) the connection; a 400 names the field to fix, a 409 says which domain is in the way. */
export async function setOrganizationSso(
  platform: PlatformClient,
  organizationId: string,
  input: RestSsoConnectionInput,
): Promise<RestSsoConnection | null> {
  return (await platform.call('setOrganizationSso', { path: { id: organizationId }, body: input })).connection;
}

/** Removes the connection (204); 404 when there is none. */
export async function removeOrganizationSso(platform: PlatformClient, organizationId: string): Promise<void> {
  await platform.call('removeOrganizationSso', { path: { id: organizationId } });
}

/** Reads the OIDC discovery document or the SAML metadata, saving nothing. */
export function testOrganizationSso(
  platform: PlatformClient,
  organizationId: string,
  input: RestSsoConnectionInput,
): Promise<RestSsoConnectionTest> {
  return platform.call('testOrganizationSso', { path: { id: organizationId }, body: input });
}

/** Starts a test sign-in through the saved connection: the provider's sign-in URL to open. */
export function startOrganizationSsoTestSignIn(
  platform: PlatformClient,
  organizationId: string,
): Promise<RestSsoTestSignInStart> {
  return platform.call('startOrganizationSsoTestSignIn', { path: { id: organizationId } });
}

/** A test sign-in's result (404 unless the caller started it). */
export function getOrganizationSsoTestSignIn(
  platform: PlatformClient,
  organizationId: string,
  state: string,
): Promise<RestSsoTestSignIn> {
  return platform.call('organizationSsoTestSignIn', { path: { id: organizationId, state } });
}
