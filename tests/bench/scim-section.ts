import { randomUUID } from 'node:crypto';
import { loadConfig, startPlatform, type RunningPlatform } from '@meridian/platform';
import { measureOnEachDatabase, type BenchDatabase } from './databases.js';
import { formatCount, formatRatio, formatSeconds, table, type BenchContext, type BenchSection } from './report.js';
import { median } from './statistics.js';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';

/** Users created by each API, one request at a time: a directory's first sync of a department. */
const PROVISIONED = 1_000;
/** Lookups by each API, each of a different person among the 100,000. */
const LOOKUPS = 1_000;
/** Unmeasured requests of each kind first (JIT, connection pools, the planner's caches). */
const WARMUP = 25;
/** The small organization the users are provisioned into (no SSO connection: both APIs send the invitation). */
const PROVISIONING_ORGANIZATION = 'acme-health';
/** The seed's 100,000-user organization (startPlatform with seedScale). */
const SCALE_ORGANIZATION = 'scale-health';
/** Far above what the run adds, so the user limit never refuses and is still checked as always. */
const USER_LIMIT = 1_000_000;
const SCIM_JSON = 'application/scim+json';
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** Latencies of one kind of request, in the order sent. */
interface Series {
  label: string;
  path: string;
  ms: number[];
}

interface ScimFigures {
  database: BenchDatabase;
  provisioning: [rest: Series, scim: Series];
  lookup: [restRead: Series, restList: Series, scim: Series];
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

/** One request, timed from sending to the last byte of the answer; any other status than `expected` stops the bench. */
async function timedRequest(url: string, init: RequestInit, expected: number): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}, not ${expected}: ${body}`);
  }
  return { ms, body };
}

async function createScimToken(platform: RunningPlatform, operatorToken: string, organizationId: string) {
  const { body } = await timedRequest(
    `${platform.restUrl}/organization/${organizationId}/scim-tokens`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'bench' }),
    },
    201,
  );
  return (JSON.parse(body) as { token: string }).token;
}

/**
 * Creates `count` people through each API in turns (which goes first alternates), so that the
 * machine's other load falls on both alike. REST: the console's POST /user without a password (the
 * person is invited). SCIM: Entra ID's create, in the shape of Microsoft's published request
 * ("Develop a sample SCIM endpoint": schemas, externalId, userName, active, emails, meta, name, roles []).
 */
async function provision(
  platform: RunningPlatform,
  tokens: { operator: string; scim: string },
  domain: string,
  rounds: { first: number; count: number },
  into: [rest: Series, scim: Series] | undefined,
): Promise<void> {
  const rest = async (n: number) => {
    const email = `bench.rest.${n}@${domain}`;
    return timedRequest(
      `${platform.restUrl}/user?organizationId=${PROVISIONING_ORGANIZATION}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.operator}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Rest Person${n}`, email, role: 'orgUser' }),
      },
      201,
    );
  };
  const scim = async (n: number) => {
    const email = `bench.scim.${n}@${domain}`;
    return timedRequest(
      `${platform.restUrl}/scim/v2/Users`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.scim}`, 'content-type': SCIM_JSON },
        body: JSON.stringify({
          schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
          externalId: randomUUID(),
          userName: email,
          active: true,
          emails: [{ primary: true, type: 'work', value: email }],
          meta: { resourceType: 'User' },
          name: { formatted: `Scim Person${n}`, familyName: `Person${n}`, givenName: 'Scim' },
          roles: [],
        }),
      },
      201,
    );
  };
  for (let n = rounds.first; n < rounds.first + rounds.count; n++) {
    const kinds = n % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const kind of kinds) {
      const { ms } = await (kind === 0 ? rest(n) : scim(n));
      into?.[kind].ms.push(ms);
    }
  }
}

