import type { Role } from '@meridian/schema';

/** Who a verified access token speaks for. */
export type TokenIdentity =
  /** A person; `sessionId` is their sign-in session (the token's sid), undefined for a token without one. */
  | { kind: 'user'; subject: string; sessionId?: string | undefined }
  /** An internal tool (client credentials), acting as the role and organization configured for it. */
  | { kind: 'client'; subject: string; role: Role; organizationId: string };
