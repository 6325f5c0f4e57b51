import type { Context } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { Role } from '@meridian/schema';
import type { PlatformClient } from './platform/client-types.js';
import type { PreparedRequest } from './prepared/operations.js';

/** Who is calling, from a verified access token and the platform's user record. */
export interface Caller {
  kind: 'user' | 'client';
  /** The user's email, or the internal tool's client id. */
  subject: string;
  /** The user's name (the client id for tools). */
  name: string;
  role: Role;
  /** The caller's organization; '' when the platform has no record of the user. */
  organizationId: string;
  /**
   * The platform has no user record for this subject: the role defaults to orgUser and `viewer`
   * answers USER_MISSING ('Current user does not exist. Please contact support for assistance.').
   */
  missingRecord?: boolean;
}

/** What every resolver receives. Built per request by the gateway's app. */
export interface GatewayContext {
  /** null for an anonymous request (only @public fields resolve). */
  caller: Caller | null;
  /** The platform's REST API as this caller (their token forwarded), for this request only. */
  platform: PlatformClient;
  requestId: string;
  log: Logger;
  /** PRODUCT_NAME: the operators' own organization carries this name. */
  productName: string;
  /** A user's record changed (role, active state…): every replica forgets its cached copy. */
  userChanged: (email: string) => void;
  /** The caller may run GraphQL documents of their own, not only the console's (ARBITRARY_DOCUMENTS). */
  mayRunOwnDocuments: boolean;
}

/** What one request records for its log line and metrics, beside what resolvers see. */
export interface RequestTrace {
  operationName?: string;
  /** The most platform calls the operation could make (cost/estimate.ts). */
  platformCallEstimate?: number;
  /** The response carried errors. */
  hadErrors: boolean;
  /** The request's span (OpenTelemetry context) once tracing made one: its platform calls continue it. */
  otel: Context | undefined;
}

/** The context the gateway builds: GatewayContext plus what its own plugins and directives need. */
export interface GatewayRequestContext extends GatewayContext {
  trace: RequestTrace;
  /** The request could take the prepared path once its document is prepared (prepared/plugin.ts). */
  preparedAs?: Pick<PreparedRequest, 'key' | 'operationName'>;
  /** Takes `tokens` more from the caller's rate limit (an expensive request costs more than one). */
  chargeRateLimit: (tokens: number) => void;
}
