import type { StubHandler } from '../../apollo/test-support.js';
import { renderWithGateway as renderConsoleWithGateway } from '../../routes/test-support.js';
import type { SessionUser } from '../../session/session-user.js';

/** The catalog answers every organizations screen may ask for. */
export const CATALOG_HANDLERS: Record<string, StubHandler> = {
  CatalogVersionCheck: () => ({ catalogVersion: '1', prCatalogVersion: '1' }),
  OrganizationCustomerSegments: () => ({
    customerSegments: [
      { __typename: 'CustomerSegment', id: 'health-plan', name: 'Health Plan', description: 'Payers.', active: true },
      { __typename: 'CustomerSegment', id: 'employer', name: 'Employer', description: 'Employers.', active: true },
      { __typename: 'CustomerSegment', id: 'legacy', name: 'Legacy', description: 'Retired.', active: false },
    ],
  }),
  OrganizationLicensableProducts: () => ({
    catalogProducts: [
      product('claims_data', 'DATA', 'Claims Data'),
      product('provider_data', 'DATA', 'Provider Data'),
      product('managed_providers', 'LICENSABLE_FIELD_GROUPS', 'Managed Providers', [
        'provider_alias',
        'provider_relationship',
      ]),
      product('provider_alias', 'PROVIDER_ALIAS', 'Provider Aliases', ['provider_data']),
      product('provider_relationship', 'PROVIDER_RELATIONSHIP', 'Provider Relationships', ['provider_data']),
    ],
  }),
};

function product(id: string, kind: string, name: string, dependencies: string[] = []) {
  return { __typename: 'CatalogProduct', id, version: '1', kind, name, description: `${name}.`, dependencies };
}

const job = (status = 'NOT_STARTED', steps: { name: string; status: string }[] = []) => ({
  __typename: 'LifecycleJob',
  status,
  startedAt: status === 'NOT_STARTED' ? null : '2026-11-20T10:00:00Z',
  completedAt: null,
  attempts: status === 'NOT_STARTED' ? 0 : 1,
  steps: steps.map((step) => ({ __typename: 'JobStep', message: null, ...step })),
});

export const steps = (names: string[], status: string) => names.map((name) => ({ name, status }));

/** An organization as the gateway answers the update page (every sub-page's fields). */
export function organizationRecord(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Organization',
    id: 'acme',
    name: 'Acme Health',
    status: 'ACTIVE',
    lifecycleProblem: null,
    active: true,
    allowedActions: ['SWITCH_SEGMENT', 'OFFBOARD'],
    customerSegment: 'health-plan',
    medicareLicensed: false,
    domain: ['acme.test'],
    callbackUrls: [],
    primaryContact: { __typename: 'PrimaryContact', name: 'Ada Contact', email: 'ada@acme.test' },
    biPortalUrl: null,
    biPortal: { __typename: 'BiPortalPreferences', defaultStates: ['CA'] },
    requireMfa: false,
    sso: null,
    ssoServiceProvider: {
      __typename: 'SsoServiceProvider',
      redirectUri: 'https://id.meridian.test/sso/oidc/callback',
      entityId: 'https://id.meridian.test/sso/saml/acme',
      acsUrl: 'https://id.meridian.test/sso/saml/acme/acs',
      metadataUrl: 'https://id.meridian.test/sso/saml/acme/metadata',
    },
    licenses: {
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
      products: [{ __typename: 'LicensedProduct', product: 'claims_data', enabled: true }],
    },
    onboarding: job('COMPLETED', steps(['Create tenant workspace'], 'COMPLETED')),
    deployment: job('COMPLETED', steps(['Configure sign-in'], 'COMPLETED')),
    offboarding: job(),
    credentials: [],
    features: [
      {
        __typename: 'Feature',
        key: 'feature:managed-providers',
        isLicensed: true,
        isAvailable: true,
      },
    ],
    ...overrides,
  };
}

export { job };

/** The console at `path` signed in as `user`, the gateway stub answering the catalog and `handlers`. */
export function renderWithGateway(path: string, user: SessionUser, handlers: Record<string, StubHandler>) {
  return renderConsoleWithGateway(path, user, { ...CATALOG_HANDLERS, ...handlers });
}
