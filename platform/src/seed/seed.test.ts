import { verify } from '@node-rs/argon2';
import {
  ORGANIZATION_STATUSES,
  RELATIONSHIP_VALUES,
  credentialDaysToExpire,
  passwordExpiry,
  validateEmail,
  validateNpi,
  validateOrganizationId,
  validateZip,
  type Licenses,
} from '@meridian/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { openPglite, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { JOB_STEPS } from '../domain/jobs.js';
import { licenseUsage } from '../domain/organizations.js';
import { CATALOG, CUSTOMER_SEGMENTS, PR_CATALOG } from './catalog.js';
import { BANNER_CREDENTIAL_ID, DEMO_ACCOUNTS, DEMO_EMAILS } from './demo.js';
import { SCALE_ORGANIZATION_ID, SCALE_USER_COUNT } from './scale.js';
import { planSeed, reanchorDemoAccounts, seedIfEmpty, seedOnStart, TOTP_DEMO_EMAIL, TOTP_DEMO_KEY } from './seed.js';
import { ensureDemoSecondFactor } from './second-factor.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';

const config = { ...loadConfig({ APP_ENV: 'testing' }), productName: 'Meridian' };
const now = new Date();
let db: Database;
let seeded: boolean;

const rows = async <T extends object>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await db.query<T>(sql, params)).rows;
const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  (await rows<{ n: number }>(sql, params))[0]!.n;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  const started = performance.now();
  seeded = await seedIfEmpty(db, config, { now });
  console.info(`Seed (PGlite in memory): ${Math.round(performance.now() - started)} ms`);
});
afterAll(() => db.close());

