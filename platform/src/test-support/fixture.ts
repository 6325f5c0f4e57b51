import { hash } from '@node-rs/argon2';
import { DAY_MS, defaultLicenses, npiCheckDigit, type Licenses } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { seedCatalog } from '../seed/catalog.js';

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'fixture-password-1';

const licensed = (products: string[], overrides: Partial<Licenses> = {}): Licenses => ({
  ...defaultLicenses(),
  tableau_user_licenses: { explorer_count: 2, viewer_count: 3 },
  user_limit: 10,
  products: Object.fromEntries(products.map((key) => [key, { enabled: true }])),
  ...overrides,
});

/** Small, fixed organizations: the operators, one with managed providers licensed, one without. */
export const FIXTURE_ORGANIZATIONS = [
  {
    id: 'meridian',
    name: 'Meridian',
    status: 'active',
    segment: 'health-plan',
    licenses: licensed(['managed_providers'], { user_limit: 50 }),
  },
  {
    id: 'acme',
    name: 'Acme Health',
    status: 'active',
    segment: 'provider-group',
    licenses: licensed(['managed_providers', 'market_intelligence']),
    portalUrl: 'https://bi.acme.test/portal',
  },
  {
    id: 'globex',
    name: 'Globex Care',
    status: 'active',
    segment: 'health-plan',
    licenses: licensed(['market_intelligence']),
  },
  { id: 'initech', name: 'Initech Clinics', status: 'created', segment: 'employer', licenses: defaultLicenses() },
] as const;

export const FIXTURE_USERS = [
  { email: 'admin@meridian.test', org: 'meridian', role: 'systemAdmin', name: 'Ada Admin' },
  { email: 'viewer@meridian.test', org: 'meridian', role: 'systemViewer', name: 'Vera Viewer' },
  { email: 'orgadmin@acme.test', org: 'acme', role: 'orgAdmin', name: 'Olive Acme', tableau: 'explorer' },
  { email: 'user@acme.test', org: 'acme', role: 'orgUser', name: 'Uma Acme', tableau: 'viewer', dataAccess: true },
  { email: 'inactive@acme.test', org: 'acme', role: 'orgUser', name: 'Ian Inactive', active: false },
  { email: 'orgadmin@globex.test', org: 'globex', role: 'orgAdmin', name: 'Gus Globex' },
  { email: 'user@globex.test', org: 'globex', role: 'orgUser', name: 'Gia Globex' },
] as const;

/** Valid NPIs: 10-digit ones, and one 15-digit one with the 80840 prefix. */
export function fixtureNpis(): string[] {
  const tens = ['123456789', '987654321', '111222333', '444555666', '777888999'].map(
    (body) => body + npiCheckDigit(body),
  );
  const fifteen = `80840${'246813579'}`;
  return [...tens, fifteen + npiCheckDigit(fifteen)];
}

/** Seeds the fixture: a few rows per table, enough for every rule to have a case. */
export async function seedFixture(db: Queryable): Promise<void> {
  await seedCatalog(db);
  for (const org of FIXTURE_ORGANIZATIONS) {
    await db.query(
      `INSERT INTO organizations (id, name, active, status, domain, primary_contact, licenses, customer_segment, onboarding)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        org.id,
        org.name,
        org.status === 'active',
        org.status,
        [`${org.id}.test`],
        { name: `${org.name} Contact`, email: `contact@${org.id}.test` },
        org.licenses,
        org.segment,
        'portalUrl' in org ? { bi: { portal_url: org.portalUrl } } : {},
      ],
    );
  }
  const passwordHash = await hash(FIXTURE_PASSWORD);
  for (const user of FIXTURE_USERS) {
    await db.query(
      `INSERT INTO users (email, organization_id, name, password_hash, role, active, tableau_license, direct_data_access_enabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        user.email,
        user.org,
        user.name,
        passwordHash,
        user.role,
        'active' in user ? user.active : true,
        'tableau' in user ? user.tableau : null,
        'dataAccess' in user ? user.dataAccess : false,
      ],
    );
  }
  const specialties = ['Cardiology', 'Family Medicine', 'Oncology', 'Pediatrics', 'Orthopedics', 'Dermatology'];
  for (const [i, npi] of fixtureNpis().entries()) {
    await db.query(`INSERT INTO providers (npi, name, specialty, city, state, zip) VALUES ($1, $2, $3, $4, $5, $6)`, [
      npi,
      `Provider ${i + 1}`,
      specialties[i % specialties.length],
      'Springfield',
      'IL',
      '62701',
    ]);
  }
  await db.query(
    `INSERT INTO credentials (id, organization_id, user_email, secret_hash, generated_at, created_by)
     VALUES ('cred-user-acme', 'acme', 'user@acme.test', 'x', $1, 'user@acme.test')`,
    [new Date(Date.now() - 88 * DAY_MS)],
  );
}
