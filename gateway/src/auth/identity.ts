import type { Role } from '@meridian/schema';

/** Who a verified access token speaks for. */
export type TokenIdentity =
  | { kind: 'user'; subject: string }
  /** An internal tool (client credentials), acting as the role and organization configured for it. */
  | { kind: 'client'; subject: string; role: Role; organizationId: string };
