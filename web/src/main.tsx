import '@blueprintjs/core/lib/css/blueprint.css';
// The console's own fonts (docs/decisions.md): served with it, so every machine renders the same text.
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App.js';
import { ApolloSetup } from './apollo/setup.js';
import { AuthFailureChannel } from './auth/auth-failures.js';
import { completeSignInCallback } from './auth/callback.js';
import { currentAccessToken, emailOf, loadStoredUser } from './auth/stored-user.js';
import { createUserManager } from './auth/user-manager.js';
import { ConfigErrorScreen } from './config/ConfigErrorScreen.js';
import { earlyConfigFetch } from './config/early-request.js';
import { idleTimeoutMs, loadRuntimeConfig, type RuntimeConfig } from './config/runtime.js';
import { idleWhileAway } from './auth/idle.js';
import { signInTime } from './auth/sign-in-time.js';
import { preloadPagesFor } from './routes/AppRoutes.js';

/**
 * Start-up, in order: the runtime configuration (index.html has requested it already); a sign-in
 * callback completed (the URL becomes the page the user was going to); the signed-in user, renewed if
 * their token expired meanwhile; their persisted cache restored (anyone else's purged); only then the
 * first render, so a reload paints from the cache.
 */
async function bootstrap(root: Root): Promise<void> {
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig(earlyConfigFetch());
  } catch (error) {
    root.render(<ConfigErrorScreen detail={error instanceof Error ? error.message : String(error)} />);
    return;
  }

  const userManager = createUserManager(config);
  const callback = await completeSignInCallback(userManager);
  if (callback.kind === 'silent-renew') return;
  if (callback.kind === 'signed-in') preloadPagesFor(window.location.pathname);
  // The console was left with no tab open past the idle timeout: signed out as an open tab would have
  // been, its cache purged rather than restored. Judged on the stored user before any renewal (which
  // would make its tokens new); a sign-in just completed is activity, never idle.
  const stored = callback.kind === 'signed-in' ? null : await userManager.getUser();
  const idleAway =
    stored !== null &&
    idleWhileAway(window.localStorage, idleTimeoutMs(config), [
      signInTime(),
      typeof stored.profile.iat === 'number' ? stored.profile.iat * 1000 : null,
    ]);
  const user = callback.kind === 'signed-in' ? callback.user : idleAway ? stored : await loadStoredUser(userManager);

  const authFailures = new AuthFailureChannel();
  const apollo = new ApolloSetup({
    gatewayUrl: config.gatewayUrl,
    getAccessToken: () => currentAccessToken(userManager),
    onAuthFailure: authFailures.report,
  });
  await apollo.restoreFor(user && !user.expired && !idleAway ? emailOf(user) : null);

  root.render(
    <StrictMode>
      <App
        config={config}
        userManager={userManager}
        apollo={apollo}
        authFailures={authFailures}
        signInError={callback.kind === 'failed' ? callback.message : null}
        idleWhileAway={idleAway}
      />
    </StrictMode>,
  );
}

// The page's code (lazy in the route table) is fetched while the configuration, the user and the cache
// load and the loading screen holds, rather than after the loading delay ends; loaded, it renders
// without suspending (see lazyPage). After a sign-in callback, again for the page it returns to.
preloadPagesFor(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
void bootstrap(createRoot(container));
