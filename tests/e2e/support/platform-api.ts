import { inject } from 'vitest';

/** The internal tools' client (README): acts as Meridian Admin through the client-credentials grant. */
const CLI_CLIENT = { id: 'meridian-cli', secret: 'meridian-cli-local-secret' };

/** An access token for the platform's REST API as the internal tools' client. */
export async function toolToken(): Promise<string> {
  const { issuer } = inject('product');
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLI_CLIENT.id}:${CLI_CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api_access' }),
  });
  if (!response.ok) throw new Error(`The token endpoint answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface SeededUser {
  email: string;
  name: string;
  role: string;
  active: boolean;
}

/** Users of an organization as the REST API lists them (GET /user). */
export async function usersOf(organizationId: string): Promise<SeededUser[]> {
  const { restUrl } = inject('product');
  const response = await fetch(`${restUrl}/user?organizationId=${encodeURIComponent(organizationId)}&limit=0`, {
    headers: { authorization: `Bearer ${await toolToken()}` },
  });
  if (!response.ok) throw new Error(`GET /user answered ${response.status}`);
  return ((await response.json()) as { data: SeededUser[] }).data;
}