describe('the seed', () => {
  it('seeds an empty database, in realistic numbers', async () => {
    expect(seeded).toBe(true);
    expect(await count('SELECT count(*)::int AS n FROM organizations')).toBeGreaterThanOrEqual(61);
    expect(await count('SELECT count(*)::int AS n FROM users')).toBeGreaterThanOrEqual(3000);
    expect(await count('SELECT count(*)::int AS n FROM providers')).toBe(500);
    expect(await count('SELECT count(*)::int AS n FROM catalog_products')).toBeGreaterThan(0);
  });

  it('builds the same rows on every fresh seed', () => {
    expect(planSeed('Meridian', 'hash', now)).toEqual(planSeed('Meridian', 'hash', now));
  });

  it('names the operators after the product and licenses them for everything', async () => {
    const [meridian] = await rows<{ name: string; status: string; active: boolean; licenses: Licenses }>(
      `SELECT * FROM organizations WHERE id = 'meridian'`,
    );
    expect(meridian).toMatchObject({ name: config.productName, status: 'active', active: true });
    for (const item of CATALOG.filter((entry) => entry.isLicenseRequired))
      expect(meridian!.licenses.products[item.product]).toEqual({ enabled: true });
    const roles = await rows<{ role: string }>(
      `SELECT DISTINCT role FROM users WHERE organization_id = 'meridian' ORDER BY role`,
    );
    expect(roles.map((r) => r.role)).toEqual(['systemAdmin', 'systemViewer']);
  });

  it('covers every lifecycle state and every segment, with valid ids, domains and contacts', async () => {
    const orgs = await rows<{
      id: string;
      status: string;
      customer_segment: string;
      domain: string[];
      primary_contact: { email?: string };
      onboarding: { bi?: { portal_url: string } };
      medicare_licensed: boolean;
      licenses: Licenses;
    }>(`SELECT * FROM organizations WHERE id <> 'meridian'`);
    expect(new Set(orgs.map((o) => o.status))).toEqual(new Set(ORGANIZATION_STATUSES));
    expect(orgs.filter((o) => o.status === 'active').length).toBeGreaterThan(orgs.length / 2);
    expect(new Set(orgs.map((o) => o.customer_segment))).toEqual(new Set(CUSTOMER_SEGMENTS.map((s) => s.id)));
    for (const org of orgs) {
      expect(validateOrganizationId(org.id)).toBeNull();
      expect(validateEmail(org.primary_contact.email ?? '')).toBeNull();
      expect(org.domain.length).toBeGreaterThan(0);
    }
    const managed = orgs.filter((o) => o.licenses.products.managed_providers?.enabled);
    expect(managed.length).toBeGreaterThan(5);
    expect(managed.length).toBeLessThan(orgs.length - 5);
    const portals = orgs.filter((o) => o.onboarding.bi?.portal_url);
    expect(portals.length).toBeGreaterThan(5);
    for (const org of portals) expect(org.onboarding.bi!.portal_url).toBe(`https://bi.example.test/${org.id}`);
    expect(new Set(orgs.map((o) => o.medicare_licensed))).toEqual(new Set([true, false]));
  });

  it('keeps each lifecycle state consistent with its jobs', async () => {
    const orgs = await rows<{
      id: string;
      status: string;
      active: boolean;
      jobs: Record<string, { status: string; steps: { name: string; status: string }[] }> | null;
    }>(
      `SELECT o.id, o.status, o.active,
              (SELECT jsonb_object_agg(kind, jsonb_build_object('status', status, 'steps', steps)) FROM organization_jobs j WHERE j.organization_id = o.id) AS jobs
         FROM organizations o`,
    );
    const statusOf = (jobs: (typeof orgs)[number]['jobs']) =>
      Object.fromEntries(Object.entries(jobs ?? {}).map(([kind, job]) => [kind, job.status]));
    const done = { onboarding: 'completed', deployment: 'completed' };
    for (const org of orgs) {
      const jobs = statusOf(org.jobs);
      if (org.status === 'created') expect(jobs).toEqual({});
      if (org.status === 'onboarding') expect(['completed', 'failed']).toContain(jobs.onboarding);
      if (org.status === 'deploying') expect(['completed', 'failed']).toContain(jobs.deployment);
      if (org.status === 'deploying') expect(jobs.onboarding).toBe('completed');
      if (org.status === 'active') expect(jobs).toEqual(done);
      if (org.status === 'offboarding') expect(jobs).toEqual({ ...done, offboarding: 'failed' });
      if (org.status === 'offboarded')
        expect({ jobs, active: org.active }).toEqual({ jobs: { ...done, offboarding: 'completed' }, active: false });
      for (const [kind, job] of Object.entries(org.jobs ?? {}))
        expect(job.steps.map((s) => s.name)).toEqual(JOB_STEPS[kind as keyof typeof JOB_STEPS]);
    }
    const failed = await rows<{ steps: { status: string; message?: string }[] }>(
      `SELECT steps FROM organization_jobs WHERE status = 'failed'`,
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const job of failed) {
      const failedSteps = job.steps.filter((step) => step.status === 'failed');
      expect(failedSteps).toEqual([{ name: expect.any(String), status: 'failed', message: expect.any(String) }]);
    }
  });

  it('gives every organization limits that fit its users, and an active org admin', async () => {
    const orgs = await rows<{ id: string; licenses: Licenses }>('SELECT id, licenses FROM organizations');
    const usage = await licenseUsage(
      db,
      orgs.map((o) => o.id),
    );
    for (const org of orgs) {
      const used = usage.get(org.id)!;
      expect({ id: org.id, fits: used.active_users <= org.licenses.user_limit }).toEqual({ id: org.id, fits: true });
      expect(used.explorer_used).toBeLessThanOrEqual(org.licenses.tableau_user_licenses.explorer_count);
      expect(used.viewer_used).toBeLessThanOrEqual(org.licenses.tableau_user_licenses.viewer_count);
    }
    const withoutAdmin = await count(
      `SELECT count(*)::int AS n FROM organizations o WHERE id <> 'meridian'
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.organization_id = o.id AND u.role = 'orgAdmin' AND u.active)`,
    );
    expect(withoutAdmin).toBe(0);
  });

  it('mixes roles, active states, Tableau levels and data access; no generated password is expiring', async () => {
    const mix = await rows<{
      role: string;
      active: boolean;
      tableau_license: string | null;
      direct_data_access_enabled: boolean;
    }>('SELECT DISTINCT role, active, tableau_license, direct_data_access_enabled FROM users');
    expect(new Set(mix.map((m) => m.role)).size).toBe(4);
    expect(new Set(mix.map((m) => m.active)).size).toBe(2);
    expect(new Set(mix.map((m) => m.tableau_license))).toEqual(new Set([null, 'viewer', 'explorer', 'creator']));
    expect(new Set(mix.map((m) => m.direct_data_access_enabled)).size).toBe(2);
    const changed = await rows<{ password_changed_at: Date }>(
      'SELECT password_changed_at FROM users WHERE NOT (email = ANY($1))',
      [DEMO_EMAILS],
    );
    expect(changed.filter((u) => passwordExpiry(u.password_changed_at, now).isPasswordExpiring)).toEqual([]);
    expect(
      Math.min(...changed.map((u) => passwordExpiry(u.password_changed_at, now).daysLeftForPasswordExpiry)),
    ).toBeLessThan(30);
  });

  it('seeds credentials at many ages: expired, expiring within a week, disabled, organization-wide', async () => {
    const credentials = await rows<{
      user_email: string | null;
      credential_enabled: boolean;
      generated_at: Date;
      secret_hash: string;
    }>('SELECT * FROM credentials');
    const days = credentials.map((c) => credentialDaysToExpire(c.generated_at, now));
    expect(days.filter((d) => d <= 0).length).toBeGreaterThan(10);
    expect(days.filter((d) => d >= 1 && d <= 7).length).toBeGreaterThan(10);
    expect(days.filter((d) => d > 30).length).toBeGreaterThan(10);
    expect(credentials.filter((c) => !c.credential_enabled).length).toBeGreaterThan(10);
    expect(credentials.filter((c) => c.user_email === null).length).toBeGreaterThan(3);
    for (const credential of credentials) expect(credential.secret_hash).toMatch(/^[0-9a-f]{32,}$/);
  });

  it('fills the provider directory with valid NPIs and zips, and links providers only where licensed', async () => {
    const providers = await rows<{ npi: string; zip: string }>('SELECT npi, zip FROM providers');
    expect(providers.map((p) => validateNpi(p.npi)).filter(Boolean)).toEqual([]);
    expect(providers.map((p) => validateZip(p.zip)).filter(Boolean)).toEqual([]);
    expect(providers.filter((p) => p.npi.length === 15).length).toBeGreaterThan(10);
    const links = await rows<{ kind: string; value: string; licensed: boolean; editor_role: string | null }>(
      `SELECT l.kind, l.value, (o.licenses->'products'->'managed_providers'->>'enabled')::boolean IS TRUE AS licensed,
              (SELECT role FROM users u WHERE u.email = l.updated_by AND u.organization_id = l.organization_id) AS editor_role
         FROM provider_links l JOIN organizations o ON o.id = l.organization_id`,
    );
    expect(links.length).toBeGreaterThan(500);
    expect(links.filter((l) => !l.licensed || !['orgAdmin', 'systemAdmin'].includes(l.editor_role ?? ''))).toEqual([]);
    const relationships = links.filter((l) => l.kind === 'provider_relationship').map((l) => l.value);
    expect(new Set(relationships)).toEqual(new Set(RELATIONSHIP_VALUES));
    const aliases = links.filter((l) => l.kind === 'provider_alias').map((l) => l.value.length);
    expect(Math.min(...aliases)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...aliases)).toBeLessThanOrEqual(120);
    expect(await count(`SELECT count(*)::int AS n FROM provider_links WHERE organization_id = 'acme-health'`)).toBe(
      150,
    );
  });
});

