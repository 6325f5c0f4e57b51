import { FEATURE_KEYS, permissionsOf, type FeatureKey, type Role } from '@meridian/schema';
import { render } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { ApolloSetupProvider } from '../apollo/ApolloSetupProvider.js';
import { signedInSession } from '../apollo/test-harness.js';
import { testApolloSetup, type StubHandler } from '../apollo/test-support.js';
import { AuthSessionContext, type AuthSession } from '../auth/auth-session.js';
import { ToastCenter } from '../components/toasts/toast-center.js';
import { ToastProvider } from '../components/toasts/ToastProvider.js';
import { RuntimeConfigContext, type RuntimeConfig } from '../config/runtime.js';
import type { SessionUser } from '../session/session-user.js';
import { SessionUserContext, type SessionUserState } from '../session/session-user-context.js';
import { ThemeProvider } from '../theme/ThemeProvider.js';
import { AppRoutes } from './AppRoutes.js';

export const TEST_CONFIG: RuntimeConfig = {
  productName: 'Meridian',
  gatewayUrl: 'http://localhost:4000/graphql',
  oidc: { issuer: 'http://localhost:4011', clientId: 'meridian-console' },
  environment: 'local',
};

/** A session user of the role as the session layer would build it (permissions from the one table). */
export function sessionUserOf(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  const features = Object.fromEntries(FEATURE_KEYS.map((key) => [key, true])) as Record<FeatureKey, boolean>;
  return {
    email: `${role.toLowerCase()}@acme.test`,
    name: `Test ${role}`,
    role,
    organizationId: 'acme',
    organizationName: 'Acme Health',
    permissions: [...permissionsOf(role)],
    isPasswordExpiring: false,
    daysLeftForPasswordExpiry: 60,
    passwordExpiresAt: null,
    directDataAccessEnabled: false,
    dataAccessInfo: [],
    features,
    tableauLicense: null,
    biPortalUrl: null,
    isClient: false,
    mayRunOwnDocuments: true,
    expiresAt: Date.now() + 300_000,
    ...overrides,
  };
}

export function signedOutSession(): AuthSession {
  return { ...signedInSession(''), status: 'signed-out', accessToken: null, expiresAt: null, email: null };
}

/** Shows where the router is (path and search, and its state), so tests can read navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Lazy screens and stubbed answers settle within this. */
export const WAIT = { timeout: 4000 };

export interface RenderConsoleOptions {
  user?: SessionUser | null;
  userError?: SessionUserState['error'];
  session?: AuthSession;
  /** The stub gateway's answers by operation name; without them every query fails. */
  gateway?: Record<string, StubHandler>;
}

/**
 * The console's route table at `path` with the providers App.tsx puts around it: configuration,
 * theme, toasts (a fresh center), the auth session and session user given, the console's real Apollo
 * client, cache and persistence over a stub gateway answering by operation name (`gateway`; none by
 * default, and screens show their error states), and a memory router.
 */
export function renderConsole(path: string, options: RenderConsoleOptions = {}) {
  const user = options.user === undefined ? sessionUserOf('orgUser') : options.user;
  // The session's actions as mocks of their own, handed back to the test.
  const signIn = vi.fn<() => void>();
  const signOut = vi.fn<(reason?: string) => Promise<void>>(() => Promise.resolve());
  const session: AuthSession = {
    ...(options.session ?? signedInSession(user?.email ?? 'missing@acme.test')),
    signIn,
    signOut,
  };
  const userState: SessionUserState = {
    user,
    loading: false,
    ...(options.userError ? { error: options.userError } : {}),
    retry: vi.fn(),
  };
  const toasts = new ToastCenter();
  const { setup, gateway } = testApolloSetup(options.gateway ?? {});
  const result = render(
    <RuntimeConfigContext.Provider value={TEST_CONFIG}>
      <ThemeProvider>
        <ToastProvider center={toasts}>
          <AuthSessionContext.Provider value={session}>
            <ApolloSetupProvider setup={setup}>
              <SessionUserContext.Provider value={userState}>
                <MemoryRouter initialEntries={[path]}>
                  <AppRoutes />
                  <LocationProbe />
                </MemoryRouter>
              </SessionUserContext.Provider>
            </ApolloSetupProvider>
          </AuthSessionContext.Provider>
        </ToastProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>,
  );
  const location = () => result.getByTestId('location').textContent;
  return { ...result, toasts, signIn, signOut, setup, gateway, location };
}

/** The console at `path` signed in as `user`, the gateway stub answering `handlers` and the catalog check. */
export function renderWithGateway(path: string, user: SessionUser, handlers: Record<string, StubHandler>) {
  return renderConsole(path, {
    user,
    gateway: { CatalogVersionCheck: () => ({ catalogVersion: '1', prCatalogVersion: '1' }), ...handlers },
  });
}
