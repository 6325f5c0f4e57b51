import { loadConfig, startPlatform, type RunningPlatform } from '@meridian/platform';
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

/** Events appended before measuring; written in batches so no one statement holds them all. */
const EVENT_COUNT = 1_000_000;
const BATCH = 100_000;
/** Distinct actors: each has EVENT_COUNT / ACTORS events (200). */
const ACTORS = 5_000;
const ACTIONS = [
  'user.update',
  'user.deactivate',
  'user.activate',
  'organization.update',
  'licenses.update',
  'sign-in',
];

/**
 * 1,000,000 events over the seeded organizations, one every 30 seconds back from now (about a year):
 * each actor acts for one organization, so an organization has ~15,000 events and an actor 200.
 */
async function appendEvents(platform: RunningPlatform, log: (message: string) => void): Promise<string[]> {
  const organizations = (await platform.db.query<{ id: string }>('SELECT id FROM organizations ORDER BY id')).rows.map(
    (row) => row.id,
  );
  for (let start = 1; start <= EVENT_COUNT; start += BATCH) {
    await platform.db.query(
      `INSERT INTO audit_events (occurred_at, actor, actor_kind, actor_role, actor_organization_id, action,
                                 organization_id, target_type, target_id, changes, request_id, client_ip)
       SELECT now() - i * interval '30 seconds', 'actor-' || (i % $3) || '@bench.test', 'user', 'orgAdmin',
              ($4::text[])[1 + (i % $3) % cardinality($4::text[])], ($5::text[])[1 + i % cardinality($5::text[])],
              ($4::text[])[1 + (i % $3) % cardinality($4::text[])], 'user', 'target-' || (i % 20000) || '@bench.test',
              jsonb_build_array(jsonb_build_object('field', 'active', 'before', true, 'after', false)),
              'bench-' || i, '203.0.113.' || (i % 250)
         FROM generate_series($1::int, $2::int) AS i`,
      [start, Math.min(start + BATCH - 1, EVENT_COUNT), ACTORS, organizations, ACTIONS],
    );
    log(`appended ${formatCount(Math.min(start + BATCH - 1, EVENT_COUNT))} events`);
  }
  await platform.db.query('ANALYZE audit_events');
  return organizations;
}

interface Endpoint {
  label: string;
  path: string;
  /** The events it filters to (counted in SQL). */
  matching: string;
  matchingParams: unknown[];
}

interface EndpointFigures extends LoadFigures {
  endpoint: Endpoint;
  matched: number;
}

interface AuditFigures {
  database: BenchDatabase;
  appendSeconds: number;
  endpoints: EndpointFigures[];
}

/** The cursor `pages` pages of `first` deep into `path`: keyset paging costs the same however deep. */
async function cursorAfter(url: string, headers: Record<string, string>, pages: number): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page++) {
    const response = await fetch(`${url}&first=1000${cursor ? `&after=${cursor}` : ''}`, { headers });
    const body = (await response.json()) as { nextCursor: string | null };
    if (!body.nextCursor) throw new Error(`${url} ended before page ${page + 1}`);
    cursor = body.nextCursor;
  }
  return cursor;
}

