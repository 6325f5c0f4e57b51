/** An internal tool's client (client credentials): the seeded one is `meridian-cli` (README). */
export interface ToolClient {
  id: string;
  secret: string;
}

/** An access token from `tokenEndpoint` by the client-credentials grant (HTTP Basic, as the provider asks). */
export async function clientCredentialsTokenAt(
  tokenEndpoint: string,
  client: ToolClient,
  scope = 'api_access',
): Promise<string> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token) {
    throw new Error(
      `${tokenEndpoint} answered ${response.status}: ${body.error ?? ''} ${body.error_description ?? ''}`,
    );
  }
  return body.access_token;
}

/** An internal tool's access token: the client-credentials grant at the token endpoint the issuer's discovery names. */
export async function clientCredentialsToken(
  issuer: string,
  client: ToolClient,
  scope = 'api_access',
): Promise<string> {
  const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!discovery.ok) throw new Error(`Discovery at ${issuer} answered ${discovery.status}`);
  const { token_endpoint: tokenEndpoint } = (await discovery.json()) as { token_endpoint: string };
  return clientCredentialsTokenAt(tokenEndpoint, client, scope);
}
