import {
  DAY_MS,
  defaultLicenses,
  validateOrganizationId,
  type JobKind,
  type Licenses,
  type OrganizationStatus,
} from '@meridian/schema';
import { JOB_STEPS } from '../domain/jobs.js';
import type { JobStep } from '../stores/jobs.js';
import { OPERATORS_ORGANIZATION_ID } from '../domain/operators.js';
import { CATALOG, CUSTOMER_SEGMENTS } from './catalog.js';
import { CITIES, PLACES, SEGMENT_NOUNS, slug } from './names.js';
import type { Random } from './random.js';

/** A row of `organizations`, as the bulk insert reads it (timestamps as ISO strings). */
export interface OrganizationRecord {
  id: string;
  name: string;
  active: boolean;
  status: OrganizationStatus;
  domain: string[];
  callback_urls: string[];
  primary_contact: { name: string; email: string } | Record<string, never>;
  licenses: Licenses;
  preferences: { bi_portal: { default_states: string[] } };
  customer_segment: string;
  medicare_licensed: boolean;
  onboarding: { bi?: { portal_url: string } };
  created_at: string;
  updated_at: string;
}

export const ORGANIZATION_COLUMNS =
  'id text, name text, active boolean, status text, domain text[], callback_urls text[], primary_contact jsonb, licenses jsonb, ' +
  'preferences jsonb, customer_segment text, medicare_licensed boolean, onboarding jsonb, created_at timestamptz, updated_at timestamptz';

/** What the user generator needs to know of an organization besides its row. */
export interface OrganizationPlan {
  record: OrganizationRecord;
  /** Users to generate, besides any demo accounts. */
  userCount: number;
  /** Share of its users holding a Tableau license (0: the organization licenses no seats). */
  tableauShare: number;
  /** Limits exactly used up, so the console shows its "limit reached" refusals. */
  atLimit: boolean;
  operators: boolean;
  /** The lifecycle jobs that brought it to its status. */
  jobs: JobRecord[];
}

/** A row of `organization_jobs`: seeded jobs have all finished, so nothing is left for the job runner. */
export interface JobRecord {
  organization_id: string;
  kind: JobKind;
  status: 'completed' | 'failed';
  started_at: string;
  completed_at: string | null;
  steps: JobStep[];
}

export const JOB_COLUMNS =
  'organization_id text, kind text, status text, started_at timestamptz, completed_at timestamptz, steps jsonb';

/** The jobs an organization in each status has been through, in order. */
const JOBS_BEHIND: Record<OrganizationStatus, JobKind[]> = {
  created: [],
  onboarding: ['onboarding'],
  deploying: ['onboarding', 'deployment'],
  active: ['onboarding', 'deployment'],
  offboarding: ['onboarding', 'deployment', 'offboarding'],
  offboarded: ['onboarding', 'deployment', 'offboarding'],
};

export const ACME_HEALTH_ID = 'acme-health';
export const BI_PORTAL_BASE = 'https://bi.example.test';

const CUSTOMER_ORGANIZATION_COUNT = 64;
/** Customer users to generate across all customer organizations (the demo accounts come on top). */
const CUSTOMER_USER_TARGET = 3300;

/** How many customer organizations stand in each lifecycle state: mostly active. */
const STATUS_COUNTS: Record<OrganizationStatus, number> = {
  created: 3,
  onboarding: 4,
  deploying: 4,
  active: 46,
  offboarding: 3,
  offboarded: 4,
};

/** Products an enabled entry may name: everything the catalog requires a license for. */
const LICENSABLE = CATALOG.filter((item) => item.isLicenseRequired).map((item) => item.product);
const BI_PRODUCTS = ['market_intelligence', 'provider_intelligence', 'population_intelligence'];
const OPTIONAL_PRODUCTS = [
  'risk_adjustment_model',
  'referral_model',
  'pharmacy_data',
  'payer_mix_fields',
  'provider_specialty_fields',
];

const iso = (date: Date): string => date.toISOString();
const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

export function hasManagedProviders(record: OrganizationRecord): boolean {
  return record.licenses.products.managed_providers?.enabled === true;
}

/** An enabled-products map; some other products appear disabled, as after a downgrade. */
function customerProducts(random: Random, medicare: boolean, managedProviders: boolean): Licenses['products'] {
  const enabled = new Set(random.sample(BI_PRODUCTS, random.int(1, 3)));
  for (const product of OPTIONAL_PRODUCTS) if (random.chance(0.3)) enabled.add(product);
  if (medicare) enabled.add('medicare_field_group');
  if (managedProviders) enabled.add('managed_providers');
  const products: Licenses['products'] = {};
  for (const product of LICENSABLE) {
    if (enabled.has(product)) products[product] = { enabled: true };
    // Only top-level products, so no disabled entry contradicts a dependency of an enabled one.
    else if ([...BI_PRODUCTS, ...OPTIONAL_PRODUCTS].includes(product) && random.chance(0.1))
      products[product] = { enabled: false };
  }
  return products;
}

