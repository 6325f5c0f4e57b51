import type { Logger } from 'pino';
import type { Role } from '@meridian/schema';
import type { PlatformClient } from './platform/client-types.js';

/** Who is calling, from a verified access token and the platform's user record. */
export interface Caller {
  kind: 'user' | 'client';
  /** The user's email, or the internal tool's client id. */
  subject: string;
  /** The user's name (the client id for tools). */
  name: string;
  role: Role;
  organizationId: string;
}

/** What every resolver receives. Built per request by the gateway's app. */
export interface GatewayContext {
  /** null for an anonymous request (only @public fields resolve). */
  caller: Caller | null;
  /** The platform's REST API as this caller (their token forwarded), for this request only. */
  platform: PlatformClient;
  requestId: string;
  log: Logger;
}
