import type { RunningPlatform } from '@meridian/platform';
import { discoverConsole, signIn } from '@meridian/platform/test-support';
import { clientCredentialsTokenAt, type ToolClient } from '../../internal-tool/client-credentials.js';
import { FROM_SOURCES, startCluster, type RunningCluster as Topology } from '../../../scripts/cluster/topology.mjs';

export interface RunningCluster extends Topology {
  /**
   * nginx's error lines other than a refused connection (a stopped replica, which nginx passes over to
   * the next): why a request through nginx failed, for a failing test's message.
   */
  nginxErrors: string[];
}

/**
 * The cluster topology of `npm run start:cluster` (PostgreSQL, Redis, 2 platform and 3 gateway replicas,
 * nginx), from the sources, for one test file: started in its beforeAll, closed in its afterAll. A part
 * that does not get ready fails the start with the tail of its output.
 */
export async function startTestCluster(
  options: { consoleUrl?: string; env?: Record<string, string> } = {},
): Promise<RunningCluster> {
  const started = Date.now();
  const nginxErrors: string[] = [];
  const cluster = await startCluster({
    commands: FROM_SOURCES,
    durable: false,
    log: (name, text) => {
      if (name !== 'nginx') return;
      for (const line of text.split('\n')) {
        if (line.includes('[error]') && !line.includes('(111: Connection refused)')) nginxErrors.push(line);
      }
    },
    consoleUrl: options.consoleUrl,
    // Lifecycle jobs step every 300 ms, so the jobs test takes seconds.
    env: { APP_ENV: 'testing', LOG_LEVEL: 'warn', JOB_STEP_MS: '300', ...options.env },
  });
  console.info(`[cluster] ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return Object.assign(cluster, { nginxErrors });
}

export interface GraphQLAnswer {
  status: number;
  /** The replica that answered (nginx's X-Meridian-Replica), when through nginx. */
  replica: string | null;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

/** One GraphQL request to `url` with a bearer token; never throws for an HTTP status (network errors do). */
export async function graphql(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: GraphQLAnswer['body'];
  try {
    body = JSON.parse(text) as GraphQLAnswer['body'];
  } catch {
    body = { errors: [{ message: text.slice(0, 200) }] };
  }
  return { status: response.status, replica: response.headers.get('x-meridian-replica'), body };
}

/**
 * A client-credentials token from one provider replica's own token endpoint (past nginx), so a test
 * knows which replica signed it.
 */
export const tokenFrom = (oidcUrl: string, client: ToolClient) => clientCredentialsTokenAt(`${oidcUrl}/token`, client);

/** The id of the key that signed a JWT (its header's kid). */
export const signingKeyOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A person's access token, signed in through the provider's real form at `issuer` (code + PKCE). */
export async function userToken(issuer: string, consoleUrl: string, email: string, password: string): Promise<string> {
  // The sign-in helpers want a running platform; only these fields of one are read.
  const provider = {
    issuer,
    config: { consoleUrl, consoleClientId: 'meridian-console' },
  } as unknown as RunningPlatform;
  const { tokens } = await signIn(provider, await discoverConsole(provider), email, { password });
  return tokens.access_token;
}
