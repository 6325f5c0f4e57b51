import { DAY_MS } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { fitScaleOrganization, insertScaleUsers, withoutUserIndexes } from '../stores/seed-scale.js';
import { FIRST_NAMES, LAST_NAMES } from './names.js';
import {
  lifecycleJobs,
  organizationRecord,
  type JobRecord,
  type OrganizationRecord,
  type OrganizationShape,
} from './organizations.js';
import type { Random } from './random.js';
import { MAX_PASSWORD_AGE_DAYS } from './users.js';

/** One organization with 100,000 users, so lists and benchmarks meet a realistic large tenant. */
export const SCALE_ORGANIZATION_ID = 'scale-health';
export const SCALE_USER_COUNT = 100_000;
const SCALE_DOMAIN = 'scale-health.test';

/** The scale organization's row (limits fitted after its users exist) and its finished jobs. */
export function scaleOrganization(random: Random, now: Date): { record: OrganizationRecord; jobs: JobRecord[] } {
  const createdAt = new Date(now.getTime() - 700 * DAY_MS);
  const products = {
    market_intelligence: { enabled: true },
    provider_intelligence: { enabled: true },
    population_intelligence: { enabled: true },
    risk_adjustment_model: { enabled: true },
  };
  const shape: OrganizationShape = {
    id: SCALE_ORGANIZATION_ID,
    name: 'Scale Health System',
    status: 'active',
    segment: 'provider-group',
    domain: [SCALE_DOMAIN],
    products,
    medicare: true,
    portal: true,
    createdAt,
  };
  return {
    record: organizationRecord(random, shape, now),
    jobs: lifecycleJobs(random, SCALE_ORGANIZATION_ID, 'active', false, createdAt, now),
  };
}

/**
 * The scale organization's users, made in the database from a multiplicative hash of their number (the
 * same on every run; user 1 an active org admin), and its limits and seats fitted to them.
 */
export async function loadScaleUsers(tx: Queryable, passwordHash: string, now: Date): Promise<void> {
  const users = {
    count: SCALE_USER_COUNT,
    organizationId: SCALE_ORGANIZATION_ID,
    domain: SCALE_DOMAIN,
    passwordHash,
    now,
    firstNames: [...FIRST_NAMES],
    lastNames: [...LAST_NAMES],
    maxPasswordAgeDays: MAX_PASSWORD_AGE_DAYS,
  };
  await withoutUserIndexes(tx, () => insertScaleUsers(tx, users));
  await fitScaleOrganization(tx, SCALE_ORGANIZATION_ID);
}
