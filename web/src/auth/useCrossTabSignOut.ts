import { useEffect, useRef } from 'react';
import { onMessageFromOtherTab } from './broadcast.js';
import type { CoordinatedUserManager } from './user-manager.js';

export interface CrossTabHandlers {
  /** Another tab signed out (spec section 4: a logout message removes the local user). */
  onLoggedOut: (reason: string | null) => void;
  /** Another tab is on its way to the provider's sign-out (or the shared user vanished). */
  onSigningOut: () => void;
}

/**
 * Keeps this tab in step with the others, which share the stored user: their logout and sign-out
 * messages, the stored user disappearing, and their token refreshes (loaded here, so this tab sends
 * the newest token and rebuilds its session user).
 */
export function useCrossTabSignOut(userManager: CoordinatedUserManager, handlers: CrossTabHandlers): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  }, [handlers]);

  useEffect(
    () =>
      onMessageFromOtherTab((message) => {
        if (message.type === 'logout') current.current.onLoggedOut(message.reason ?? null);
        else current.current.onSigningOut();
      }),
    [],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage || event.key !== userManager.userStorageKey) return;
      if (event.newValue === null) current.current.onSigningOut();
      else void userManager.getUser(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userManager]);
}
