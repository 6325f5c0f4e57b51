import * as client from 'openid-client';
import { discoverOidc, type ClientSettings } from './oidc.js';
import { outboundFailureAside } from '../outbound/failure.js';
import { causes, isTokenEndpointError, shorten, tokenError } from './oidc-refusals.js';
import { SsoConfigProblem, type SsoTransport } from './types.js';

/**
 * The console's "Test connection" for OpenID Connect (issue 39): the discovery document is read anew,
 * the provider offers what Meridian uses, and the client's credentials are proven at the token
 * endpoint. The proof is a deliberately invalid authorization code: a provider authenticates the
 * client before it looks at the grant (RFC 6749 §3.2.1), so `invalid_grant` means the client id and
 * secret were accepted and `invalid_client` that they were not, and no one is signed in. Answers in
 * words, never throws for the provider's sake.
 */
export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

/** What Meridian needs that the metadata says the provider lacks (absent lists are the spec's defaults). */
function missingCapability(metadata: client.ServerMetadata): string | undefined {
  const listed = (values: readonly string[] | undefined) => (values?.length ? values.join(', ') : 'none');
  if (!metadata.authorization_endpoint) return 'publishes no authorization_endpoint.';
  if (!metadata.token_endpoint) return 'publishes no token_endpoint.';
  if (!metadata.jwks_uri)
    return 'publishes no jwks_uri: Meridian verifies every ID token against the keys the provider publishes there.';
  if (!metadata.response_types_supported?.includes('code'))
    return `does not offer the authorization code flow (response_types_supported: ${listed(metadata.response_types_supported)}).`;
  if (metadata.grant_types_supported && !metadata.grant_types_supported.includes('authorization_code'))
    return `does not offer the authorization_code grant (grant_types_supported: ${listed(metadata.grant_types_supported)}).`;
  if (metadata.scopes_supported && !metadata.scopes_supported.includes('openid'))
    return `does not offer the openid scope (scopes_supported: ${listed(metadata.scopes_supported)}).`;
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256'))
    return `does not offer S256 PKCE (code_challenge_methods_supported: ${listed(metadata.code_challenge_methods_supported)}).`;
  const auth = metadata.token_endpoint_auth_methods_supported;
  if (auth && !auth.includes('client_secret_basic') && !auth.includes('client_secret_post'))
    return `does not accept a client secret (token_endpoint_auth_methods_supported: ${listed(auth)}).`;
  return undefined;
}

/** A code no provider issued: what the token endpoint says of it tells whether it accepted the client. */
const PROBE_CODE_PREFIX = 'meridian-connection-test-';

/** What the token endpoint says of Meridian's client id and secret. */
async function checkCredentials(
  configuration: client.Configuration,
  clientId: string,
  redirectUri: string,
): Promise<ConnectionCheck> {
  const tokenEndpoint = configuration.serverMetadata().token_endpoint;
  try {
    await client.genericGrantRequest(configuration, 'authorization_code', {
      code: `${PROBE_CODE_PREFIX}${client.randomState()}`,
      redirect_uri: redirectUri,
      code_verifier: client.randomPKCECodeVerifier(),
    });
  } catch (error) {
    if (!isTokenEndpointError(error)) {
      const network = causes(error).some((link) => link instanceof TypeError && link.message === 'fetch failed');
      return {
        ok: false,
        message: network
          ? `Its token endpoint ${tokenEndpoint} could not be reached${outboundFailureAside(error)}, so Meridian's client ID and secret could not be checked.`
          : `Its token endpoint ${tokenEndpoint} answered in a way Meridian cannot read, so the client ID and secret could not be checked.`,
      };
    }
    const { code, description } = tokenError(error);
    const said = `${code}${description ? `: ${shorten(description)}` : ''}`;
    if (code === 'invalid_grant')
      return { ok: true, message: `Its token endpoint accepts Meridian's client ID ${clientId} and secret.` };
    if (code === 'invalid_client')
      return {
        ok: false,
        message: `Its token endpoint refused Meridian's client ID ${clientId} or its secret (${said}): enter the client secret the provider issued for this client.`,
      };
    if (code === 'unauthorized_client')
      return {
        ok: false,
        message: `Its token endpoint does not let the client ${clientId} use the authorization code grant (${said}): allow it at the provider.`,
      };
    return {
      ok: false,
      message: `Its token endpoint did not say whether it accepts Meridian's client ID and secret (${said}). Save, then use Test sign-in to prove the connection.`,
    };
  }
  // No provider should take a code it never issued: say so rather than approve it.
  return {
    ok: false,
    message: `Its token endpoint ${tokenEndpoint} exchanged a code it never issued: it cannot be trusted with sign-ins.`,
  };
}

/**
 * Discovery works, the issuer is the one entered, the provider offers what Meridian uses (code flow,
 * openid scope, S256 PKCE, published keys), and its token endpoint accepts the client's credentials.
 */
export async function checkOidcSettings(
  settings: ClientSettings,
  transport: SsoTransport,
  redirectUri: string,
): Promise<ConnectionCheck> {
  let configuration: client.Configuration;
  try {
    configuration = await discoverOidc(settings, transport, 'configure');
  } catch (error) {
    if (error instanceof SsoConfigProblem) return { ok: false, message: error.message };
    throw error;
  }
  const metadata = configuration.serverMetadata();
  const lacking = missingCapability(metadata);
  if (lacking) return { ok: false, message: `The issuer ${metadata.issuer} ${lacking}` };
  const found = `Found ${metadata.issuer}: sign-in at ${metadata.authorization_endpoint}.`;
  if (!settings.clientSecret)
    return {
      ok: false,
      message: `${found} Enter the client secret so that the test can check it at the token endpoint.`,
    };
  const credentials = await checkCredentials(configuration, settings.clientId, redirectUri);
  return { ok: credentials.ok, message: `${found} ${credentials.message}` };
}
