import { roleLabel, type Role } from '@meridian/schema';
import { mayDo } from '../../../session/access.js';
import type { SessionUser } from '../../../session/session-user.js';

/** Whether the signed-in user may change the organization, and if not, why not in words. */
export interface UpdateAccess {
  mayUpdate: boolean;
  /** Shown beside disabled controls; null when the user may change things. */
  readOnlyReason: string | null;
}

export function readOnlyReason(role: Role, productName: string): string {
  return `Your role (${roleLabel(role, productName)}) may view this organization but not change it.`;
}

/** The table's updateOrganization decides; the page is read-only without it. */
export function updateAccessOf(user: SessionUser | null, organizationId: string, productName: string): UpdateAccess {
  if (mayDo(user, 'updateOrganization', { organizationId })) return { mayUpdate: true, readOnlyReason: null };
  return {
    mayUpdate: false,
    readOnlyReason: user ? readOnlyReason(user.role, productName) : 'You may not change this organization.',
  };
}
