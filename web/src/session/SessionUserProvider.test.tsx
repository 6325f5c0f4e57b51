import { gql } from '@apollo/client';
import { MESSAGES, ROLE_PERMISSIONS } from '@meridian/schema';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApolloHarness, signedInSession } from '../apollo/test-harness.js';
import { testApolloSetup, type StubHandler } from '../apollo/test-support.js';
import { SessionUserProvider } from './SessionUserProvider.js';
import { useSessionUser } from './useSessionUser.js';

function Probe() {
  const { user, loading, error } = useSessionUser();
  if (loading) return <output aria-label="session user">loading</output>;
  if (error) return <output aria-label="session user">{`error ${error}`}</output>;
  return <output aria-label="session user">{user ? `${user.name} ${user.role} ${user.expiresAt}` : 'none'}</output>;
}

const viewerData = (name = 'Olive Admin', role = 'ORG_ADMIN') => ({
  viewer: {
    __typename: 'Viewer',
    email: 'orgadmin@acme.test',
    name,
    role,
    permissions: [...ROLE_PERMISSIONS.orgAdmin],
    organizationId: 'acme',
    organizationName: 'Acme Health',
    biPortalUrl: null,
    isPasswordExpiring: false,
    daysLeftForPasswordExpiry: 80,
    passwordExpiresAt: '2027-02-01T00:00:00Z',
    directDataAccessEnabled: false,
    dataAccessInfo: [],
    tableauLicense: null,
    features: [{ __typename: 'Feature', key: 'feature:managed-providers', isAvailable: true }],
    isClient: false,
    mayRunOwnDocuments: true,
  },
});

const catalogVersion = () => ({ catalogVersion: '1', prCatalogVersion: '1-pr' });

async function setupWith(handlers: Record<string, StubHandler>) {
  const test = testApolloSetup({ CatalogVersionCheck: catalogVersion, ...handlers });
  await test.setup.restoreFor('orgadmin@acme.test');
  return test;
}

function renderProvider(setup: Awaited<ReturnType<typeof setupWith>>['setup'], expiresAt: number) {
  const ui = (at: number) => (
    <ApolloHarness setup={setup} session={signedInSession('orgadmin@acme.test', { expiresAt: at })}>
      <SessionUserProvider>
        <Probe />
      </SessionUserProvider>
    </ApolloHarness>
  );
  const view = render(ui(expiresAt));
  return { rerenderAt: (at: number) => view.rerender(ui(at)) };
}

const shown = () => screen.getByLabelText('session user').textContent;

describe('the session user provider', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('builds the user from the viewer query and the token expiry, rebuilt when the expiry changes', async () => {
    let name = 'Olive Admin';
    const { setup, gateway } = await setupWith({ SessionViewer: () => viewerData(name) });
    const expiresAt = Date.now() + 300_000;
    const view = renderProvider(setup, expiresAt);
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe(`Olive Admin orgAdmin ${expiresAt}`));

    // A renewal within 30 s: rebuilt with the new expiry, no request.
    name = 'Olive Renamed';
    view.rerenderAt(expiresAt + 10_000);
    await waitFor(() => expect(shown()).toBe(`Olive Admin orgAdmin ${expiresAt + 10_000}`));
    expect(gateway.count('SessionViewer')).toBe(1);

    // A renewal once the viewer is older than 30 s: the viewer is fetched again.
    vi.setSystemTime(Date.now() + 31_000);
    view.rerenderAt(expiresAt + 40_000);
    await waitFor(() => expect(shown()).toBe(`Olive Renamed orgAdmin ${expiresAt + 40_000}`));
    expect(gateway.count('SessionViewer')).toBe(2);
  });

  it("says 'missing' when the platform has no record of the user", async () => {
    const { setup } = await setupWith({
      SessionViewer: () => ({
        body: { data: null, errors: [{ message: MESSAGES.userMissing, extensions: { code: 'USER_MISSING' } }] },
      }),
    });
    renderProvider(setup, Date.now() + 300_000);
    await waitFor(() => expect(shown()).toBe('error missing'));
  });

  it("says 'unavailable' when the viewer cannot be fetched and none is cached", async () => {
    const { setup } = await setupWith({
      SessionViewer: () => ({
        status: 502,
        body: { errors: [{ message: 'Connection refused', extensions: { code: 'PLATFORM_UNAVAILABLE' } }] },
      }),
    });
    renderProvider(setup, Date.now() + 300_000);
    await waitFor(() => expect(shown()).toBe('error unavailable'));
  });

  it('re-syncs name and role from a cached organization user list, the server settling it', async () => {
    let serverRole = 'ORG_ADMIN';
    const { setup, gateway } = await setupWith({ SessionViewer: () => viewerData('Olive Admin', serverRole) });
    renderProvider(setup, 1);
    await waitFor(() => expect(shown()).toBe('Olive Admin orgAdmin 1'));

    // Another admin changed this user's role; the users list shows it first.
    serverRole = 'ORG_USER';
    setup.cache.writeQuery({
      query: gql`
        query SessionTestOrgUsers {
          users(organizationId: "acme") {
            rows {
              email
              name
              role
            }
          }
        }
      `,
      data: {
        users: {
          __typename: 'UserList',
          rows: [{ __typename: 'User', email: 'orgadmin@acme.test', name: 'Olive Admin', role: 'ORG_USER' }],
        },
      },
    });
    await waitFor(() => expect(shown()).toBe('Olive Admin orgUser 1'));
    await waitFor(() => expect(gateway.count('SessionViewer')).toBe(2));

    // A stale list entry is corrected by the server's answer instead.
    setup.cache.modify({ id: 'User:{"email":"orgadmin@acme.test"}', fields: { name: () => 'Old Name' } });
    await waitFor(() => expect(gateway.count('SessionViewer')).toBe(3));
    await waitFor(() => expect(shown()).toBe('Olive Admin orgUser 1'));
    expect(setup.cache.extract()['User:{"email":"orgadmin@acme.test"}']).toMatchObject({
      name: 'Olive Admin',
      role: 'ORG_USER',
    });
  });
});
