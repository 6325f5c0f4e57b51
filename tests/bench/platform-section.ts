import { loadConfig, startPlatform } from '@meridian/platform';
import { measureOnEachDatabase, type BenchDatabase } from './databases.js';
import { DEFAULT_LOAD, loadEndpoint, type LoadFigures, type LoadSettings } from './load.js';
import {
  formatCount,
  formatMs,
  formatRatio,
  formatSeconds,
  table,
  type BenchContext,
  type BenchSection,
} from './report.js';
import { timed } from './statistics.js';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';

/** A name fragment common in the seeded names (Maria, Mark, Marcus, Martin, Martinez, …). */
const SEARCH_FRAGMENT = 'mar';

interface Endpoint {
  label: string;
  path: string;
  /** Sent without a token. */
  public?: boolean;
}

/** The small organization's first page: what every other row is compared with. */
const BASELINE: Endpoint = {
  label: 'first page of a small organization (acme-health)',
  path: '/user?organizationId=acme-health&limit=50',
};

const ENDPOINTS: Endpoint[] = [
  { label: 'GET /healthz: the HTTP floor, no database', path: '/healthz', public: true },
  BASELINE,
  { label: 'first page of 100,000 users (scale-health)', path: '/user?organizationId=scale-health&limit=50' },
  {
    label: `search "${SEARCH_FRAGMENT}" among 100,000 users`,
    path: `/user?organizationId=scale-health&limit=50&search=${SEARCH_FRAGMENT}`,
  },
];

interface EndpointFigures extends LoadFigures {
  endpoint: Endpoint;
  /** Records the endpoint matched (`total` of a list), when it is a list. */
  total: number | undefined;
}

interface PlatformFigures {
  database: BenchDatabase;
  firstStartSeconds: number;
  restartSeconds: number;
  endpoints: EndpointFigures[];
}

/** One GET before the load: it must answer 200, and a list tells how many records it matched. */
async function probe(url: string, headers: Record<string, string>): Promise<number | undefined> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { total?: unknown };
  return typeof body.total === 'number' ? body.total : undefined;
}

async function measureOn(
  database: BenchDatabase,
  load: LoadSettings,
  log: (message: string) => void,
): Promise<PlatformFigures> {
  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    PLATFORM_PORT: '0',
    OIDC_PORT: '0',
    ...database.env,
  });
  log(`${database.label}: first start (migrations and seed, 100,000 users included)…`);
  const first = await timed(() => startPlatform(config, { seedScale: true, logger: false }));
  await first.result.close();
  log(`${database.label}: restart on the seeded data…`);
  const restart = await timed(() => startPlatform(config, { seedScale: true, logger: false }));
  const platform = restart.result;
  try {
    const token = await clientCredentialsToken(platform.issuer, {
      id: config.cliClientId,
      secret: config.cliClientSecret,
    });
    const endpoints: EndpointFigures[] = [];
    for (const endpoint of ENDPOINTS) {
      const url = `${platform.restUrl}${endpoint.path}`;
      const headers: Record<string, string> = endpoint.public ? {} : { authorization: `Bearer ${token}` };
      const total = await probe(url, headers);
      log(`${database.label}: ${endpoint.label}…`);
      endpoints.push({ endpoint, total, ...(await loadEndpoint(url, headers, load)) });
    }
    return { database, firstStartSeconds: first.seconds, restartSeconds: restart.seconds, endpoints };
  } finally {
    await platform.close();
  }
}

function renderFigures(figures: PlatformFigures): string {
  const baseline = figures.endpoints.find(({ endpoint }) => endpoint === BASELINE)!;
  const loadTable = table(
    ['GET', 'records matched', 'median latency (ms)', 'p99 (ms)', 'req/s', 'latency vs. small org'],
    figures.endpoints.map(({ endpoint, total, latencyMs, p99Ms, requestsPerSecond }) => [
      `${endpoint.label}<br>\`${endpoint.path}\``,
      total === undefined ? '–' : formatCount(total),
      formatMs(latencyMs),
      formatMs(p99Ms),
      formatCount(requestsPerSecond),
      formatRatio(latencyMs / baseline.latencyMs),
    ]),
  );
  const startTable = table(
    ['start', 'seconds'],
    [
      [
        'first start on an empty database: migrations, seed (100,000 users included), listening',
        formatSeconds(figures.firstStartSeconds),
      ],
      ['restart on the seeded database', formatSeconds(figures.restartSeconds)],
      ['seed alone (first start − restart)', formatSeconds(figures.firstStartSeconds - figures.restartSeconds)],
    ],
  );
  return [`### ${figures.database.label}`, `Command: \`${figures.database.command}\``, loadTable, startTable].join(
    '\n\n',
  );
}

/** The platform's REST API in process (`startPlatform`), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. */
export const platformSection: BenchSection = {
  id: 'platform',
  async run(context: BenchContext) {
    const load = DEFAULT_LOAD;
    const rendered = await measureOnEachDatabase(context.command, async (database) =>
      renderFigures(await measureOn(database, load, context.log)),
    );
    return [
      '## Platform REST API',
      `Measured ${context.date} on ${context.machine}.`,
      `The platform started in process (\`startPlatform\` with the 100,000-user organization), loaded with ${load.connections} connections, ${load.runs} runs of ${load.durationSeconds} s after a ${load.warmupSeconds} s warm-up; each figure is the median of the runs. The client-credentials client (Meridian Admin) calls the REST API with its token, as the gateway would.`,
      ...rendered,
    ].join('\n\n');
  },
};
