import type { Role } from '@meridian/schema';

/** Who a verified access token speaks for. */
export type TokenIdentity =
  /**
   * A person; `sessionId` is their sign-in session (the token's sid), undefined for a token without one.
   * `sessionEnded`: that session has ended (the feed says so): the request is refused once the platform
   * has said why (auth/caller.ts refuseEndedSession).
   */
  | { kind: 'user'; subject: string; sessionId?: string | undefined; sessionEnded?: true }
  /** An internal tool (client credentials), acting as the role and organization configured for it. */
  | { kind: 'client'; subject: string; role: Role; organizationId: string };
