import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshnessKey, isCatalogDocument, STALE_TIME_MS } from './freshness.js';
import { renderWithApollo } from './test-harness.js';
import { testApolloSetup, testDocument } from './test-support.js';
import { useFreshQuery } from './useFreshQuery.js';

interface UsersData {
  users: { rows: { email: string; name: string }[] };
}
const OrgUsersQuery = testDocument<UsersData, { organizationId: string }>(`
  query FreshnessTestOrgUsers($organizationId: ID!, $limit: Int = 50) {
    users(organizationId: $organizationId, limit: $limit) {
      rows {
        email
        name
      }
    }
  }
`);

interface CatalogData {
  catalogProducts: { id: string; name: string; version: string }[];
}
const CatalogQuery = testDocument<CatalogData>(`
  query FreshnessTestCatalog {
    catalogProducts(filters: { isLicenseRequired: true }) {
      id
      name
      version
    }
  }
`);

function Users({ organizationId }: { organizationId: string }) {
  const { data } = useFreshQuery(OrgUsersQuery, { variables: { organizationId } });
  return (
    <ul aria-label="users">
      {data?.users.rows.map((row) => (
        <li key={row.email}>{row.name}</li>
      ))}
    </ul>
  );
}

function Catalog() {
  const { data } = useFreshQuery(CatalogQuery);
  return (
    <ul aria-label="catalog">
      {data?.catalogProducts.map((row) => (
        <li key={row.id}>{row.name}</li>
      ))}
    </ul>
  );
}

let userName = 'Ada Acme';
let catalogVersion = '2026.11.1';

const handlers = {
  FreshnessTestOrgUsers: (variables: Record<string, unknown>) => ({
    users: {
      __typename: 'UserList',
      rows: [{ __typename: 'User', email: `user@${String(variables.organizationId)}.test`, name: userName }],
    },
  }),
  FreshnessTestCatalog: () => ({
    catalogProducts: [
      { __typename: 'CatalogProduct', id: 'bi_market', name: `Market (${catalogVersion})`, version: catalogVersion },
    ],
  }),
  CatalogVersionCheck: () => ({ catalogVersion, prCatalogVersion: `${catalogVersion}-pr` }),
};

async function signedInSetup() {
  const test = testApolloSetup(handlers);
  await test.setup.restoreFor('user@acme.test');
  return test;
}

describe('freshness (spec section 7 in Apollo terms)', () => {
  beforeEach(() => {
    localStorage.clear();
    userName = 'Ada Acme';
    catalogVersion = '2026.11.1';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('serves a result younger than 30 s from the cache without a request', async () => {
    const { setup, gateway } = await signedInSetup();
    const view = renderWithApollo(<Users organizationId="acme" />, setup);
    await screen.findByText('Ada Acme');
    expect(gateway.count('FreshnessTestOrgUsers')).toBe(1);
    view.unmount();

    vi.setSystemTime(Date.now() + STALE_TIME_MS - 1_000);
    userName = 'Ada Renamed';
    renderWithApollo(<Users organizationId="acme" />, setup);
    expect(screen.getByText('Ada Acme')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.count('FreshnessTestOrgUsers')).toBe(1);
    expect(screen.getByText('Ada Acme')).toBeTruthy();
  });

  it('shows an older result at once and refetches it', async () => {
    const { setup, gateway } = await signedInSetup();
    const view = renderWithApollo(<Users organizationId="acme" />, setup);
    await screen.findByText('Ada Acme');
    view.unmount();

    vi.setSystemTime(Date.now() + STALE_TIME_MS + 1_000);
    userName = 'Ada Renamed';
    renderWithApollo(<Users organizationId="acme" />, setup);
    // The stale result is on screen before the network answers…
    expect(screen.getByText('Ada Acme')).toBeTruthy();
    // …and replaced by the refetched one.
    await screen.findByText('Ada Renamed');
    expect(gateway.count('FreshnessTestOrgUsers')).toBe(2);
  });

  it('decides per variables: another organization is fetched, and re-renders send nothing more', async () => {
    const { setup, gateway } = await signedInSetup();
    const view = renderWithApollo(<Users organizationId="acme" />, setup);
    await screen.findByText('Ada Acme');
    view.rerenderWith(<Users organizationId="globex" />);
    await waitFor(() => expect(gateway.count('FreshnessTestOrgUsers')).toBe(2));
    view.rerenderWith(<Users organizationId="globex" />);
    view.rerenderWith(<Users organizationId="acme" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.count('FreshnessTestOrgUsers')).toBe(2);
  });

  it('keeps the fetch times across a reload, like the persisted cache', async () => {
    const first = await signedInSetup();
    const view = renderWithApollo(<Users organizationId="acme" />, first.setup);
    await screen.findByText('Ada Acme');
    await first.setup.persistence.flush();
    view.unmount();

    vi.setSystemTime(Date.now() + 5_000);
    const reload = testApolloSetup(handlers);
    await reload.setup.restoreFor('user@acme.test');
    renderWithApollo(<Users organizationId="acme" />, reload.setup);
    expect(screen.getByText('Ada Acme')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload.gateway.count('FreshnessTestOrgUsers')).toBe(0);
  });

  it('never lets catalog results go stale', async () => {
    const { setup, gateway } = await signedInSetup();
    const view = renderWithApollo(<Catalog />, setup);
    await screen.findByText('Market (2026.11.1)');
    view.unmount();

    vi.setSystemTime(Date.now() + 6 * 60 * 60 * 1000);
    renderWithApollo(<Catalog />, setup);
    expect(screen.getByText('Market (2026.11.1)')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.count('FreshnessTestCatalog')).toBe(1);
  });

  it('evicts the catalog when the version check finds a new version, once per page load', async () => {
    const { setup, gateway } = await signedInSetup();
    renderWithApollo(<Catalog />, setup);
    await screen.findByText('Market (2026.11.1)');
    await waitFor(() => expect(gateway.count('CatalogVersionCheck')).toBe(1));
    expect(gateway.count('FreshnessTestCatalog')).toBe(1);

    // A new page load finds a newer catalog: the shown catalog is fetched again.
    catalogVersion = '2026.12.1';
    const reload = testApolloSetup(handlers);
    await setup.persistence.flush();
    await reload.setup.restoreFor('user@acme.test');
    renderWithApollo(<Catalog />, reload.setup);
    expect(screen.getAllByText('Market (2026.11.1)').length).toBeGreaterThan(0);
    await screen.findByText('Market (2026.12.1)');
    expect(reload.gateway.count('CatalogVersionCheck')).toBe(1);
    expect(reload.gateway.count('FreshnessTestCatalog')).toBe(1);
    // Once per page load: later renders do not check again.
    renderWithApollo(<Catalog />, reload.setup);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload.gateway.count('CatalogVersionCheck')).toBe(1);
  });

  it('keys results by operation and variables, defaults applied', () => {
    expect(freshnessKey(OrgUsersQuery, { organizationId: 'acme' })).toBe(
      freshnessKey(OrgUsersQuery, { limit: 50, organizationId: 'acme', search: undefined }),
    );
    expect(freshnessKey(OrgUsersQuery, { organizationId: 'acme' })).not.toBe(
      freshnessKey(OrgUsersQuery, { organizationId: 'globex' }),
    );
    expect(isCatalogDocument(CatalogQuery)).toBe(true);
    expect(isCatalogDocument(OrgUsersQuery)).toBe(false);
  });
});
