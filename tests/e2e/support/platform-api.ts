import { inject } from 'vitest';
import { clientCredentialsTokenAt } from '../../internal-tool/client-credentials.js';

/** The internal tools' client (README): acts as Meridian Admin through the client-credentials grant. */
const CLI_CLIENT = { id: 'meridian-cli', secret: 'meridian-cli-local-secret' };

/** An access token for the platform's REST API as the internal tools' client. */
export function toolToken(): Promise<string> {
  return clientCredentialsTokenAt(`${inject('product').issuer}/token`, CLI_CLIENT);
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
