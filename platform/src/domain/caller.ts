import type { Operation, Role } from '@meridian/schema';
import type { AuditSource } from './audit.js';

/** Who calls a service: a signed-in user, or an internal tool acting as the role of its client. */
export interface Caller {
  kind: 'user' | 'client';
  /** The user's email, or the client id. */
  subject: string;
  role: Role;
  organizationId: string;
  /** The sign-in session a user's token belongs to (its `sid`), when it names one. */
  sessionId?: string;
}

/** What an operation acts on, for tenant scope and "own record" checks. */
export interface GuardTarget {
  organizationId?: string;
  /** The target user's email; with `organizationId` the user's organization. */
  email?: string;
}

/**
 * The HTTP layer's permission check (http/access.ts authorize) for this caller, handed to a service
 * whose check needs a stored record first (a user's organization): it throws when the caller may not.
 */
export type Guard = (operation: Operation, target?: GuardTarget) => void;

/** What a service that changes records is given: who calls, their permission check, their audit source. */
export interface ServiceCaller {
  caller: Caller;
  guard: Guard;
  source: AuditSource;
}
