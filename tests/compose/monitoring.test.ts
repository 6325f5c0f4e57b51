// The monitoring files of deploy/: Prometheus's own checker and unit tests pass on the alert rules and the
// scrape configuration, and every metric the alerts and the Grafana dashboard read is one that a real
// gateway and a real platform serve at /metrics.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, migrate, startPlatform, type RunningPlatform } from '@meridian/platform';
import { freePort, openTestDatabase, seedFixture, tokenMinter } from '@meridian/platform/test-support';
import { loadComposeFile, readRepoFile, repoRoot } from './compose-file.js';
import { startGatewayProcess, type GatewayProcess } from '../e2e/support/gateway-process.js';

const ALERTS = 'deploy/prometheus/alerts.yml';
const ALERT_TESTS = 'deploy/prometheus/alerts.test.yml';
const PROMETHEUS_CONFIG = 'deploy/prometheus/prometheus.yml';
const DASHBOARD = 'deploy/grafana/meridian.json';
/** Each replica's /metrics wants it (issue 39 §2); Prometheus sends it from metrics-token beside its config. */
const METRICS_TOKEN = 'metrics-token-of-this-test';

/** Runs promtool from the repository root; fails in words when it is not installed. */
function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: repoRoot, encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error(
      "promtool is not installed: it comes with Debian's prometheus package (apt-get install prometheus; .ci/run installs it).",
    );
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const OUR_METRIC = /\b(?:gateway|platform)_[a-z0-9_]+\b/g;

/** The gateway's and the platform's metric names in a PromQL expression (quoted label values left out). */
function metricNamesIn(expression: string): string[] {
  const unquoted = expression.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...unquoted.matchAll(OUR_METRIC)].map((match) => match[0]);
}

interface AlertRule {
  alert: string;
  expr: string;
  annotations?: Record<string, string>;
}

function alertRules(): AlertRule[] {
  const document = parse(readRepoFile(ALERTS)) as { groups: { rules: AlertRule[] }[] };
  return document.groups.flatMap((group) => group.rules);
}

/** Every string under a key named `expr` or `query` in the dashboard (panel targets, variables). */
function dashboardExpressions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(dashboardExpressions);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    (key === 'expr' || key === 'query') && typeof value === 'string' ? [value] : dashboardExpressions(value),
  );
}

/** The series names a /metrics answer exports, histograms' and summaries' own series included. */
function exportedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const line of exposition.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) {
      const [, name, kind] = type as unknown as [string, string, string];
      names.add(name);
      if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
      if (kind === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
    } else if (line && !line.startsWith('#')) names.add(line.split(/[{ ]/)[0]!);
  }
  return names;
}

describe('Prometheus files (promtool)', () => {
  it(`${ALERTS} is valid`, () => {
    const { status, output } = promtool('check', 'rules', ALERTS);
    expect(status, output).toBe(0);
  });

  it(`every alert fires and stays quiet as ${ALERT_TESTS} expects`, () => {
    const { status, output } = promtool('test', 'rules', ALERT_TESTS);
    expect(status, output).toBe(0);
    expect(output).toContain('SUCCESS');
  });

  it('every alert has a firing case in the unit tests, and every alert says what to do', () => {
    const tested = readRepoFile(ALERT_TESTS);
    for (const rule of alertRules()) {
      expect(tested, `${rule.alert} has no firing case in ${ALERT_TESTS}`).toMatch(
        new RegExp(`alertname: ${rule.alert}\\n\\s+exp_alerts:\\n\\s+- exp_labels`),
      );
      for (const annotation of ['summary', 'description', 'action'])
        expect(rule.annotations?.[annotation], `${rule.alert}'s ${annotation}`).toBeTruthy();
    }
  });

  it(`${PROMETHEUS_CONFIG} is valid and scrapes every replica of docker-compose.yml with the metrics token`, async () => {
    // As it is mounted at /etc/prometheus, with the deployment's token written beside it.
    const mounted = await mkdtemp(path.join(os.tmpdir(), 'meridian-prometheus-'));
    try {
      await cp(path.join(repoRoot, path.dirname(PROMETHEUS_CONFIG)), mounted, { recursive: true });
      await writeFile(path.join(mounted, 'metrics-token'), METRICS_TOKEN);
      const { status, output } = promtool('check', 'config', path.join(mounted, 'prometheus.yml'));
      expect(status, output).toBe(0);
      // Without the token file Prometheus would not start: the header says to write it.
      await rm(path.join(mounted, 'metrics-token'));
      expect(promtool('check', 'config', path.join(mounted, 'prometheus.yml')).output).toContain('metrics-token');
    } finally {
      await rm(mounted, { recursive: true, force: true });
    }
    const config = parse(readRepoFile(PROMETHEUS_CONFIG)) as {
      scrape_configs: {
        job_name: string;
        static_configs: { targets: string[] }[];
        authorization?: { type?: string; credentials_file?: string };
      }[];
    };
    for (const job of config.scrape_configs)
      expect(job.authorization, job.job_name).toEqual({ type: 'Bearer', credentials_file: 'metrics-token' });
    const targets = Object.fromEntries(
      config.scrape_configs.map((job) => [job.job_name, job.static_configs.flatMap((c) => c.targets).sort()]),
    );
    expect(targets).toEqual({
      gateway: ['gateway-1:4000', 'gateway-2:4000', 'gateway-3:4000'],
      platform: ['platform-1:4010', 'platform-2:4010'],
    });
    const compose = loadComposeFile().document;
    for (const target of Object.values(targets).flat())
      expect(Object.keys(compose.services), `${target} in docker-compose.yml`).toContain(target.split(':')[0]);
  });
});