/** One person's lookup through each API, checked to have found exactly that person. */
function lookups(platform: RunningPlatform, tokens: { operator: string; scim: string }) {
  const operator = { authorization: `Bearer ${tokens.operator}` };
  const scim = { authorization: `Bearer ${tokens.scim}`, accept: SCIM_JSON };
  const found = (what: string, email: string, ok: boolean) => {
    if (!ok) throw new Error(`${what} did not answer exactly ${email}`);
  };
  return [
    async (email: string) => {
      const { ms, body } = await timedRequest(
        `${platform.restUrl}/user/email/${encodeURIComponent(email)}`,
        { headers: operator },
        200,
      );
      found('GET /user/email', email, (JSON.parse(body) as { email: string }).email === email);
      return ms;
    },
    async (email: string) => {
      const { ms, body } = await timedRequest(
        `${platform.restUrl}/user?organizationId=${SCALE_ORGANIZATION}&email=${encodeURIComponent(email)}`,
        { headers: operator },
        200,
      );
      const list = JSON.parse(body) as { total: number; data: { email: string }[] };
      found('GET /user?email', email, list.total === 1 && list.data[0]?.email === email);
      return ms;
    },
    async (email: string) => {
      const filter = encodeURIComponent(`userName eq "${email}"`);
      const { ms, body } = await timedRequest(
        `${platform.restUrl}/scim/v2/Users?filter=${filter}`,
        { headers: scim },
        200,
      );
      const list = JSON.parse(body) as { totalResults: number; Resources: { userName: string }[] };
      found('SCIM userName eq', email, list.totalResults === 1 && list.Resources[0]?.userName === email);
      return ms;
    },
  ] as const;
}

async function measureOn(database: BenchDatabase, log: (message: string) => void): Promise<ScimFigures> {
  const config = loadConfig({
    APP_ENV: 'testing',
    LOG_LEVEL: 'silent',
    PLATFORM_PORT: '0',
    OIDC_PORT: '0',
    // The bench measures the service's own time: 2,000 requests in seconds would meet the token's budget.
    SCIM_RATE_LIMIT_PER_MINUTE: '0',
    ...database.env,
  });
  log(`${database.label}: starting the platform (migrations and seed, 100,000 users included)…`);
  const platform = await startPlatform(config, { seedScale: true, logger: false });
  try {
    const db = platform.db;
    await db.query(
      `UPDATE organizations SET licenses = jsonb_set(licenses, '{user_limit}', to_jsonb($2::int)) WHERE id = ANY($1)`,
      [[PROVISIONING_ORGANIZATION, SCALE_ORGANIZATION], USER_LIMIT],
    );
    const { rows } = await db.query<{ domain: string; sso: boolean }>(
      `SELECT o.domain[1] AS domain, EXISTS (SELECT 1 FROM organization_sso AS s WHERE s.organization_id = o.id) AS sso
         FROM organizations AS o WHERE o.id = $1`,
      [PROVISIONING_ORGANIZATION],
    );
    const { domain, sso } = rows[0]!;
    // With SSO a SCIM create sends no invitation, the REST one would: not the same work.
    if (sso) throw new Error(`${PROVISIONING_ORGANIZATION} has an SSO connection; the comparison expects none`);
    const operator = await clientCredentialsToken(platform.issuer, {
      id: config.cliClientId,
      secret: config.cliClientSecret,
    });

    const provisionTokens = { operator, scim: await createScimToken(platform, operator, PROVISIONING_ORGANIZATION) };
    const provisioning: ScimFigures['provisioning'] = [
      { label: 'REST (the console’s create)', path: `POST /user?organizationId=${PROVISIONING_ORGANIZATION}`, ms: [] },
      { label: 'SCIM (Entra ID’s create)', path: 'POST /scim/v2/Users', ms: [] },
    ];
    log(`${database.label}: provisioning ${formatCount(PROVISIONED)} users through each API, one at a time…`);
    await provision(platform, provisionTokens, domain, { first: 0, count: WARMUP }, undefined);
    await provision(platform, provisionTokens, domain, { first: WARMUP, count: PROVISIONED }, provisioning);

    const lookupTokens = { operator, scim: await createScimToken(platform, operator, SCALE_ORGANIZATION) };
    // Different people in an order unrelated to their emails; each API looks up the same ones.
    const targets = (
      await db.query<{ email: string }>(
        `SELECT email FROM users WHERE organization_id = $1 ORDER BY scim_id LIMIT $2`,
        [SCALE_ORGANIZATION, WARMUP + LOOKUPS],
      )
    ).rows.map((row) => row.email);
    const lookup: ScimFigures['lookup'] = [
      { label: 'REST read of one user', path: 'GET /user/email/<email>', ms: [] },
      { label: 'REST list, exact email', path: `GET /user?organizationId=${SCALE_ORGANIZATION}&email=<email>`, ms: [] },
      { label: 'SCIM filter', path: 'GET /scim/v2/Users?filter=userName eq "<email>"', ms: [] },
    ];
    log(`${database.label}: looking up ${formatCount(LOOKUPS)} of the 100,000 users through each API…`);
    const requests = lookups(platform, lookupTokens);
    for (const [index, email] of targets.entries()) {
      // Which API goes first rotates, as in provisioning.
      for (let turn = 0; turn < requests.length; turn++) {
        const kind = (index + turn) % requests.length;
        const ms = await requests[kind]!(email);
        if (index >= WARMUP) lookup[kind]!.ms.push(ms);
      }
    }
    return { database, provisioning, lookup };
  } finally {
    await platform.close();
  }
}

