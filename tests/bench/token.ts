/** An internal tool's access token: the client-credentials grant at the token endpoint the issuer's discovery names. */
export async function clientCredentialsToken(
  issuer: string,
  client: { id: string; secret: string },
  scope = 'api_access',
): Promise<string> {
  const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!discovery.ok) throw new Error(`Discovery at ${issuer} answered ${discovery.status}`);
  const { token_endpoint: tokenEndpoint } = (await discovery.json()) as { token_endpoint: string };
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  const body = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`Token endpoint answered ${response.status}: ${body.error ?? ''} ${body.error_description ?? ''}`);
  }
  return body.access_token;
}
