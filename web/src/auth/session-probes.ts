import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import { trustedHashOf } from '../apollo/links.js';
import { graphql } from '../gql/index.js';
import { gatewayVerdictOf, type GatewayVerdict } from './session-ended.js';
import type { RefreshOutcome } from './session-watch.js';

/**
 * A refresh-token grant: the provider refuses it (invalid_grant) once the session was ended at the
 * provider, the token revoked, the user deactivated or the sign-in expired. Anything else (network,
 * provider down) says nothing about the session.
 */
export async function refreshTokens(
  userManager: Pick<UserManager, 'getUser' | 'signinSilent'>,
): Promise<RefreshOutcome> {
  const user = await userManager.getUser();
  if (!user) return 'refused';
  if (!user.refresh_token) return 'unavailable';
  try {
    await userManager.signinSilent();
    return 'renewed';
  } catch (error) {
    return error instanceof ErrorResponse && error.error === 'invalid_grant' ? 'refused' : 'unavailable';
  }
}

/** The smallest question the gateway answers only for an active, known user (a trusted document). */
const SessionCheckQuery = graphql(`
  query SessionCheck {
    viewer {
      email
    }
  }
`);

/** Asks the gateway, outside Apollo (nothing cached, no error link), about an access token. */
export async function checkGateway(
  gatewayUrl: string,
  accessToken: string | null,
  fetchGateway: typeof fetch = fetch,
): Promise<GatewayVerdict> {
  if (!accessToken) return 'unauthenticated';
  try {
    const response = await fetchGateway(gatewayUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${accessToken}`,
      },
      // By its hash alone, as the console sends every operation (trusted documents).
      body: JSON.stringify({
        operationName: 'SessionCheck',
        extensions: { persistedQuery: { version: 1, sha256Hash: trustedHashOf(SessionCheckQuery) } },
      }),
    });
    return gatewayVerdictOf(response.status, await response.text());
  } catch {
    return 'unreachable';
  }
}
