import { replicaNameOf } from '@meridian/schema/replica';
import { fileURLToPath } from 'node:url';
import { assertProductionSecrets, secretValues } from '@meridian/schema';
import { parseOwnDocumentsPolicy, type OwnDocumentsPolicy } from './trusted-documents/policy.js';

/** Everything the gateway reads from its environment; the README's configuration table lists each. */
export interface GatewayConfig {
  host: string;
  port: number;
  /** The platform's REST API (its origin, optionally with a path prefix). */
  platformApiUrl: string;
  /** The OpenID provider; its discovery document names the JWKS the gateway verifies tokens with. */
  oidcIssuer: string;
  /** The `aud` every access token must carry: this gateway's public GraphQL URL. */
  audience: string;
  /** Browser origins allowed to call the gateway (CORS). */
  corsOrigins: string[];
  /** The console, for the landing page's link to its sandbox. */
  consoleUrl: string;
  /** local | testing | development | qa | production. */
  appEnv: string;
  productName: string;
  logLevel: string;
  /** Schema introspection (the sandbox needs it); off in production unless INTROSPECTION=true. */
  introspection: boolean;
  /** Requests a minute per signed-in subject, and per client IP for requests without a valid token; 0 turns it off. */
  rateLimitPerMinute: number;
  /** Time for the platform to answer (headers, then body) before a call fails. */
  platformTimeoutMs: number;
  /** Time to open a connection to the platform. */
  platformConnectTimeoutMs: number;
  /** How long a user's record (role, organization) is reused across requests. */
  userCacheTtlMs: number;
  /** Largest request body accepted (413 above it). */
  maxBodyBytes: number;
  /** Redis shared by gateway replicas (rate limits, user-change notices); unset: each process alone. */
  redisUrl: string | undefined;
  /** The most platform calls one request may be estimated to make (0: no limit). */
  maxPlatformCalls: number;
  /** Least time between two JWKS downloads prompted by tokens with an unknown key id. */
  jwksCooldownMs: number;
  /** Behind one proxy (nginx): the client IP is the X-Forwarded-For entry it appended; otherwise the socket's address. */
  trustProxy: boolean;
  /** The console's operations (graphql-codegen's persisted-documents.json): the trusted documents. */
  trustedDocumentsFile: string;
  /** Who may run documents beyond those (ARBITRARY_DOCUMENTS): `tools`, `users`, `anonymous`, role keys. */
  ownDocuments: OwnDocumentsPolicy;
  /** How often the platform's feed of ended sessions is read: a session ended anywhere is refused here within about this. */
  sessionRevocationPollMs: number;
  /**
   * Whether tokens of ended sessions are refused here (SESSION_REVOCATION_CHECK, default true). Only the
   * bench turns it off, to measure what the check costs: without it an ended session's access token
   * works at the gateway until it expires (the platform still refuses it).
   */
  sessionRevocationCheck: boolean;
  /** The bearer token GET /metrics requires (METRICS_TOKEN; required in production); unset: open. */
  metricsToken: string | undefined;
  /** This replica's name, sent in X-Meridian-Replica (REPLICA_NAME, else the host's name). */
  replicaName: string;
}

/** Where `pnpm codegen` writes the console's operations, from this file in src/ or dist/. */
export const DEFAULT_TRUSTED_DOCUMENTS_FILE = fileURLToPath(
  new URL('../../web/src/gql/persisted-documents.json', import.meta.url),
);

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative number, got ${value}`);
  return parsed;
}

function boolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got ${value}`);
}

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((item) => item.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * 600 a minute (10 a second sustained) is far above what a person in the console sends (a page is a
 * few operations) and what a tool needs for 5,000-row batches, yet stops a runaway loop or a token
 * flood within a minute.
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

/** 5 MiB: a 5,000-row provider-link upsert with 120-character values is under 4 MB of JSON. */
/** Every console operation fits well within it (cost/budget.test.ts). */
export const DEFAULT_MAX_PLATFORM_CALLS = 60;
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/**
 * 250 ms: an ended session is refused by every replica within a poll and a round trip (the promise is
 * one second), for one small indexed read per replica, four a second, however many users sign in.
 */
export const DEFAULT_SESSION_REVOCATION_POLL_MS = 250;

/**
 * The configuration from `env`. In production (APP_ENV=production) it throws one error naming every
 * secret that is unset or holds a published value (schema/src/secrets.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const appEnv = env.APP_ENV ?? 'local';
  assertProductionSecrets('gateway', env);
  const platformTimeoutMs = number('PLATFORM_TIMEOUT_MS', env.PLATFORM_TIMEOUT_MS, 15000);
  return {
    host: env.GATEWAY_HOST ?? '127.0.0.1',
    port: number('GATEWAY_PORT', env.GATEWAY_PORT, 4000),
    platformApiUrl: withoutTrailingSlash(env.PLATFORM_API_URL ?? 'http://localhost:4010'),
    oidcIssuer: withoutTrailingSlash(env.OIDC_ISSUER ?? 'http://localhost:4011'),
    audience: env.GATEWAY_AUDIENCE ?? 'http://localhost:4000/graphql',
    corsOrigins: list(env.CORS_ORIGINS, ['http://localhost:5173']),
    consoleUrl: withoutTrailingSlash(env.CONSOLE_URL ?? 'http://localhost:5173'),
    appEnv,
    productName: env.PRODUCT_NAME ?? 'Meridian',
    logLevel: env.LOG_LEVEL ?? 'info',
    introspection: boolean('INTROSPECTION', env.INTROSPECTION, appEnv !== 'production'),
    rateLimitPerMinute: number('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE),
    platformTimeoutMs,
    platformConnectTimeoutMs: Math.min(5000, platformTimeoutMs),
    userCacheTtlMs: number('USER_CACHE_TTL_MS', env.USER_CACHE_TTL_MS, 30000),
    maxBodyBytes: number('MAX_BODY_BYTES', env.MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES),
    redisUrl: env.REDIS_URL || undefined,
    maxPlatformCalls: number('MAX_PLATFORM_CALLS', env.MAX_PLATFORM_CALLS, DEFAULT_MAX_PLATFORM_CALLS),
    jwksCooldownMs: number('JWKS_COOLDOWN_MS', env.JWKS_COOLDOWN_MS, 1000),
    trustProxy: boolean('TRUST_PROXY', env.TRUST_PROXY, false),
    trustedDocumentsFile: env.TRUSTED_DOCUMENTS || DEFAULT_TRUSTED_DOCUMENTS_FILE,
    // Production: internal tools only; elsewhere anyone (the sandbox, and tools and tests exploring the API).
    ownDocuments: parseOwnDocumentsPolicy(
      env.ARBITRARY_DOCUMENTS ?? (appEnv === 'production' ? 'tools' : 'tools,users,anonymous'),
    ),
    sessionRevocationPollMs: Math.max(
      50,
      number('SESSION_REVOCATION_POLL_MS', env.SESSION_REVOCATION_POLL_MS, DEFAULT_SESSION_REVOCATION_POLL_MS),
    ),
    sessionRevocationCheck: boolean('SESSION_REVOCATION_CHECK', env.SESSION_REVOCATION_CHECK, true),
    metricsToken: secretValues('METRICS_TOKEN', env.METRICS_TOKEN)[0],
    replicaName: replicaNameOf(env),
  };
}
