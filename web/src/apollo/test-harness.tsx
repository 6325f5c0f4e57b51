import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AuthSessionContext, type AuthSession } from '../auth/auth-session.js';
import { ApolloSetupProvider } from './ApolloSetupProvider.js';
import type { ApolloSetup } from './setup.js';

/** A signed-in session as the auth layer provides it (the OIDC redirect itself cannot run here). */
export function signedInSession(email: string, overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    status: 'signed-in',
    accessToken: 'token',
    expiresAt: Date.now() + 300_000,
    email,
    signInUnderWay: false,
    signOutReason: null,
    signInError: null,
    signIn: () => undefined,
    signOut: async () => undefined,
    ...overrides,
  };
}

export function ApolloHarness({
  setup,
  session,
  children,
}: {
  setup: ApolloSetup;
  session: AuthSession;
  children: ReactNode;
}) {
  return (
    <AuthSessionContext.Provider value={session}>
      <ApolloSetupProvider setup={setup}>{children}</ApolloSetupProvider>
    </AuthSessionContext.Provider>
  );
}

/** Renders `ui` with the real client of `setup`, signed in as `email`. */
export function renderWithApollo(ui: ReactElement, setup: ApolloSetup, email = 'user@acme.test') {
  const session = signedInSession(email);
  const result = render(
    <ApolloHarness setup={setup} session={session}>
      {ui}
    </ApolloHarness>,
  );
  return {
    ...result,
    rerenderWith: (next: ReactElement, nextSession: AuthSession = session) =>
      result.rerender(
        <ApolloHarness setup={setup} session={nextSession}>
          {next}
        </ApolloHarness>,
      ),
  };
}
