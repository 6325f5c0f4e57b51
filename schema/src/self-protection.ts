import type { Role } from './roles.js';

/**
 * Self-protection rules (decisions.md): nobody changes their own role or deactivates themselves; the
 * last active Org Admin of an organization cannot be demoted or deactivated. Each function returns the
 * reason for refusing, or null; the console shows the same reason beside the disabled control.
 */
export const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate yourself.';
export const LAST_ORG_ADMIN_MESSAGE = 'An organization needs at least one active Org Admin.';

export interface UserFacts {
  email: string;
  role: Role;
  active: boolean;
}

export function roleChangeRefusal(
  actorEmail: string,
  target: UserFacts,
  newRole: Role,
  activeOrgAdmins: number,
): string | null {
  if (newRole === target.role) return null;
  if (actorEmail === target.email) return OWN_ROLE_MESSAGE;
  if (target.role === 'orgAdmin' && target.active && activeOrgAdmins <= 1) return LAST_ORG_ADMIN_MESSAGE;
  return null;
}

export function deactivationRefusal(actorEmail: string, target: UserFacts, activeOrgAdmins: number): string | null {
  if (!target.active) return null;
  if (actorEmail === target.email) return SELF_DEACTIVATE_MESSAGE;
  if (target.role === 'orgAdmin' && activeOrgAdmins <= 1) return LAST_ORG_ADMIN_MESSAGE;
  return null;
}

/**
 * Nobody resets their own second factors through the API (issue 39 §3): changing one's own factors
 * asks for one of them first, on the provider's Sign-in security page; an administrator's reset of
 * someone else is unaffected.
 */
export const OWN_FACTORS_RESET_MESSAGE =
  'You cannot reset your own second factors. Change them on your Sign-in security page, which asks you to confirm it’s you first.';

export function factorResetRefusal(actorEmail: string, targetEmail: string): string | null {
  return actorEmail === targetEmail ? OWN_FACTORS_RESET_MESSAGE : null;
}
