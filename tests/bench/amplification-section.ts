import os from 'node:os';
import { loadConfig, startPlatform } from '@meridian/platform';
import { tokenMinter } from '@meridian/platform/test-support';
import autocannon from 'autocannon';
import { benchGatewayEnv, buildGateway, startBuiltGateway, type MeasuredGatewayProcess } from './gateway-process.js';
import { formatMs, formatRatio, table, type BenchContext, type BenchSection } from './report.js';
import { median } from './statistics.js';

/** What one read-only operator sends in loops to slow everyone else. */
interface Attack {
  label: string;
  query: string;
}

/** The attack of the hardening issue: 50 organizations, each with 50 users, credentials and features. */
const HEAVY: Attack = {
  label: 'nested lists (151 platform calls)',
  query:
    'query Heavy { organizations(limit: 50) { rows { id users(limit: 50) { rows { email } } credentials { id } features { key } licenses { userLimit } } } }',
};
/** The attack of issue 28: one platform call, every user of the platform in the answer. */
const ALL_USERS: Attack = {
  label: 'all users (1 platform call)',
  query: 'query AllUsers { users(limit: 0) { rows { email name role } } }',
};
const ATTACKS = [HEAVY, ALL_USERS];
/** What another user is doing meanwhile: one small read. */
const PROBE = 'query Probe { organization(id: "acme-health") { id name status } }';

const ATTACK_LOOPS = 6;
const SECONDS = 15;

interface Figures {
  idleMedianMs: number;
  loadedMedianMs: number;
  loadedP95Ms: number;
  attackAnswers: { ok: number; refused: number };
}

const post = (url: string, token: string, query: string) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

/** One probe every PROBE_EVERY_MS: about 400 a minute, within the default rate limit of 600. */
const PROBE_EVERY_MS = 150;

/** Latencies (ms) of the probe, one request at a time at a person's pace, for `seconds`. */
async function probeLatencies(url: string, token: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await post(url, token, PROBE);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`The probe answered ${response.status}`);
    const took = performance.now() - started;
    latencies.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - took)));
  }
  return latencies;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)]!;

/** The probe's latency idle, then while ATTACK_LOOPS loops send `attack` as the read-only operator. */
async function measure(
  gateway: MeasuredGatewayProcess,
  attack: Attack,
  attacker: string,
  victim: string,
): Promise<Figures> {
  await probeLatencies(gateway.url, victim, 2);
  const idle = await probeLatencies(gateway.url, victim, 5);
  const loops = autocannon({
    url: gateway.url,
    method: 'POST',
    headers: { authorization: `Bearer ${attacker}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: attack.query }),
    connections: ATTACK_LOOPS,
    duration: SECONDS,
    workers: 1,
  });
  const loaded = await probeLatencies(gateway.url, victim, SECONDS - 1);
  const attackResult = await loops;
  return {
    idleMedianMs: median(idle),
    loadedMedianMs: median(loaded),
    loadedP95Ms: percentile(loaded, 0.95),
    attackAnswers: { ok: attackResult['2xx'], refused: attackResult.non2xx },
  };
}

/** Rows and bytes of the all-users answer, asked once (of a gateway that answers it). */
async function allUsersSize(gateway: MeasuredGatewayProcess, token: string): Promise<{ rows: number; kB: number }> {
  const response = await post(gateway.url, token, ALL_USERS.query);
  const text = await response.text();
  const rows = (JSON.parse(text) as { data?: { users?: { rows?: unknown[] } } }).data?.users?.rows?.length ?? 0;
  return { rows, kB: Buffer.byteLength(text) / 1000 };
}

const unquery = (query: string) => query.replace(/^query \w+ /, '');

/**
 * One caller's expensive queries against everyone else's latency: the same platform and gateway build,
 * with the platform-call budget off (what the gateway did before it) and at its default.
 */
export const amplificationSection: BenchSection = {
  id: 'amplification',
  async run(context: BenchContext) {
    context.log('building the gateway (tsc -b gateway/tsconfig.build.json)…');
    buildGateway();
    // Other work on the machine slows the attack and the probe alike; said beside the figures.
    const loadAtStart = os.loadavg()[0]!;
    const config = loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', PLATFORM_PORT: '0', OIDC_PORT: '0' });
    context.log('starting the platform (PGlite, the demo seed)…');
    const platform = await startPlatform(config, { logger: false });
    const rows: string[][] = [];
    let size = { rows: 0, kB: 0 };
    try {
      const tokens = tokenMinter(platform.keys, platform.config);
      const attacker = await tokens.user('viewer@meridian.test', { expiresIn: '10m' });
      const victim = await tokens.user('admin@meridian.test', { expiresIn: '10m' });
      for (const attack of ATTACKS) {
        for (const [label, budget] of [
          ['budget off (as before)', '0'],
          ['budget at its default', '60'],
        ] as const) {
          // The rate limit stays at its default here: what the budget charges it is part of the defence. The
          // operator may send documents of their own (ARBITRARY_DOCUMENTS=tools,users), as the issues did; the
          // console's OrganizationsUserFinder reaches the same list by its hash.
          const gateway = await startBuiltGateway(
            benchGatewayEnv(platform, { MAX_PLATFORM_CALLS: budget, ARBITRARY_DOCUMENTS: 'tools,users' }),
          );
          try {
            if (attack === ALL_USERS && budget === '0') size = await allUsersSize(gateway, victim);
            context.log(`${attack.label}, ${label}: probe idle, then under ${ATTACK_LOOPS} loops for ${SECONDS} s…`);
            const figures = await measure(gateway, attack, attacker, victim);
            rows.push([
              attack.label,
              label,
              formatMs(figures.idleMedianMs),
              formatMs(figures.loadedMedianMs),
              formatMs(figures.loadedP95Ms),
              formatRatio(figures.loadedMedianMs / figures.idleMedianMs),
              `${figures.attackAnswers.ok} answered, ${figures.attackAnswers.refused} refused`,
            ]);
          } finally {
            await gateway.close();
          }
        }
      }
    } finally {
      await platform.close();
    }
    return [
      '## One caller against everyone else',
      `Measured ${context.date} on ${context.machine} (load average ${loadAtStart.toFixed(1)} at the start). Command: \`${context.command}\`.`,
      [
        `Another user's small read (\`${unquery(PROBE)}\`, one every ${PROBE_EVERY_MS} ms) while the read-only`,
        `operator sends one of two attacks in ${ATTACK_LOOPS} concurrent loops for ${SECONDS} s: nested lists`,
        `(\`${unquery(HEAVY.query)}\`, 151 platform calls each unbounded), or every user of the platform in one`,
        `platform call (\`${unquery(ALL_USERS.query)}\`: ${size.rows.toLocaleString('en-US')} rows, ${Math.round(size.kB)} kB).`,
        'Same platform (PGlite, demo seed, in process) and gateway build, default rate limit (600 a minute); the',
        'budget off reproduces the gateway before the cost limit; at its default it refuses over 60 platform calls',
        'or 25,000 values (rows × fields) and charges the rate limit per 10 calls and per 100 values, an answer of',
        'all rows for the values it really held. Target: under load, the median within 2× of idle.',
      ].join('\n'),
      table(
        [
          'attack',
          'gateway',
          'idle median (ms)',
          'under load median (ms)',
          'under load p95 (ms)',
          'loaded / idle',
          'attack queries',
        ],
        rows,
      ),
    ].join('\n\n');
  },
};