describe('the demo accounts', () => {
  const demoState = () =>
    rows<Record<string, unknown>>(
      `SELECT u.email, u.active, u.password_changed_at, u.direct_data_access_enabled,
              (SELECT jsonb_agg(jsonb_build_object('id', c.id, 'enabled', c.credential_enabled, 'at', c.generated_at) ORDER BY c.id)
                 FROM credentials c WHERE c.user_email = u.email) AS credentials
         FROM users u WHERE u.email = ANY($1) ORDER BY u.email`,
      [DEMO_EMAILS],
    );

  it('exist with their roles and organizations, and the seed password', async () => {
    const users = await rows<{
      email: string;
      role: string;
      organization_id: string;
      active: boolean;
      tableau_license: string | null;
      password_hash: string;
    }>('SELECT * FROM users WHERE email = ANY($1)', [DEMO_EMAILS]);
    expect(users.map((u) => [u.email, u.role, u.organization_id, u.active]).sort()).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.email, a.role, a.organizationId, true]).sort(),
    );
    expect(users.find((u) => u.email === 'user@acme.test')).toMatchObject({
      role: 'orgUser',
      organization_id: 'acme-health',
      tableau_license: 'viewer',
    });
    expect(await verify(users[0]!.password_hash, config.seedPassword)).toBe(true);
    const [acme] = await rows<{
      name: string;
      status: string;
      licenses: Licenses;
      onboarding: { bi?: { portal_url: string } };
      primary_contact: { email: string };
    }>(`SELECT * FROM organizations WHERE id = 'acme-health'`);
    expect(acme).toMatchObject({
      name: 'Acme Health',
      status: 'active',
      primary_contact: { email: 'orgadmin@acme.test' },
    });
    expect(acme!.onboarding.bi?.portal_url).toBe('https://bi.example.test/acme-health');
    expect(acme!.licenses.products).toMatchObject({
      managed_providers: { enabled: true },
      market_intelligence: { enabled: true },
      provider_intelligence: { enabled: true },
    });
  });

  it('stand in their time-dependent states', async () => {
    const changedAt = async (email: string) =>
      (await rows<{ at: Date }>('SELECT password_changed_at AS at FROM users WHERE email = $1', [email]))[0]!.at;
    expect(passwordExpiry(await changedAt('expiring@acme.test'), now)).toMatchObject({
      daysLeftForPasswordExpiry: 3,
      isPasswordExpiring: true,
    });
    expect(passwordExpiry(await changedAt('expired@acme.test'), now).daysLeftForPasswordExpiry).toBeLessThanOrEqual(0);
    expect(passwordExpiry(await changedAt('admin@meridian.test'), now).isPasswordExpiring).toBe(false);
    const enabled = await rows<{ id: string; generated_at: Date }>(
      `SELECT * FROM credentials WHERE user_email = 'banner@acme.test' AND credential_enabled`,
    );
    expect(enabled.map((c) => [c.id, credentialDaysToExpire(c.generated_at, now)])).toEqual([
      [BANNER_CREDENTIAL_ID, 2],
    ]);
  });

  it('are re-anchored idempotently, undoing what a demo changed', async () => {
    const before = await demoState();
    await reanchorDemoAccounts(db, now);
    expect(await demoState()).toEqual(before);
    await db.query(
      `UPDATE users SET active = false, password_changed_at = now() WHERE email IN ('expired@acme.test', 'user@acme.test')`,
    );
    await db.query(
      `UPDATE users SET password_changed_at = $1::timestamptz - interval '200 days' WHERE email = 'admin@meridian.test'`,
      [now],
    );
    await db.query(`UPDATE credentials SET credential_enabled = false WHERE id = $1`, [BANNER_CREDENTIAL_ID]);
    await db.query(
      `INSERT INTO credentials (id, organization_id, user_email, secret_hash, generated_at, created_by)
       VALUES ('newer', 'acme-health', 'banner@acme.test', 'ab12', now(), 'banner@acme.test')`,
    );
    await reanchorDemoAccounts(db, now);
    const [newer] = await rows<{ credential_enabled: boolean }>(
      `SELECT credential_enabled FROM credentials WHERE id = 'newer'`,
    );
    expect(newer!.credential_enabled).toBe(false);
    await db.query(`DELETE FROM credentials WHERE id = 'newer'`);
    const after = await demoState();
    // A steady account keeps a password changed during the demo, and an old one is made young again.
    const steady = ['admin@meridian.test', 'user@acme.test'];
    const without = (state: Record<string, unknown>[]) =>
      state.map((row) => (steady.includes(row.email as string) ? { ...row, password_changed_at: null } : row));
    expect(without(after)).toEqual(without(before));
    for (const row of after.filter((r) => steady.includes(r.email as string))) {
      expect(passwordExpiry(row.password_changed_at as Date, now).daysLeftForPasswordExpiry).toBeGreaterThanOrEqual(60);
    }
    const later = new Date(now.getTime() + 10 * 24 * 3600 * 1000);
    await reanchorDemoAccounts(db, later);
    const [expiring] = await rows<{ at: Date }>(
      `SELECT password_changed_at AS at FROM users WHERE email = 'expiring@acme.test'`,
    );
    expect(passwordExpiry(expiring!.at, later).daysLeftForPasswordExpiry).toBe(3);
    await reanchorDemoAccounts(db, now);
  });
});

