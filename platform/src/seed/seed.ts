import { hash } from '@node-rs/argon2';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import { OPERATORS_ORGANIZATION_ID } from '../domain/operators.js';
import {
  activeUsersAmong,
  analyzeTables,
  hasOrganizations,
  insertRecords,
  organizationExists,
} from '../stores/seed.js';
import { seedCatalog } from './catalog.js';
import { CREDENTIAL_COLUMNS, organizationCredentials, userCredentials, type CredentialRecord } from './credentials.js';
import { DEMO_EMAILS, demoUsers, reanchorDemoAccounts } from './demo.js';
import { ensureDemoSecondFactor } from './second-factor.js';
import {
  ACME_HEALTH_ID,
  JOB_COLUMNS,
  ORGANIZATION_COLUMNS,
  acmeHealth,
  customerOrganizations,
  hasManagedProviders,
  operatorsOrganization,
  productionOperatorsOrganization,
  type JobRecord,
  type OrganizationRecord,
} from './organizations.js';
import {
  PROVIDER_COLUMNS,
  PROVIDER_LINK_COLUMNS,
  organizationProviderLinks,
  providerDirectory,
  type ProviderLinkRecord,
  type ProviderRecord,
} from './providers.js';
import { SEED, createRandom, type Random } from './random.js';
import { SCALE_ORGANIZATION_ID, loadScaleUsers, scaleOrganization } from './scale.js';
import { USER_COLUMNS, fitLicenses, organizationUsers, withPrimaryContact, type UserRecord } from './users.js';

export { DEMO_ACCOUNTS, TOTP_DEMO_EMAIL, TOTP_DEMO_KEY, type DemoAccount } from './demo.js';
export { reanchorDemoAccounts };

export interface SeedOptions {
  /** Also seed one organization with 100,000 users (for benchmarks). */
  scale?: boolean;
  /** The moment the seed's ages count back from (default: now). */
  now?: Date;
}

/** Every row of a fresh seed, built in memory before one bulk insert per table. */
export interface SeedPlan {
  organizations: OrganizationRecord[];
  jobs: JobRecord[];
  users: UserRecord[];
  credentials: CredentialRecord[];
  providers: ProviderRecord[];
  providerLinks: ProviderLinkRecord[];
}

/** Statuses after onboarding completed: organizations in them may have edited their providers. */
const ONBOARDED = new Set(['deploying', 'active', 'offboarding', 'offboarded']);

const emailsOf = (users: readonly UserRecord[], test: (user: UserRecord) => boolean): string[] =>
  users.filter(test).map((user) => user.email);

function providerLinksOf(
  random: Random,
  organizations: readonly OrganizationRecord[],
  editorsOf: (id: string) => string[],
  now: Date,
): { providers: ProviderRecord[]; providerLinks: ProviderLinkRecord[] } {
  const providers = providerDirectory(random);
  const providerLinks = organizations
    .filter((organization) => hasManagedProviders(organization) && ONBOARDED.has(organization.status))
    .flatMap((organization) => {
      const counts =
        organization.id === ACME_HEALTH_ID
          ? { aliases: 60, relationships: 90 }
          : { aliases: random.int(10, 60), relationships: random.int(15, 80) };
      return organizationProviderLinks(random, organization, editorsOf(organization.id), providers, now, counts);
    });
  return { providers, providerLinks };
}

/**
 * Builds the whole seed from the seeded random generator: the same `now` and hash give the same rows.
 * The demo accounts come first in their organizations, so they become the primary contacts.
 */
export function planSeed(productName: string, passwordHash: string, now: Date): SeedPlan {
  const random = createRandom();
  const plans = [
    operatorsOrganization(random, productName, now),
    acmeHealth(random, now),
    ...customerOrganizations(random, now),
  ];
  const taken = new Set(DEMO_EMAILS);
  const demo = demoUsers(passwordHash, now);
  const generatedByOrganization = new Map(
    plans.map((plan) => [plan.record.id, organizationUsers(random, plan, now, passwordHash, taken)]),
  );
  const usersOf = (id: string) => [
    ...demo.filter((user) => user.organization_id === id),
    ...generatedByOrganization.get(id)!,
  ];
  const organizations = plans.map((plan) =>
    withPrimaryContact(fitLicenses(random, plan, usersOf(plan.record.id)), usersOf(plan.record.id)),
  );
  const users = plans.flatMap((plan) => usersOf(plan.record.id));
  const generated = [...generatedByOrganization.values()].flat();
  const operators = emailsOf(usersOf(OPERATORS_ORGANIZATION_ID), (user) => user.active && user.role === 'systemAdmin');
  const editorsOf = (id: string) =>
    emailsOf(usersOf(id), (user) => user.active && (user.role === 'orgAdmin' || user.role === 'systemAdmin'));
  // The demo accounts' credentials are re-anchored separately (reanchorDemoAccounts).
  const credentials = [
    ...userCredentials(random, generated, now),
    ...organizations.flatMap((organization) =>
      organizationCredentials(random, organization, [...editorsOf(organization.id), ...operators], now),
    ),
  ];
  return {
    organizations,
    jobs: plans.flatMap((plan) => plan.jobs),
    users,
    credentials,
    ...providerLinksOf(random, organizations, editorsOf, now),
  };
}

