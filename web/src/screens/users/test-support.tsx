import { render } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { ApolloHarness, signedInSession } from '../../apollo/test-harness.js';
import { testApolloSetup, type StubHandler } from '../../apollo/test-support.js';
import { ToastCenter } from '../../components/toasts/toast-center.js';
import { ToastProvider } from '../../components/toasts/ToastProvider.js';
import { RuntimeConfigContext } from '../../config/runtime.js';
import { AppRoutes } from '../../routes/AppRoutes.js';
import { TEST_CONFIG } from '../../routes/test-support.js';
import type { SessionUser } from '../../session/session-user.js';
import { SessionUserContext, type SessionUserState } from '../../session/session-user-context.js';
import { ThemeProvider } from '../../theme/ThemeProvider.js';

/** Lazy screens and stubbed answers settle within this. */
export const WAIT = { timeout: 4000 };

/** Shows where the router is (path and search), so tests can read navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** A user record as the gateway answers it (GraphQL enum values, the contract's field names). */
export function userRecord(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'User',
    email: 'pat@acme.test',
    name: 'Pat Doe',
    alternateEmail: null,
    role: 'ORG_USER',
    active: true,
    directDataAccessEnabled: false,
    organizationId: 'acme',
    tableauLicense: null,
    tableauUser: false,
    dataAccessInfo: [],
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

/**
 * The console's route table at `path` (real guards and shell) signed in as `user`, talking GraphQL
 * to a stub gateway that answers by operation name (`handlers`). The real Apollo client, cache and
 * persistence run on top of it.
 */
export function renderWithGateway(path: string, user: SessionUser, handlers: Record<string, StubHandler>) {
  const { setup, gateway } = testApolloSetup({
    CatalogVersionCheck: () => ({ catalogVersion: '1', prCatalogVersion: '1' }),
    ...handlers,
  });
  const toasts = new ToastCenter();
  const userState: SessionUserState = { user, loading: false, retry: vi.fn() };
  const result = render(
    <RuntimeConfigContext.Provider value={TEST_CONFIG}>
      <ThemeProvider>
        <ToastProvider center={toasts}>
          <ApolloHarness setup={setup} session={signedInSession(user.email)}>
            <SessionUserContext.Provider value={userState}>
              <MemoryRouter initialEntries={[path]}>
                <AppRoutes />
                <LocationProbe />
              </MemoryRouter>
            </SessionUserContext.Provider>
          </ApolloHarness>
        </ToastProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>,
  );
  return { ...result, setup, gateway, toasts };
}
