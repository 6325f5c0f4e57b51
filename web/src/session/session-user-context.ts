import { createContext, useContext } from 'react';
import type { SessionUser } from './session-user.js';

export interface SessionUserState {
  /** The signed-in user, once the viewer query has answered (or the persisted cache had it). */
  user: SessionUser | null;
  /** Signed in and the user not yet known. */
  loading: boolean;
  /**
   * missing: the platform has no record of the signed-in user (USER_MISSING; the guard sends them to
   * /error with MESSAGES.userMissing); unavailable: the viewer could not be fetched and none is cached.
   */
  error?: 'missing' | 'unavailable';
  /** Asks for the viewer again (after 'unavailable'). */
  retry: () => void;
}

export const SessionUserContext = createContext<SessionUserState>({
  user: null,
  loading: false,
  retry: () => undefined,
});

export function useSessionUserState(): SessionUserState {
  return useContext(SessionUserContext);
}