const formatLatency = (ms: number) => ms.toFixed(1);

function seriesTable(series: readonly Series[], baseline: Series, versus: string, withTotal: boolean): string {
  const baselineMedian = median(baseline.ms);
  return table(
    [
      'request',
      'requests',
      'median (ms)',
      'p95 (ms)',
      ...(withTotal ? ['all of them (s)'] : []),
      `median vs. ${versus}`,
    ],
    series.map(({ label, path, ms }) => [
      `${label}<br>\`${path}\``,
      formatCount(ms.length),
      formatLatency(median(ms)),
      formatLatency(percentile(ms, 0.95)),
      ...(withTotal ? [formatSeconds(ms.reduce((sum, one) => sum + one, 0) / 1000)] : []),
      formatRatio(median(ms) / baselineMedian),
    ]),
  );
}

function render(figures: ScimFigures): string {
  return [
    `### ${figures.database.label}`,
    `Command: \`${figures.database.command}\``,
    `Provisioning ${formatCount(PROVISIONED)} users into ${PROVISIONING_ORGANIZATION}, one request at a time:`,
    seriesTable(figures.provisioning, figures.provisioning[0], 'REST', true),
    `Looking up one of the 100,000 users of ${SCALE_ORGANIZATION} (a different one each time, the same ones through each API):`,
    seriesTable(figures.lookup, figures.lookup[0], 'REST read', false),
  ].join('\n\n');
}

/** The SCIM service against the REST API's own create and lookup, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. */
export const scimSection: BenchSection = {
  id: 'scim',
  async run(context: BenchContext) {
    const rendered = await measureOnEachDatabase(context.command, async (database) =>
      render(await measureOn(database, context.log)),
    );
    return [
      '## SCIM 2.0 provisioning',
      `Measured ${context.date} on ${context.machine}.`,
      `The platform started in process (\`startPlatform\` with the 100,000-user organization), its organizations' user limits raised to ${formatCount(USER_LIMIT)}. Every request is sent alone and timed from sending to the last byte of its answer, as a directory syncing one person after another does: no concurrency, so a figure is the platform's own time per request plus loopback. The APIs take turns request by request (which goes first alternates), after ${WARMUP} unmeasured requests of each, so the machine's other load falls on both alike. REST calls carry the client-credentials token (Meridian Admin); SCIM calls the organization's SCIM token, made through \`POST /organization/<id>/scim-tokens\`.`,
      `**Provisioning**: SCIM \`POST /Users\` with Entra ID's create body (its published shape: both schemas, externalId, userName, active, emails, name, \`roles: []\`) against the console's \`POST /user\` with name, email and role; neither has a password and the organization has no SSO connection, so both create the person, send the invitation and audit it. Entra asks \`filter=userName eq\` before each create: that is the lookup below.`,
      `**Lookup**: \`filter=userName eq "<email>"\` against the REST read of one user (\`GET /user/email/<email>\`, with its organization's summary) and the REST list filtered to one exact email; each answer is checked to be exactly that person.`,
      ...rendered,
    ].join('\n\n');
  },
};