describe('what the alerts and the dashboard read is what the servers export', () => {
  let platform: RunningPlatform | undefined;
  let gateway: GatewayProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  const exported = { gateway: new Set<string>(), platform: new Set<string>() };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-monitoring-test-'));
    const { db, drop } = await openTestDatabase();
    dropDatabase = drop;
    await migrate(db);
    await seedFixture(db);
    const config = { ...loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent' }), restPort: 0, oidcPort: 0, dataDir };
    platform = await startPlatform(
      { ...config, host: '127.0.0.1', metricsToken: METRICS_TOKEN },
      { db, seed: false, logger: false },
    );
    gateway = await startGatewayProcess(await freePort(), {
      APP_ENV: 'testing',
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      PLATFORM_API_URL: platform.restUrl,
      OIDC_ISSUER: platform.issuer,
      GATEWAY_AUDIENCE: platform.config.audience,
    });
    // One request through both: the gateway's labelled series exist once something was counted.
    const token = await tokenMinter(platform.keys, platform.config).user('admin@meridian.test');
    const answer = await fetch(`${gateway.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'query MonitoringProbe { viewer { email } }' }),
    });
    expect(answer.status).toBe(200);
    // Scraped as Prometheus does, with the token; refused without it.
    const scrape = async (url: string) => {
      expect((await fetch(url)).status, url).toBe(401);
      const response = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status, url).toBe(200);
      return exportedNames(await response.text());
    };
    exported.gateway = await scrape(`${gateway.origin}/metrics`);
    exported.platform = await scrape(`${platform.restUrl}/metrics`);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await platform?.close();
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const missing = (names: string[]) =>
    [...new Set(names)].filter((name) => !exported.gateway.has(name) && !exported.platform.has(name)).sort();

  it('both sides export their request, latency and process metrics', () => {
    expect(exported.gateway).toContain('gateway_graphql_requests_total');
    expect(exported.gateway).toContain('gateway_upstream_calls_total');
    expect(exported.platform).toContain('platform_http_requests_total');
    expect(exported.platform).toContain('platform_ready');
    expect(exported.platform).toContain('platform_process_resident_memory_bytes');
  });

  it(`every metric of ${ALERTS} is exported`, () => {
    const used = alertRules().flatMap((rule) => [
      ...metricNamesIn(rule.expr),
      // Annotations may query too (a count beside the alert's value).
      ...Object.values(rule.annotations ?? {}).flatMap((text) => [...text.matchAll(OUR_METRIC)].map((m) => m[0])),
    ]);
    expect(used).toEqual(
      expect.arrayContaining(['gateway_graphql_requests_total', 'platform_ready', 'platform_lifecycle_jobs_overdue']),
    );
    expect(missing(used)).toEqual([]);
  });

  it(`every metric of ${DASHBOARD}'s panels and variables is exported`, () => {
    const dashboard = JSON.parse(readRepoFile(DASHBOARD)) as {
      schemaVersion: number;
      templating: { list: { name: string; type: string; query: unknown }[] };
      panels: { type: string; title: string; datasource?: { uid: string } }[];
    };
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    // The Prometheus to read is chosen on the dashboard, not fixed to one Grafana's datasource id.
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    for (const panel of dashboard.panels.filter((candidate) => candidate.type !== 'row'))
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
    const used = dashboardExpressions(dashboard).flatMap(metricNamesIn);
    expect(used).toEqual(
      expect.arrayContaining(['gateway_upstream_calls_total', 'platform_webhook_oldest_due_delivery_seconds']),
    );
    expect(missing(used)).toEqual([]);
  });
});
