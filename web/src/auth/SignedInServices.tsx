import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { idleTimeoutMs, sessionMaxMs, type RuntimeConfig } from '../config/runtime.js';
import type { AuthFailureChannel } from './auth-failures.js';
import { IdleWarningContext, type IdleWarning } from './auth-session.js';
import { IdleTracker } from './idle.js';
import { SESSION_ENDED_MESSAGES } from './session-ended.js';
import { checkGateway, refreshTokens } from './session-probes.js';
import { SessionWatch } from './session-watch.js';
import { claimIdleSignOut } from './sign-out-claim.js';
import { signInTime } from './sign-in-time.js';
import type { CoordinatedUserManager } from './user-manager.js';

// Blueprint's Dialog and overlay (~7 kB gzip) are not needed to paint home: the dialog's code loads with
// the first warning and then stays mounted, so it also animates closed. The sign-out does not wait on it.
const IdleWarningDialog = lazy(() =>
  import('./IdleWarningDialog.js').then((module) => ({ default: module.IdleWarningDialog })),
);

export interface SignedInServicesProps {
  /** Someone is signed in: watch the session and the idle time. */
  active: boolean;
  config: RuntimeConfig;
  userManager: CoordinatedUserManager;
  authFailures: AuthFailureChannel;
  /** Ends the session here with a reason (the provider's session already ended), telling the other tabs. */
  endHere: (reason: string) => Promise<void>;
  /** The full sign-out (the provider's session too). */
  signOut: (reason?: string) => Promise<void>;
  children: ReactNode;
}

/**
 * What runs while someone is signed in: the session watch (a session ended elsewhere signs the console
 * out within 60 s, saying why) and the idle sign-out with its warning a minute before.
 */
export function SignedInServices({
  active,
  config,
  userManager,
  authFailures,
  endHere,
  signOut,
  children,
}: SignedInServicesProps) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [warned, setWarned] = useState(false);
  if (secondsLeft !== null && !warned) setWarned(true);
  const tracker = useRef<IdleTracker | null>(null);
  const callbacks = useRef({ endHere, signOut });
  useEffect(() => {
    callbacks.current = { endHere, signOut };
  }, [endHere, signOut]);

  useEffect(() => {
    if (!active) return;
    const watch = new SessionWatch({
      refresh: () => refreshTokens(userManager),
      checkGateway: async () => checkGateway(config.gatewayUrl, (await userManager.getUser())?.access_token ?? null),
      endSession: (message) => void callbacks.current.endHere(message),
      signedInAt: signInTime,
      sessionMaxMs: sessionMaxMs(config),
    });
    const stopWatch = watch.start();
    const stopListening = authFailures.listen((failure) => void watch.reportAuthFailure(failure));
    // Providers with session management tell oidc-client-ts directly (monitorSession).
    const onProviderSignOut = () => void callbacks.current.endHere(SESSION_ENDED_MESSAGES.signedOutElsewhere);
    // An automatic renewal that failed: find out why now rather than at the next tick.
    const onRenewError = () => void watch.check();
    userManager.events.addUserSignedOut(onProviderSignOut);
    userManager.events.addSilentRenewError(onRenewError);
    return () => {
      stopWatch();
      stopListening();
      userManager.events.removeUserSignedOut(onProviderSignOut);
      userManager.events.removeSilentRenewError(onRenewError);
    };
  }, [active, config, userManager, authFailures]);

  useEffect(() => {
    if (!active) return;
    const timeoutMs = idleTimeoutMs(config);
    const idle = new IdleTracker({
      timeoutMs,
      storage: window.localStorage,
      onWarning: setSecondsLeft,
      onActive: () => setSecondsLeft(null),
      onIdle: () => {
        setSecondsLeft(null);
        const reason = SESSION_ENDED_MESSAGES.idle(Math.round(timeoutMs / 60_000));
        // One tab signs out at the provider; the others hear its logout (with the reason) and end here.
        void claimIdleSignOut().then((claimed) => {
          if (claimed) void callbacks.current.signOut(reason);
        });
      },
    });
    tracker.current = idle;
    const stop = idle.start();
    return () => {
      stop();
      tracker.current = null;
      setSecondsLeft(null);
    };
  }, [active, config]);

  const warning = useMemo<IdleWarning>(
    () => ({ secondsLeft, stayActive: () => tracker.current?.markActivity(true) }),
    [secondsLeft],
  );

  return (
    <IdleWarningContext.Provider value={warning}>
      {children}
      {active && warned ? (
        <Suspense fallback={null}>
          <IdleWarningDialog />
        </Suspense>
      ) : null}
    </IdleWarningContext.Provider>
  );
}