/** The states the BI portal filters to by default: the home state and a few others, or none. */
function defaultStates(random: Random, homeState: string): string[] {
  if (random.chance(0.2)) return [];
  const others = random.sample([...new Set(CITIES.map(([, state]) => state))], random.int(0, 3));
  return [...new Set([homeState, ...others])].sort();
}

/** When an organization of each state was created, so its jobs fit in before now. */
function createdDaysAgo(random: Random, status: OrganizationStatus): number {
  switch (status) {
    case 'created':
      return random.int(1, 10);
    case 'onboarding':
      return random.int(5, 30);
    case 'deploying':
      return random.int(12, 45);
    case 'active':
      return random.int(60, 900);
    case 'offboarding':
    case 'offboarded':
      return random.int(400, 900);
  }
}

function uniqueName(random: Random, segment: string, taken: Set<string>): string {
  for (;;) {
    const name = `${random.pick(PLACES)} ${random.pick(SEGMENT_NOUNS[segment]!)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** An organization id from its name, within the id rule's 40 characters. */
function organizationId(name: string): string {
  const id = slug(name).slice(0, 40).replace(/-+$/, '');
  if (validateOrganizationId(id) !== null) throw new Error(`Seed produced an invalid organization id: ${id}`);
  return id;
}

/** Users per organization: a long tail of small customers and a few large ones, scaled to the target. */
function userCounts(random: Random, statuses: OrganizationStatus[]): number[] {
  const weights = statuses.map((status) => {
    if (status === 'created') return 0;
    if (status === 'onboarding' || status === 'deploying') return 0.05;
    return Math.exp(random.next() * Math.log(30)); // 1 to 30, log-uniform
  });
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w, i) => {
    if (statuses[i] === 'created') return 1;
    return Math.max(2, Math.round((w / total) * CUSTOMER_USER_TARGET));
  });
}

/**
 * The jobs an organization in `status` has run, spread between its creation and now; with `lastFailed`
 * the last one failed at some step.
 */
export function lifecycleJobs(
  random: Random,
  id: string,
  status: OrganizationStatus,
  lastFailed: boolean,
  createdAt: Date,
  now: Date,
): JobRecord[] {
  const kinds = JOBS_BEHIND[status];
  const runs = kinds.map((kind, i) => [kind, lastFailed && i === kinds.length - 1 ? 'failed' : 'completed'] as const);
  const span = now.getTime() - createdAt.getTime();
  return runs.map(([kind, jobStatus], i) => {
    const startedAt = createdAt.getTime() + (span * (i + 0.2 + 0.6 * random.next())) / runs.length;
    const names = JOB_STEPS[kind];
    const failedAt = jobStatus === 'failed' ? random.int(0, names.length - 1) : names.length;
    return {
      organization_id: id,
      kind,
      status: jobStatus,
      started_at: iso(new Date(startedAt)),
      completed_at: jobStatus === 'completed' ? iso(new Date(startedAt + random.int(2, 30) * 60_000)) : null,
      steps: names.map((name, step): JobStep => {
        if (step < failedAt) return { name, status: 'completed' };
        if (step > failedAt) return { name, status: 'pending' };
        return { name, status: 'failed', message: `${name} timed out. Start the ${kind} again.` };
      }),
    };
  });
}

export interface OrganizationShape {
  id: string;
  name: string;
  status: OrganizationStatus;
  segment: string;
  domain: string[];
  products: Licenses['products'];
  medicare: boolean;
  portal: boolean;
  createdAt: Date;
}

export function organizationRecord(random: Random, shape: OrganizationShape, now: Date): OrganizationRecord {
  const [, homeState] = random.pick(CITIES);
  return {
    id: shape.id,
    name: shape.name,
    active: shape.status === 'active' || shape.status === 'offboarding',
    status: shape.status,
    domain: shape.domain,
    callback_urls: shape.portal ? [`${BI_PORTAL_BASE}/${shape.id}/callback`] : [],
    primary_contact: {},
    licenses: { ...defaultLicenses(), products: shape.products },
    preferences: { bi_portal: { default_states: defaultStates(random, homeState) } },
    customer_segment: shape.segment,
    medicare_licensed: shape.medicare,
    onboarding: shape.portal ? { bi: { portal_url: `${BI_PORTAL_BASE}/${shape.id}` } } : {},
    created_at: iso(shape.createdAt),
    updated_at: iso(new Date(Math.min(now.getTime(), shape.createdAt.getTime() + random.int(0, 60) * DAY_MS))),
  };
}

/** An organization that has run onboarding and deployment to completion: active since. */
function activePlan(
  random: Random,
  shape: OrganizationShape,
  now: Date,
  rest: Pick<OrganizationPlan, 'userCount' | 'tableauShare' | 'operators'>,
): OrganizationPlan {
  const record = organizationRecord(random, shape, now);
  return {
    record,
    atLimit: false,
    jobs: lifecycleJobs(random, shape.id, 'active', false, shape.createdAt, now),
    ...rest,
  };
}

/** The operators' organization: named like the product, licensed for everything. */
export function operatorsOrganization(random: Random, productName: string, now: Date): OrganizationPlan {
  const products = Object.fromEntries(LICENSABLE.map((product) => [product, { enabled: true }]));
  const shape: OrganizationShape = {
    id: OPERATORS_ORGANIZATION_ID,
    name: productName,
    status: 'active',
    segment: 'health-plan',
    domain: ['meridian.test'],
    products,
    medicare: true,
    portal: true,
    createdAt: daysBefore(now, 1200),
  };
  return activePlan(random, shape, now, { userCount: 10, tableauShare: 0.5, operators: true });
}

/**
 * The operators' organization as production starts with it: their own, licensed for everything, with
 * none of the demo's history (no email domain, BI portal or past jobs; created now).
 */
export function productionOperatorsOrganization(random: Random, productName: string, now: Date): OrganizationRecord {
  const { record } = operatorsOrganization(random, productName, now);
  return {
    ...record,
    domain: [],
    callback_urls: [],
    onboarding: {},
    preferences: { bi_portal: { default_states: [] } },
    created_at: iso(now),
    updated_at: iso(now),
  };
}

/** Acme Health, home of the customer demo accounts: active, managed providers, a BI portal. */
export function acmeHealth(random: Random, now: Date): OrganizationPlan {
  const products = {
    market_intelligence: { enabled: true },
    provider_intelligence: { enabled: true },
    managed_providers: { enabled: true },
    medicare_field_group: { enabled: true },
    referral_model: { enabled: false },
  };
  const shape: OrganizationShape = {
    id: ACME_HEALTH_ID,
    name: 'Acme Health',
    status: 'active',
    segment: 'provider-group',
    domain: ['acme.test'],
    products,
    medicare: true,
    portal: true,
    createdAt: daysBefore(now, 540),
  };
  return activePlan(random, shape, now, { userCount: 45, tableauShare: 0.6, operators: false });
}

/** The customer organizations: every segment, every lifecycle state, mostly active. */
export function customerOrganizations(random: Random, now: Date): OrganizationPlan[] {
  const statuses = random.shuffle(
    Object.entries(STATUS_COUNTS).flatMap(([status, count]) =>
      Array<OrganizationStatus>(count).fill(status as OrganizationStatus),
    ),
  );
  if (statuses.length !== CUSTOMER_ORGANIZATION_COUNT)
    throw new Error('STATUS_COUNTS must add up to CUSTOMER_ORGANIZATION_COUNT');
  const counts = userCounts(random, statuses);
  const segments = CUSTOMER_SEGMENTS.map((segment) => segment.id);
  const names = new Set<string>(['Acme Health', 'Northwind Health Partners']);
  const seenOfStatus = new Map<OrganizationStatus, number>();
  let atLimitLeft = 2;
  return statuses.map((status, i) => {
    const segment = i === 0 ? 'health-plan' : segments[i % segments.length]!;
    const name = i === 0 ? 'Northwind Health Partners' : uniqueName(random, segment, names);
    const id = organizationId(name);
    const nth = seenOfStatus.get(status) ?? 0;
    seenOfStatus.set(status, nth + 1);
    // Alternate, so both outcomes of an unfinished move are on show.
    const lastFailed =
      status === 'offboarding' || ((status === 'onboarding' || status === 'deploying') && nth % 2 === 1);
    const medicare = random.chance(segment === 'health-plan' ? 0.7 : 0.25);
    const managed = random.chance(segment === 'provider-group' || segment === 'health-plan' ? 0.6 : 0.2);
    const deployed = status === 'active' || status === 'offboarding' || (status === 'deploying' && !lastFailed);
    const domain = random.chance(0.15) ? [`${id}.test`, `${slug(name.split(' ')[0]!)}-${id}.test`] : [`${id}.test`];
    const createdAt = daysBefore(now, createdDaysAgo(random, status));
    const shape = {
      id,
      name,
      status,
      segment,
      domain,
      products: customerProducts(random, medicare, managed),
      medicare,
      portal: deployed && random.chance(0.65),
      createdAt,
    };
    const record = organizationRecord(random, shape, now);
    const atLimit = status === 'active' && counts[i]! >= 8 && atLimitLeft > 0;
    if (atLimit) atLimitLeft--;
    return {
      record,
      userCount: counts[i]!,
      tableauShare: random.chance(0.2) ? 0 : 0.4 + random.next() * 0.4,
      atLimit,
      operators: false,
      jobs: lifecycleJobs(random, id, status, lastFailed, createdAt, now),
    };
  });
}
