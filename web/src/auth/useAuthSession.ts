// The hooks of the auth layer, under the names the rest of the console imports them by.
export { useAuthSession, useIdleWarning } from './auth-session.js';
export type { AuthSession, AuthStatus, IdleWarning } from './auth-session.js';
