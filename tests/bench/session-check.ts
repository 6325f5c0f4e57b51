import { randomUUID } from 'node:crypto';
import type { RunningPlatform } from '@meridian/platform';
import { discoverConsole, signIn } from '@meridian/platform/test-support';
import { FLOOR_QUESTION } from './gateway-queries.js';
import { NO_RATE_LIMIT, benchGatewayEnv, startBuiltGateway, type MeasuredGatewayProcess } from './gateway-process.js';
import type { LoadSettings } from './load.js';
import type { BenchRequest, RequestLoadFigures } from './request-load.js';

/** Sessions ended before the load: what the checking gateway holds in its list while it is loaded. */
const ENDED_SESSIONS = 1000;
/** A seeded operator (the seed's password), signed in through the provider: a token with a sid. */
const SIGNED_IN = 'admin@meridian.test';

/** One load of the same question through the gateway with and without the ended-session check. */
export interface SessionCheckFigures {
  connections: number;
  checked: { load: RequestLoadFigures; cpuMsPerRequest: number };
  unchecked: { load: RequestLoadFigures; cpuMsPerRequest: number };
}

type LoadWithCpu = (
  loaded: readonly [BenchRequest, MeasuredGatewayProcess][],
  settings: LoadSettings,
) => Promise<{ load: RequestLoadFigures; cpuMsPerRequest: number }[]>;

/** A person's access token from the provider's real sign-in (so it carries a sid, as the console's do). */
async function personToken(platform: RunningPlatform): Promise<string> {
  const { tokens } = await signIn(platform, await discoverConsole(platform), SIGNED_IN, {
    password: platform.config.seedPassword,
  });
  return tokens.access_token;
}

const request = (gateway: MeasuredGatewayProcess, token: string): BenchRequest => ({
  url: `${gateway.origin}/graphql`,
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ query: FLOOR_QUESTION.graphql }),
});

/**
 * The ended-session check's cost (issue 29): two gateways in front of one platform, identical but for
 * SESSION_REVOCATION_CHECK, loaded in turn with the smallest question and a person's token (with a
 * sid: tools' tokens have none, and skip the lookup). The checking one follows the feed every 250 ms
 * meanwhile and holds ENDED_SESSIONS ended sessions, so its CPU per answer includes its polling too.
 */
export async function measureSessionCheck(
  platform: RunningPlatform,
  load: LoadSettings,
  loadWithCpu: LoadWithCpu,
  log: (message: string) => void,
): Promise<SessionCheckFigures[]> {
  await platform.db.query('INSERT INTO session_revocations (sid) SELECT unnest($1::text[])', [
    Array.from({ length: ENDED_SESSIONS }, () => randomUUID()),
  ]);
  const started: MeasuredGatewayProcess[] = [];
  // A person sends the bench's own query, not one of the console's trusted documents.
  const env = { ...NO_RATE_LIMIT, ARBITRARY_DOCUMENTS: 'tools,users' };
  try {
    const checked = await startBuiltGateway(benchGatewayEnv(platform, env));
    started.push(checked);
    const unchecked = await startBuiltGateway(benchGatewayEnv(platform, { ...env, SESSION_REVOCATION_CHECK: 'false' }));
    started.push(unchecked);
    const figures: SessionCheckFigures[] = [];
    for (const connections of [1, 10]) {
      log(`ended-session check: ${FLOOR_QUESTION.label}, ${connections} connection(s), with and without, in turn…`);
      // Tokens live 5 minutes: a fresh sign-in for each load.
      const token = await personToken(platform);
      for (const gateway of [checked, unchecked]) await expectAnswered(request(gateway, token));
      const [withCheck, withoutCheck] = await loadWithCpu(
        [
          [request(checked, token), checked],
          [request(unchecked, token), unchecked],
        ],
        { ...load, connections },
      );
      figures.push({ connections, checked: withCheck!, unchecked: withoutCheck! });
    }
    return figures;
  } finally {
    for (const gateway of started.reverse()) await gateway.close();
  }
}

/** One request before the load: a refusal would be loaded instead of the question. */
async function expectAnswered(bench: BenchRequest): Promise<void> {
  const response = await fetch(bench.url, { method: bench.method, headers: bench.headers, body: bench.body! });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"errors"'))
    throw new Error(`${bench.url} answered ${response.status}: ${text.slice(0, 300)}`);
}

const ms = (value: number) => value.toFixed(3);
const signedPercent = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;

/** The figures as the report's table. */
export function renderSessionCheck(figures: readonly SessionCheckFigures[]): string {
  const rows = figures.map(({ connections, checked, unchecked }) =>
    [
      connections,
      `${Math.round(checked.load.requestsPerSecond)} / ${Math.round(unchecked.load.requestsPerSecond)}`,
      `${checked.load.meanLatencyMs.toFixed(2)} / ${unchecked.load.meanLatencyMs.toFixed(2)}`,
      ms(checked.load.meanLatencyMs - unchecked.load.meanLatencyMs),
      `${ms(checked.cpuMsPerRequest)} / ${ms(unchecked.cpuMsPerRequest)}`,
      signedPercent(checked.cpuMsPerRequest / unchecked.cpuMsPerRequest - 1),
    ].join(' | '),
  );
  return [
    '### The ended-session check',
    [
      `Two gateways in front of the same platform, the same build and settings but \`SESSION_REVOCATION_CHECK\`, loaded in turn`,
      `with ${FLOOR_QUESTION.label} and a person's token from the provider's sign-in (${SIGNED_IN}; its \`sid\` is looked up`,
      `on every request, after the verified-token cache). The checking gateway follows the platform's feed of ended sessions`,
      `every 250 ms throughout and holds ${ENDED_SESSIONS.toLocaleString('en')} ended sessions; its CPU per answer includes that polling.`,
      'Latency: the mean (Little’s law); CPU: the process’s user and system time over the load, per answer.',
    ].join('\n'),
    [
      '| connections | req/s with / without | mean latency ms with / without | added latency ms | CPU ms per request with / without | CPU added |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => `| ${row} |`),
    ].join('\n'),
  ].join('\n\n');
}
