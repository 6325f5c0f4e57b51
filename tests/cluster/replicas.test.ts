import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JOB_STEPS } from '@meridian/platform';
import { STRICT_TRANSPORT_SECURITY } from '@meridian/schema';
import { openBrowser, type JourneyBrowser } from '../e2e/support/browser.js';
import { waitForHome } from '../e2e/support/console.js';
import { submitLoginForm } from '../e2e/support/sign-in.js';
import { serveStatic, type StaticServer } from '../e2e/support/static-server.js';
import { storageItem } from '../e2e/support/storage.js';
import { graphql, sleep, startTestCluster, tokenFrom, userToken, type RunningCluster } from './support/cluster.js';

const ACME_HEALTH_ID = 'acme-health';
/** Low enough to reach in a test, high enough for every other test of this file (a subject a minute). */
const RATE_LIMIT_PER_MINUTE = 150;
const PASSWORD = 'cluster-test-password-1';

/**
 * Issue 14: what each replica shares with the others, seen from outside. One cluster for the file (2
 * platform and 3 gateway replicas behind nginx, PostgreSQL, Redis) with the console served beside it.
 */
describe('a cluster of replicas', () => {
  let cluster: RunningCluster;
  let web: StaticServer;
  let consoleDir: string;
  let admin: string;

  beforeAll(async () => {
    // The run's console build, served with a config.json that points at this cluster.
    consoleDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-cluster-console-'));
    await cp(inject('consoleBuild'), consoleDir, { recursive: true });
    web = await serveStatic(consoleDir);
    cluster = await startTestCluster({
      consoleUrl: web.origin,
      env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE) },
    });
    await writeFile(
      path.join(consoleDir, 'config.json'),
      JSON.stringify({
        productName: 'Meridian',
        gatewayUrl: cluster.urls.gateway,
        oidc: { issuer: cluster.urls.issuer, clientId: 'meridian-console' },
      }),
    );
    admin = await tokenFrom(cluster.platforms[1]!.oidcUrl, cluster.cliClient);
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
    await web?.close();
    if (consoleDir) await rm(consoleDir, { recursive: true, force: true });
  });

  /** An Org Admin of Acme Health, new to this test, with a password (created through nginx). */
  async function createUser(email: string): Promise<void> {
    const answer = await graphql(
      cluster.urls.gateway,
      admin,
      `
        mutation Create($org: ID!, $input: CreateUserInput!) {
          createUser(organizationId: $org, input: $input) {
            user {
              email
            }
            inputErrors {
              field
              message
            }
          }
        }
      `,
      { org: ACME_HEALTH_ID, input: { name: 'Cluster Test', email, password: PASSWORD, role: 'ORG_ADMIN' } },
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.createUser).toMatchObject({ user: { email } });
  }

  describe('a person in Chromium, whose requests land on different replicas', () => {
    let browser: JourneyBrowser;
    const replicas = { gateway: new Set<string>(), provider: new Set<string>() };
    const email = 'cluster.browser@acme.test';

    beforeAll(async () => {
      await createUser(email);
      browser = await openBrowser();
      browser.context.on('response', (response) => {
        const replica = response.headers()['x-meridian-replica'];
        if (!replica) return;
        const origin = new URL(response.url()).origin;
        if (origin === new URL(cluster.urls.gateway).origin) replicas.gateway.add(replica);
        if (origin === new URL(cluster.urls.issuer).origin) replicas.provider.add(replica);
      });
    }, 60_000);
    afterAll(() => browser?.close());

    const storedUserKey = () => `oidc.user:${cluster.urls.issuer}:meridian-console`;
    const accessToken = async (page: Page) =>
      (JSON.parse((await storageItem(page, storedUserKey())) ?? '{}') as { access_token?: string }).access_token;

    it('signs in, renews the session by refresh token, and logs out of every tab', async () => {
      const page = browser.context.pages()[0] ?? (await browser.newPage());
      await page.goto(`${web.origin}/`);
      await page.waitForURL((url) => url.origin === new URL(cluster.urls.issuer).origin);
      await submitLoginForm(page, email, PASSWORD);
      await waitForHome(page);
      const first = await accessToken(page);
      expect(first).toBeTruthy();

      // The access token "expired" while the tab slept: at the next load the console renews it with its
      // refresh token, at whichever provider replica nginx picks, and carries on signed in.
      await page.evaluate(`(() => {
        const key = ${JSON.stringify(storedUserKey())};
        const stored = JSON.parse(localStorage.getItem(key));
        localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 10 }));
      })()`);
      await page.reload();
      await waitForHome(page);
      await expect.poll(() => accessToken(page)).not.toBe(first);
      const renewed = await accessToken(page);
      expect(renewed).toBeTruthy();

      // A second tab of the same person; logging out in the first signs the second out too.
      const refreshToken = (
        JSON.parse((await storageItem(page, storedUserKey())) ?? '{}') as { refresh_token?: string }
      ).refresh_token;
      expect(refreshToken).toBeTruthy();
      const other = await browser.newPage();
      await other.goto(`${web.origin}/`);
      await waitForHome(other);
      await page.bringToFront();
      await page.getByRole('button', { name: /^Profile menu for / }).click();
      await page.getByRole('menu', { name: 'Profile' }).getByRole('menuitem', { name: 'Logout' }).click();
      await other.waitForURL((url) => url.origin === new URL(cluster.urls.issuer).origin);
      await other.getByLabel('Email').waitFor();
      await page.getByLabel('Email').waitFor();
      expect(await storageItem(page, storedUserKey())).toBeNull();
      // The provider's session is over at every replica: the console's last refresh token is refused.
      for (const replica of cluster.platforms) {
        const response = await fetch(`${replica.oidcUrl}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshToken!,
            client_id: 'meridian-console',
          }),
        });
        expect(`${replica.name}: ${response.status} ${((await response.json()) as { error?: string }).error}`).toBe(
          `${replica.name}: 400 invalid_grant`,
        );
      }

      // The console's calls went to more than one gateway, and the provider's pages to both platforms.
      console.info(
        `[cluster] browser requests answered by gateways ${[...replicas.gateway].join(', ')}; provider ${[...replicas.provider].join(', ')}`,
      );
      expect(replicas.gateway.size).toBeGreaterThanOrEqual(2);
      expect(replicas.provider.size).toBe(2);
      // Named, never addressed (issue 39 §2).
      for (const name of replicas.gateway) expect(name).toMatch(/^gateway-[1-3]$/);
      for (const name of replicas.provider) expect(name).toMatch(/^platform-[12]$/);
      await other.close();
    }, 120_000);
  });

  it('holds one rate limit across the three gateways (within 10%)', async () => {
    const email = 'cluster.rate@acme.test';
    await createUser(email);
    const token = await userToken(cluster.urls.issuer, web.origin, email, PASSWORD);
    const sent = Math.round(RATE_LIMIT_PER_MINUTE * 1.4);
    const statuses: number[] = [];
    const answeredBy = new Set<string>();
    // Ten at a time, round robin across the gateways through nginx.
    for (let start = 0; start < sent; start += 10) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(10, sent - start) }, () =>
          graphql(cluster.urls.gateway, token, '{ viewer { email } }'),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.replica) answeredBy.add(answer.replica);
      }
    }
    const allowed = statuses.filter((status) => status === 200).length;
    const limited = statuses.filter((status) => status === 429).length;
    console.info(
      `[cluster] rate limit ${RATE_LIMIT_PER_MINUTE}/min across ${answeredBy.size} gateways: ${allowed} of ${sent} allowed ` +
        `(${(((allowed - RATE_LIMIT_PER_MINUTE) / RATE_LIMIT_PER_MINUTE) * 100).toFixed(1)}% off the limit)`,
    );
    expect(answeredBy.size).toBe(3);
    expect(allowed + limited).toBe(sent);
    expect(allowed).toBeGreaterThanOrEqual(RATE_LIMIT_PER_MINUTE * 0.9);
    expect(allowed).toBeLessThanOrEqual(RATE_LIMIT_PER_MINUTE * 1.1);
  }, 60_000);

  it('through nginx: names the replica that answered, never its address, and sends HSTS once over https', async () => {
    const names = { gateway: new Set<string>(), platform: new Set<string>() };
    const addresses = [...cluster.platforms, ...cluster.gateways].flatMap((part) =>
      'origin' in part ? [part.origin] : [part.restUrl, part.oidcUrl],
    );
    const where = {
      gateway: `${cluster.urls.gateway.replace(/\/graphql$/, '')}/healthz`,
      platform: `${cluster.urls.platformApi}/healthz`,
      provider: `${cluster.urls.issuer}/.well-known/openid-configuration`,
    };
    for (let round = 0; round < 6; round++) {
      for (const [what, url] of Object.entries(where)) {
        const https = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
        const plain = await fetch(url);
        for (const response of [https, plain]) {
          const replica = response.headers.get('x-meridian-replica') ?? '';
          expect(replica, what).toMatch(what === 'gateway' ? /^gateway-[1-3]$/ : /^platform-[12]$/);
          for (const address of addresses) expect(replica).not.toContain(address.replace('http://', ''));
          names[what === 'gateway' ? 'gateway' : 'platform'].add(replica);
        }
        // Exactly one value: nginx's own, the replica's hidden (fetch joins repeated headers with ", ").
        expect(https.headers.get('strict-transport-security'), what).toBe(STRICT_TRANSPORT_SECURITY);
        expect(plain.headers.get('strict-transport-security'), what).toBeNull();
      }
    }
    // nginx's own answers carry HSTS too, and no replica's name.
    const own = await fetch(`${cluster.urls.platformApi}/metrics`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(own.status).toBe(404);
    expect(own.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(own.headers.get('x-meridian-replica')).toBeNull();
    expect([...names.gateway].sort()).toEqual(['gateway-1', 'gateway-2', 'gateway-3']);
    expect([...names.platform].sort()).toEqual(['platform-1', 'platform-2']);
  });

  it("answers each replica's /metrics only with the cluster's METRICS_TOKEN", async () => {
    const replicas = [
      ...cluster.platforms.map((part) => [part.name, `${part.restUrl}/metrics`] as const),
      ...cluster.gateways.map((part) => [part.name, `${part.origin}/metrics`] as const),
    ];
    for (const [name, url] of replicas) {
      expect((await fetch(url)).status, name).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${cluster.metricsToken}` } });
      expect(scraped.status, name).toBe(200);
      expect(await scraped.text(), name).toMatch(/^(gateway|platform)_ready 1$/m);
    }
  });

  it('audits a caller from the address nginx saw, not one the caller forged in X-Forwarded-For', async () => {
    const email = 'cluster.forged@acme.test';
    const answer = await fetch(`${cluster.urls.platformApi}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.66' },
      body: JSON.stringify({ email, password: 'not-the-password-1' }),
    });
    expect(answer.status).toBe(401);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT client_ip FROM audit_events WHERE action = 'sign-in.failed' AND target_id = $1`,
        [email],
      );
      expect(rows).toEqual([{ client_ip: '127.0.0.1' }]);
    } finally {
      await db.end();
    }
  });

  it('a role change and a deactivation reach every gateway within 1 s', async () => {
    const email = 'cluster.changes@acme.test';
    await createUser(email);
    const token = await userToken(cluster.urls.issuer, web.origin, email, PASSWORD);
    const roleAt = async (origin: string) => {
      const answer = await graphql(`${origin}/graphql`, token, '{ viewer { role } }');
      return (
        (answer.body.data?.viewer as { role?: string } | undefined)?.role ?? answer.body.errors?.[0]?.extensions?.code
      );
    };
    // Every replica has the user's record cached (30 s) before the change.
    for (const gateway of cluster.gateways) expect(await roleAt(gateway.origin)).toBe('ORG_ADMIN');

    /** Makes the change through nginx (one replica), then the time until every replica answers `expected`. */
    const delayUntil = async (change: string, variables: Record<string, unknown>, expected: string) => {
      const answer = await graphql(cluster.urls.gateway, admin, change, variables);
      expect(answer.body.errors).toBeUndefined();
      const changedAt = performance.now();
      const pending = new Set(cluster.gateways);
      while (pending.size > 0 && performance.now() - changedAt < 5_000) {
        for (const gateway of [...pending]) if ((await roleAt(gateway.origin)) === expected) pending.delete(gateway);
        if (pending.size > 0) await sleep(10);
      }
      expect([...pending].map((gateway) => gateway.name)).toEqual([]);
      return performance.now() - changedAt;
    };
    const roleDelay = await delayUntil(
      'mutation Role($org: ID!, $email: Email!) { updateUser(organizationId: $org, email: $email, input: { role: ORG_USER }) { user { role } } }',
      { org: ACME_HEALTH_ID, email },
      'ORG_USER',
    );
    const deactivationDelay = await delayUntil(
      'mutation Off($email: Email!) { setUserActive(email: $email, active: false) { user { active } } }',
      { email },
      'UNAUTHENTICATED',
    );
    console.info(
      `[cluster] seen at all 3 gateways: role change after ${roleDelay.toFixed(0)} ms, deactivation after ${deactivationDelay.toFixed(0)} ms`,
    );
    expect(roleDelay).toBeLessThan(1000);
    expect(deactivationDelay).toBeLessThan(1000);
  }, 60_000);

  it('runs onboarding and deployment with two platform replicas sweeping: each step once in the audit trail', async () => {
    const id = 'cluster-jobs';
    const run = (query: string, variables: Record<string, unknown> = {}) =>
      graphql(cluster.urls.gateway, admin, query, { id, ...variables });
    const created = await run(
      'mutation New($input: CreateOrganizationInput!) { createOrganization(input: $input) { organization { id } } }',
      {
        input: {
          id,
          name: 'Cluster Jobs',
          domain: ['cluster-jobs.test'],
          primaryContact: { name: 'Jo Bs', email: 'jobs@cluster-jobs.test' },
          customerSegment: 'provider-group',
          medicareLicensed: false,
        },
      },
    );
    expect(created.body.errors).toBeUndefined();
    const jobStatus = async (job: 'onboarding' | 'deployment') =>
      (
        (await run(`query Job($id: ID!) { organization(id: $id) { ${job} { status } } }`)).body.data?.organization as
          Record<string, { status: string }> | undefined
      )?.[job]?.status;
    // Nobody reads the organization while its jobs run (a read would advance them itself): the
    // replicas' sweepers alone move each step, racing for it.
    for (const [move, job] of [
      ['startOnboarding', 'onboarding'],
      ['startDeployment', 'deployment'],
    ] as const) {
      const started = await run(`mutation Move($id: ID!) { ${move}(id: $id) { organization { status } } }`);
      expect(started.body.errors).toBeUndefined();
      await sleep(JOB_STEPS[job].length * 300 + 1500);
      expect(await jobStatus(job)).toBe('COMPLETED');
    }
    const events = await run(
      `query Trail($id: ID!) {
        auditEvents(filter: { organizationId: $id }, first: 100) { edges { node { action details { name value } } } }
      }`,
    );
    expect(events.body.errors).toBeUndefined();
    type Node = { action: string; details: { name: string; value: string }[] };
    const nodes = (events.body.data?.auditEvents as { edges: { node: Node }[] }).edges.map((edge) => edge.node);
    const steps = nodes
      .filter((node) => node.action === 'organization.job-step')
      .map((node) => {
        const detail = (key: string) => node.details.find((entry) => entry.name === key)?.value;
        return `${detail('job')}: ${detail('step')}`;
      });
    expect(steps.sort()).toEqual(
      [
        ...JOB_STEPS.onboarding.map((step) => `onboarding: ${step}`),
        ...JOB_STEPS.deployment.map((step) => `deployment: ${step}`),
      ].sort(),
    );
  }, 60_000);
});