async function measureOn(database: BenchDatabase, load: LoadSettings, log: (message: string) => void) {
  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    PLATFORM_PORT: '0',
    OIDC_PORT: '0',
    ...database.env,
  });
  log(`${database.label}: starting the platform (seed)…`);
  const platform = await startPlatform(config, { logger: false });
  try {
    log(`${database.label}: appending ${formatCount(EVENT_COUNT)} audit events…`);
    const appended = await timed(() => appendEvents(platform, log));
    const organizations = appended.result;
    const organization = organizations[Math.floor(organizations.length / 2)]!;
    const actor = 'actor-1234@bench.test';
    const token = await clientCredentialsToken(platform.issuer, {
      id: config.cliClientId,
      secret: config.cliClientSecret,
    });
    const headers = { authorization: `Bearer ${token}` };
    const byOrganization = `/audit-events?organizationId=${organization}`;
    const deepCursor = await cursorAfter(`${platform.restUrl}${byOrganization}`, headers, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const twoMonthsAgo = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const endpoints: Endpoint[] = [
      { label: 'newest 50 of all events', path: '/audit-events?first=50', matching: 'true', matchingParams: [] },
      {
        label: `newest 50 of one organization (${organization})`,
        path: `${byOrganization}&first=50`,
        matching: 'organization_id = $1',
        matchingParams: [organization],
      },
      {
        label: 'the same organization, 10,000 events deep (cursor)',
        path: `${byOrganization}&first=50&after=${deepCursor}`,
        matching: 'organization_id = $1',
        matchingParams: [organization],
      },
      {
        label: `one organization, one action, one month (${organization}, user.deactivate)`,
        path: `${byOrganization}&action=user.deactivate&from=${twoMonthsAgo}&to=${monthAgo}&first=50`,
        matching: `organization_id = $1 AND action = 'user.deactivate' AND occurred_at >= $2 AND occurred_at < $3`,
        matchingParams: [organization, twoMonthsAgo, monthAgo],
      },
      {
        label: `newest 50 of one actor (${actor})`,
        path: `/audit-events?actor=${actor}&first=50`,
        matching: 'actor = $1',
        matchingParams: [actor],
      },
    ];
    const figures: EndpointFigures[] = [];
    for (const endpoint of endpoints) {
      const matched = (
        await platform.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_events WHERE ${endpoint.matching}`,
          endpoint.matchingParams,
        )
      ).rows[0]!.n;
      log(`${database.label}: ${endpoint.label}…`);
      figures.push({
        endpoint,
        matched,
        ...(await loadEndpoint(`${platform.restUrl}${endpoint.path}`, headers, load)),
      });
    }
    return { database, appendSeconds: appended.seconds, endpoints: figures } satisfies AuditFigures;
  } finally {
    await platform.close();
  }
}

function render(figures: AuditFigures): string {
  const baseline = figures.endpoints[0]!;
  const loadTable = table(
    ['GET /audit-events', 'events matched', 'median latency (ms)', 'p99 (ms)', 'req/s', 'latency vs. newest of all'],
    figures.endpoints.map(({ endpoint, matched, latencyMs, p99Ms, requestsPerSecond }) => [
      endpoint.label,
      formatCount(matched),
      formatMs(latencyMs),
      formatMs(p99Ms),
      formatCount(requestsPerSecond),
      formatRatio(latencyMs / Math.max(baseline.latencyMs, 1)),
    ]),
  );
  return [
    `### ${figures.database.label}`,
    `Command: \`${figures.database.command}\``,
    loadTable,
    `Appending the ${formatCount(EVENT_COUNT)} events (\`generate_series\`, ${formatCount(BATCH)} a statement, five indexes kept): ${formatSeconds(figures.appendSeconds)} s.`,
  ].join('\n\n');
}

/** The audit trail's filtered reads with a million events, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. */
export const auditSection: BenchSection = {
  id: 'audit',
  async run(context: BenchContext) {
    const load = DEFAULT_LOAD;
    const rendered = await measureOnEachDatabase(context.command, async (database) =>
      render(await measureOn(database, load, context.log)),
    );
    return [
      '## Audit trail',
      `Measured ${context.date} on ${context.machine}.`,
      `The platform started in process (\`startPlatform\`, demo seed) with ${formatCount(EVENT_COUNT)} audit events appended (one every 30 s over about a year, ${formatCount(ACTORS)} actors, each acting for one organization), then each filtered read loaded through the REST API with ${load.connections} connections, ${load.runs} runs of ${load.durationSeconds} s after a ${load.warmupSeconds} s warm-up; each figure is the median of the runs. Pages are keyset-paged on (occurred_at, id) with one index per filter, so a page deep in the trail costs what the first does.`,
      ...rendered,
    ].join('\n\n');
  },
};
