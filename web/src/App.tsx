import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { useCallback } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { ApolloSetup } from './apollo/setup.js';
import { ApolloSetupProvider } from './apollo/ApolloSetupProvider.js';
import type { AuthFailureChannel } from './auth/auth-failures.js';
import { AuthProvider } from './auth/AuthProvider.js';
import type { CoordinatedUserManager } from './auth/user-manager.js';
import { ToastProvider } from './components/toasts/ToastProvider.js';
import { RuntimeConfigContext, type RuntimeConfig } from './config/runtime.js';
import { AppRoutes } from './routes/AppRoutes.js';
import { SessionUserProvider } from './session/SessionUserProvider.js';
import { ThemeProvider } from './theme/ThemeProvider.js';

export interface AppProps {
  config: RuntimeConfig;
  userManager: CoordinatedUserManager;
  /** The client with its cache already restored for the signed-in user (main.tsx). */
  apollo: ApolloSetup;
  authFailures: AuthFailureChannel;
  /** A sign-in callback the provider refused (main.tsx). */
  signInError: string | null;
  /** The idle timeout passed while no tab was open (main.tsx): sign out at once, saying why. */
  idleWhileAway?: boolean;
}

/**
 * The providers, outermost first: Blueprint's portals and overlays, configuration, theme, toasts,
 * sign-in, the Apollo client (its cache owned by whoever is signed in), the session user, then the
 * router and its routes. Blueprint's own BlueprintProvider would add its HotkeysProvider, whose
 * shortcuts dialog (Dialog, key-combo rendering, a dozen icons: ~5 kB gzip) would load with home; the
 * console registers no Blueprint hotkeys (useHotkeys), so nothing would ever open that dialog. A
 * screen that adds hotkeys wraps its part in <HotkeysProvider>.
 */
export function App({ config, userManager, apollo, authFailures, signInError, idleWhileAway = false }: AppProps) {
  const purgeUserData = useCallback(() => apollo.purge(), [apollo]);
  return (
    <PortalProvider>
      <OverlaysProvider>
        <RuntimeConfigContext.Provider value={config}>
          <ThemeProvider>
            <ToastProvider>
              <AuthProvider
                config={config}
                userManager={userManager}
                purgeUserData={purgeUserData}
                authFailures={authFailures}
                signInError={signInError}
                idleWhileAway={idleWhileAway}
              >
                <ApolloSetupProvider setup={apollo}>
                  <SessionUserProvider>
                    <BrowserRouter>
                      <AppRoutes />
                    </BrowserRouter>
                  </SessionUserProvider>
                </ApolloSetupProvider>
              </AuthProvider>
            </ToastProvider>
          </ThemeProvider>
        </RuntimeConfigContext.Provider>
      </OverlaysProvider>
    </PortalProvider>
  );
}