async function insertPlan(db: Queryable, plan: SeedPlan, now: Date): Promise<void> {
  await seedCatalog(db);
  await insertRecords(db, 'organizations', ORGANIZATION_COLUMNS, plan.organizations);
  await insertRecords(db, 'organization_jobs', JOB_COLUMNS, plan.jobs);
  await insertRecords(db, 'users', USER_COLUMNS, plan.users);
  await insertRecords(db, 'credentials', CREDENTIAL_COLUMNS, plan.credentials);
  await insertRecords(db, 'providers', PROVIDER_COLUMNS, plan.providers);
  await insertRecords(db, 'provider_links', PROVIDER_LINK_COLUMNS, plan.providerLinks);
  await reanchorDemoAccounts(db, now);
}

async function insertScale(db: Queryable, passwordHash: string, now: Date): Promise<void> {
  const { record, jobs } = scaleOrganization(createRandom(SEED + 1), now);
  await insertRecords(db, 'organizations', ORGANIZATION_COLUMNS, [record]);
  await insertRecords(db, 'organization_jobs', JOB_COLUMNS, jobs);
  await loadScaleUsers(db, passwordHash, now);
}

/**
 * Production's first seed (issue 39 §2): the product's own data alone, the catalog (products, segments,
 * features) and the operators' organization. No person, no customer organization, no provider: the
 * first operator comes from `create-operator` (cli/create-operator.ts).
 */
async function seedProductData(db: Database, config: PlatformConfig, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCatalog(tx);
    await insertRecords(tx, 'organizations', ORGANIZATION_COLUMNS, [
      productionOperatorsOrganization(createRandom(), config.productName, now),
    ]);
  });
}

/**
 * Seeds a new database on first start; returns false when it already held data (whose demo account
 * with an authenticator app is then kept: second-factor.ts). With `scale`, also
 * adds the 100,000-user organization, then or on a later start if it is missing. The shared password
 * is hashed once for every seeded user. In production only the product's own data (seedProductData):
 * no demo account, organization or scale.
 */
export async function seedIfEmpty(db: Database, config: PlatformConfig, options: SeedOptions = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  const empty = !(await hasOrganizations(db));
  if (config.appEnv === 'production') {
    if (empty) await seedProductData(db, config, now);
    return empty;
  }
  const addScale = options.scale === true && (empty || !(await organizationExists(db, SCALE_ORGANIZATION_ID)));
  if (!empty && !addScale) {
    await ensureDemoSecondFactor(db, config, now);
    return false;
  }
  const passwordHash = await hash(config.seedPassword);
  await db.transaction(async (tx) => {
    if (empty) await insertPlan(tx, planSeed(config.productName, passwordHash, now), now);
    if (addScale) await insertScale(tx, passwordHash, now);
    await ensureDemoSecondFactor(tx, config, now);
  });
  // Statistics for the tables just filled: without them the planner guesses (PGlite runs no
  // autovacuum) and answers a search of the scale organization from the wrong index.
  await analyzeTables(db);
  return empty;
}

/**
 * What a start (and `npm run reset`) does under the seed lock: seeds a new database, then, outside
 * production, puts the demo accounts' states back to what the README promises. In production the demo
 * accounts are never touched (re-anchoring reactivates them); any that an earlier version seeded there
 * are named in a warning, for the operators to deactivate.
 */
export async function seedOnStart(db: Database, config: PlatformConfig, options: SeedOptions = {}): Promise<boolean> {
  const seeded = await seedIfEmpty(db, config, options);
  if (config.appEnv !== 'production') {
    await reanchorDemoAccounts(db, options.now);
    return seeded;
  }
  const active = await activeUsersAmong(db, DEMO_EMAILS);
  if (active.length > 0)
    console.warn(
      `This production database holds active demo accounts an earlier version seeded (with the published ` +
        `password, unless changed since): ${active.join(', ')}. Deactivate them; ` +
        'create your own operator first (npm run create-operator).',
    );
  return seeded;
}
