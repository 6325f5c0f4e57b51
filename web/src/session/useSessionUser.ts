import { useSessionUserState, type SessionUserState } from './session-user-context.js';

/** The current user of spec section 3 (see SessionUserProvider). */
export function useSessionUser(): SessionUserState {
  return useSessionUserState();
}
