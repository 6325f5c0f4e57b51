import { ApolloProvider } from '@apollo/client/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useAuthSession } from '../auth/auth-session.js';
import type { ApolloSetup } from './setup.js';

const ApolloSetupContext = createContext<ApolloSetup | null>(null);

/** The app's ApolloSetup (its freshness record and purge), for hooks beyond Apollo's own. */
export function useApolloSetup(): ApolloSetup {
  const setup = useContext(ApolloSetupContext);
  if (!setup) throw new Error('useApolloSetup() needs <ApolloSetupProvider> (see App.tsx).');
  return setup;
}

export interface ApolloSetupProviderProps {
  setup: ApolloSetup;
  children: ReactNode;
}

/**
 * Provides the client, keeps the cache owned by whoever is signed in (another user signing in purges
 * it first) and runs the catalog version check once per page load once someone is signed in.
 */
export function ApolloSetupProvider({ setup, children }: ApolloSetupProviderProps) {
  const { status, email } = useAuthSession();
  const signedInEmail = status === 'signed-in' ? email : null;

  useEffect(() => {
    if (!signedInEmail) return;
    void setup.switchUser(signedInEmail).then(() => setup.checkCatalogOnce());
  }, [setup, signedInEmail]);

  return (
    <ApolloSetupContext.Provider value={setup}>
      <ApolloProvider client={setup.client}>{children}</ApolloProvider>
    </ApolloSetupContext.Provider>
  );
}