describe('seedIfEmpty on a seeded database', () => {
  it('leaves it alone', async () => {
    const users = await count('SELECT count(*)::int AS n FROM users');
    expect(await seedIfEmpty(db, config)).toBe(false);
    expect(await count('SELECT count(*)::int AS n FROM users')).toBe(users);
  });

  it('adds the 100,000-user organization when asked and it is missing, once', { timeout: 180_000 }, async () => {
    const indexes = () =>
      rows(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'users' ORDER BY indexname`);
    const indexesBefore = await indexes();
    const started = performance.now();
    expect(await seedIfEmpty(db, config, { scale: true, now })).toBe(false);
    console.info(`Scale seed (100,000 users, PGlite in memory): ${Math.round(performance.now() - started)} ms`);
    expect(
      await count('SELECT count(*)::int AS n FROM users WHERE organization_id = $1', [SCALE_ORGANIZATION_ID]),
    ).toBe(SCALE_USER_COUNT);
    const [org] = await rows<{ status: string; licenses: Licenses; primary_contact: { email: string } }>(
      'SELECT * FROM organizations WHERE id = $1',
      [SCALE_ORGANIZATION_ID],
    );
    const used = (await licenseUsage(db, [SCALE_ORGANIZATION_ID])).get(SCALE_ORGANIZATION_ID)!;
    expect(org!.status).toBe('active');
    expect(used.active_users).toBeGreaterThan(90_000);
    expect(used.active_users).toBeLessThanOrEqual(org!.licenses.user_limit);
    expect(used.explorer_used).toBeLessThanOrEqual(org!.licenses.tableau_user_licenses.explorer_count);
    expect(used.viewer_used).toBeLessThanOrEqual(org!.licenses.tableau_user_licenses.viewer_count);
    expect(validateEmail(org!.primary_contact.email)).toBeNull();
    const expiring = await count(
      `SELECT count(*)::int AS n FROM users WHERE organization_id = $1 AND password_changed_at < $2::timestamptz - interval '76 days'`,
      [SCALE_ORGANIZATION_ID, now],
    );
    expect(expiring).toBe(0);
    expect(await indexes()).toEqual(indexesBefore); // the bulk load dropped and rebuilt them
    expect(await seedIfEmpty(db, config, { scale: true })).toBe(false);
    expect(
      await count('SELECT count(*)::int AS n FROM users WHERE organization_id = $1', [SCALE_ORGANIZATION_ID]),
    ).toBe(SCALE_USER_COUNT);
  });
});

describe('the demo account with an authenticator app', () => {
  it('has its published key set up (encrypted), and gets it back when it was removed', async () => {
    const secret = async () =>
      (await rows<{ secret: string }>('SELECT secret FROM mfa_totp WHERE email = $1', [TOTP_DEMO_EMAIL]))[0]?.secret;
    const opened = async () =>
      sealedSecrets(config.mfaEncryptionKeys).open('totp', sealedIn.totp(TOTP_DEMO_EMAIL), (await secret())!);
    expect(await opened()).toBe(TOTP_DEMO_KEY);
    await db.query('DELETE FROM mfa_totp WHERE email = $1', [TOTP_DEMO_EMAIL]);
    await seedIfEmpty(db, config, { now });
    expect(await opened()).toBe(TOTP_DEMO_KEY);
  });

  it('is never given its published key in production', async () => {
    await db.query('DELETE FROM mfa_totp WHERE email = $1', [TOTP_DEMO_EMAIL]);
    await ensureDemoSecondFactor(db, { ...config, appEnv: 'production' });
    expect(await count('SELECT count(*)::int AS n FROM mfa_totp WHERE email = $1', [TOTP_DEMO_EMAIL])).toBe(0);
    await ensureDemoSecondFactor(db, config);
  });
});

/** Issue 39 §2: production seeds the product's own data and no one: the first operator comes from create-operator. */
describe('the seed in production', () => {
  const production = { ...config, appEnv: 'production' };
  let fresh: Database;
  const freshCount = async (sql: string) => (await fresh.query<{ n: number }>(sql)).rows[0]!.n;
  beforeAll(async () => {
    fresh = await openPglite();
    await migrate(fresh);
  });
  afterAll(() => fresh.close());

  it('writes the catalog and the operators’ organization, and no account, customer or provider', async () => {
    expect(await seedOnStart(fresh, production, { now, scale: true })).toBe(true);
    expect(await freshCount('SELECT count(*)::int AS n FROM users')).toBe(0);
    for (const table of ['credentials', 'providers', 'provider_links', 'organization_jobs', 'outbox', 'mfa_totp'])
      expect(await freshCount(`SELECT count(*)::int AS n FROM ${table}`), table).toBe(0);
    expect(await freshCount('SELECT count(*)::int AS n FROM catalog_products')).toBe(
      CATALOG.length + PR_CATALOG.length,
    );
    expect(await freshCount('SELECT count(*)::int AS n FROM customer_segments')).toBe(CUSTOMER_SEGMENTS.length);
    const organizations = (
      await fresh.query<{
        id: string;
        name: string;
        active: boolean;
        status: string;
        domain: string[];
        licenses: Licenses;
      }>('SELECT id, name, active, status, domain, licenses FROM organizations')
    ).rows;
    expect(organizations).toHaveLength(1);
    expect(organizations[0]).toMatchObject({
      id: 'meridian',
      name: 'Meridian',
      active: true,
      status: 'active',
      domain: [],
    });
    for (const item of CATALOG.filter((entry) => entry.isLicenseRequired))
      expect(organizations[0]!.licenses.products[item.product]).toEqual({ enabled: true });
    // A later start finds it seeded and adds nothing (the scale organization included).
    expect(await seedOnStart(fresh, production, { scale: true })).toBe(false);
    expect(await freshCount('SELECT count(*)::int AS n FROM organizations')).toBe(1);
  });

  it('leaves demo accounts an earlier version seeded as they are, and names them in a warning', async () => {
    await db.query(`UPDATE users SET active = false WHERE email = 'viewer@meridian.test'`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await seedOnStart(db, production);
      // Re-anchoring (outside production) would have made it active again.
      expect(await count(`SELECT count(*)::int AS n FROM users WHERE email = 'viewer@meridian.test' AND active`)).toBe(
        0,
      );
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('admin@meridian.test');
      expect(String(warn.mock.calls[0]![0])).not.toContain('viewer@meridian.test');
    } finally {
      warn.mockRestore();
      await reanchorDemoAccounts(db, now);
    }
  });
});
