import { LICENSE_USAGE_KEYS, stripLicenseUsage } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { dependencyMap } from './license-products.js';
import {
  aboveUserLimitWarning,
  belowUsageWarning,
  LICENSE_USAGE_FIELDS,
  licensesSaveWarnings,
  licenseValuesOf,
  stripUsageFields,
  toLicensesInput,
  validateLicenses,
} from './licenses-form.js';

/** Licenses as the gateway answers them: usage figures and Apollo's __typename included. */
const source = {
  __typename: 'Licenses',
  userLimit: 20,
  activeUsers: 12,
  tableauUserLicenses: {
    __typename: 'TableauUserLicenses',
    explorerCount: 5,
    viewerCount: 10,
    explorerUsed: 2,
    viewerUsed: 3,
  },
  products: [
    { __typename: 'LicensedProduct', product: 'claims_data', enabled: true },
    { __typename: 'LicensedProduct', product: 'pharmacy_data', enabled: false },
  ],
};

const dependencies = dependencyMap([
  { id: 'claims_data', name: 'Claims', description: '', kind: 'DATA', dependencies: [] },
  { id: 'provider_data', name: 'Providers', description: '', kind: 'DATA', dependencies: [] },
  { id: 'pharmacy_data', name: 'Pharmacy', description: '', kind: 'DATA', dependencies: [] },
  {
    id: 'managed_providers',
    name: 'MP',
    description: '',
    kind: 'X',
    dependencies: ['provider_alias', 'provider_relationship'],
  },
  { id: 'provider_alias', name: 'Alias', description: '', kind: 'X', dependencies: ['provider_data'] },
  { id: 'provider_relationship', name: 'Rel', description: '', kind: 'X', dependencies: ['provider_data'] },
]);

const saved = licenseValuesOf(source);

/** Every key of a value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);
}

describe('licenses form', () => {
  it('holds counts as typed and the enabled products', () => {
    expect(saved).toEqual({ userLimit: '20', explorerCount: '5', viewerCount: '10', products: ['claims_data'] });
  });

  it('names the usage fields of schema’s exclusion list in the contract’s words', () => {
    expect(LICENSE_USAGE_KEYS).toEqual(['active_users', 'explorer_used', 'viewer_used']);
    expect(LICENSE_USAGE_FIELDS).toEqual(['activeUsers', 'explorerUsed', 'viewerUsed']);
  });

  it('strips usage fields and __typename at any depth, as schema’s stripLicenseUsage does for REST', () => {
    const stripped = stripUsageFields(source);
    expect(keysOf(stripped).filter((key) => LICENSE_USAGE_FIELDS.includes(key) || key === '__typename')).toEqual([]);
    expect(stripped.tableauUserLicenses).toEqual({ explorerCount: 5, viewerCount: 10 });
    // The same idea on the REST shape, for comparison: schema strips the snake_case keys.
    expect(stripLicenseUsage({ user_limit: 20, active_users: 12 })).toEqual({ user_limit: 20 });
  });

  it('sends nothing when nothing changed', () => {
    expect(toLicensesInput(saved, saved, dependencies)).toBeNull();
    expect(toLicensesInput({ ...saved, userLimit: ' 020 ' }, saved, dependencies)).toBeNull();
  });

  it('maps changes to LicensesInput with the input’s own fields only: never a usage figure', () => {
    const input = toLicensesInput(
      { userLimit: '25', explorerCount: '5', viewerCount: '12', products: ['claims_data', 'managed_providers'] },
      saved,
      dependencies,
    );
    expect(input).toEqual({
      userLimit: 25,
      tableauUserLicenses: { viewerCount: 12 },
      products: [
        { product: 'managed_providers', enabled: true },
        { product: 'provider_alias', enabled: true },
        { product: 'provider_data', enabled: true },
        { product: 'provider_relationship', enabled: true },
      ],
    });
    const allowed = [
      'userLimit',
      'tableauUserLicenses',
      'explorerCount',
      'viewerCount',
      'products',
      'product',
      'enabled',
    ];
    expect(keysOf(input).every((key) => allowed.includes(key))).toBe(true);
  });

  it('sends a product switched off as disabled, and only the products that change', () => {
    expect(toLicensesInput({ ...saved, products: [] }, saved, dependencies)).toEqual({
      products: [{ product: 'claims_data', enabled: false }],
    });
  });

  it('checks counts are whole numbers within the platform’s bounds', () => {
    expect(validateLicenses(saved)).toEqual({});
    expect(validateLicenses({ ...saved, userLimit: '-1', explorerCount: '2.5', viewerCount: '2000000' })).toEqual({
      userLimit: 'User limit must be a whole number, 0 or more.',
      'tableauUserLicenses.explorerCount': 'Explorer licenses must be a whole number, 0 or more.',
      'tableauUserLicenses.viewerCount': 'Viewer licenses must be at most 1,000,000.',
    });
  });

  it('warns beside a changed limit below what is in use (the platform refuses it)', () => {
    expect(belowUsageWarning('10', 20, 12, 'active users')).toBe(
      '12 active users in use: a limit below that is refused.',
    );
    expect(belowUsageWarning('12', 20, 12, 'active users')).toBeNull();
    // A limit already exceeded is not judged while unchanged.
    expect(belowUsageWarning('10', 10, 12, 'active users')).toBeNull();
  });

  it('warns when a Tableau level has more seats than the user limit lets anyone use', () => {
    expect(aboveUserLimitWarning('30', '20', 'explorer licenses')).toBe(
      '30 explorer licenses for a user limit of 20: at most 20 can be assigned.',
    );
    expect(aboveUserLimitWarning('20', '20', 'explorer licenses')).toBeNull();
    expect(aboveUserLimitWarning('30', 'abc', 'explorer licenses')).toBeNull();
  });

  it('warns at save with the figures in use, judging only what this save changes', () => {
    const warn = (changes: Partial<typeof saved>) => licensesSaveWarnings({ ...saved, ...changes }, saved, source);
    expect(warn({})).toEqual([]);
    expect(warn({ userLimit: '10' })).toEqual([
      '12 users are active (invited users included): the platform refuses a user limit of 10 until users are deactivated or invitations revoked.',
      '5 explorer and 10 viewer licenses for a user limit of 10: each user holds one, so at most 10 can be assigned.',
    ]);
    expect(warn({ explorerCount: '1' })).toEqual([
      '2 explorer licenses are assigned: the platform refuses 1 until users get another license.',
    ]);
    // Seats already above the limit are not judged by a save that changes only the products.
    const crowded = { ...saved, explorerCount: '30' };
    expect(licensesSaveWarnings({ ...crowded, products: ['claims_data', 'pharmacy_data'] }, crowded, source)).toEqual(
      [],
    );
    expect(warn({ userLimit: 'abc' })).toEqual([]);
  });
});
