import { replicaNameOf } from '@meridian/schema/replica';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { assertProductionSecrets, secretOrLocalDefault, secretValues, type SecretProblem } from '@meridian/schema';

/** Everything the platform reads from its environment; the README's configuration table lists each. */
export interface PlatformConfig {
  productName: string;
  /** local | testing | development | qa | production; GET /dev/outbox exists only in local. */
  appEnv: string;
  host: string;
  restPort: number;
  oidcPort: number;
  /** Public URL of the OpenID provider (its issuer identifier). */
  issuer: string;
  /** Audience of access tokens: the gateway. */
  audience: string;
  /** The console, for the sign-in client's redirect URIs and emailed links. */
  consoleUrl: string;
  consoleClientId: string;
  /** Extra redirect URIs of the console client (other origins than consoleUrl), comma-separated. */
  consoleRedirectOrigins: string[];
  cliClientId: string;
  cliClientSecret: string;
  /** The SCIM 2.0 base URL customers' directories call, as they reach it (SCIM_BASE_URL; behind nginx its address). */
  scimBaseUrl: string;
  /**
   * Requests a SCIM token may make a minute (a list costs one more per 50 people answered), with bursts of
   * half a minute's; 0 turns the limit off (SCIM_RATE_LIMIT_PER_MINUTE).
   */
  scimRateLimitPerMinute: number;
  /** Where PGlite, signing keys and cookies' keys live when DATABASE_URL is not set. */
  dataDir: string;
  /** PostgreSQL connection string; unset means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Secret keys signing the provider's cookies. */
  cookieKeys: string[];
  /**
   * Secrets the authenticator-app keys are encrypted with at rest: the first encrypts, each one decrypts
   * (rotation). MFA_ENCRYPTION_KEYS; outside production, else the cookie keys. Production requires its
   * own, the first not one of the cookie keys.
   */
  mfaEncryptionKeys: string[];
  /** The bearer token GET /metrics requires (METRICS_TOKEN; required in production); unset: open. */
  metricsToken: string | undefined;
  /** This replica's name, sent in X-Meridian-Replica (REPLICA_NAME, else the host's name). */
  replicaName: string;
  /** How long each step of an onboarding, deployment or offboarding job takes. */
  jobStepMs: number;
  /**
   * Webhooks (issue 32): the waits before each retry of a failed delivery (WEBHOOK_RETRY_DELAYS, e.g.
   * "5s,5m,30m,2h"); once they are spent the endpoint is paused. How often the sender looks for due
   * deliveries (WEBHOOK_POLL_MS).
   */
  webhookRetryDelaysMs: number[];
  webhookPollMs: number;
  /** The shared password of the seeded demo accounts (none are seeded in production). */
  seedPassword: string;
  logLevel: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function number(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`Expected a number, got ${value}`);
  return parsed;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "5s,5m,2h" as milliseconds; a malformed item is an error naming the variable. */
export function durations(value: string, name: string): number[] {
  return list(value).map((item) => {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(item);
    if (!match) throw new Error(`${name}: "${item}" is not a duration such as 500ms, 5s, 5m, 2h or 1d`);
    return Math.round(Number(match[1]) * DURATION_UNITS_MS[match[2]!]!);
  });
}

/** Where directories reach SCIM when SCIM_BASE_URL does not say: this machine's REST port. */
export const defaultScimBaseUrl = (restPort: number) => `http://localhost:${restPort}/scim/v2`;

/**
 * The sealing keys must be their own in production: retiring a cookie key must not make stored app keys
 * unreadable. Only the first (the one that seals) is held to it: a cookie key may follow it, to open app
 * keys sealed before MFA_ENCRYPTION_KEYS was set (when they fell back to the cookie keys).
 */
function sealingKeyProblems(env: NodeJS.ProcessEnv): SecretProblem[] {
  const [sealing] = secretValues('MFA_ENCRYPTION_KEYS', env.MFA_ENCRYPTION_KEYS);
  if (sealing === undefined || !secretValues('OIDC_COOKIE_KEYS', env.OIDC_COOKIE_KEYS).includes(sealing)) return [];
  return [
    { name: 'MFA_ENCRYPTION_KEYS', problem: 'seals with one of the OIDC_COOKIE_KEYS (its first key must be its own)' },
  ];
}

/**
 * The configuration from `env`. In production (APP_ENV=production) it throws one error naming every
 * secret that is unset or holds a published value (schema/src/secrets.ts), so the platform never starts
 * on the README's secrets.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const oidcPort = number(env.OIDC_PORT, 4011);
  const appEnv = env.APP_ENV ?? 'local';
  assertProductionSecrets('platform', env, sealingKeyProblems(env));
  const cookieKeys = secretOrLocalDefault('OIDC_COOKIE_KEYS', env);
  const mfaEncryptionKeys = secretValues('MFA_ENCRYPTION_KEYS', env.MFA_ENCRYPTION_KEYS);
  const restPort = number(env.PLATFORM_PORT, 4010);
  return {
    productName: env.PRODUCT_NAME ?? 'Meridian',
    appEnv,
    host: env.PLATFORM_HOST ?? '127.0.0.1',
    restPort,
    oidcPort,
    issuer: env.OIDC_ISSUER ?? `http://localhost:${oidcPort}`,
    audience: env.GATEWAY_AUDIENCE ?? 'http://localhost:4000/graphql',
    consoleUrl: env.CONSOLE_URL ?? 'http://localhost:5173',
    consoleClientId: env.CONSOLE_CLIENT_ID ?? 'meridian-console',
    consoleRedirectOrigins: list(env.CONSOLE_REDIRECT_ORIGINS),
    cliClientId: env.CLI_CLIENT_ID ?? 'meridian-cli',
    cliClientSecret: secretOrLocalDefault('CLI_CLIENT_SECRET', env)[0]!,
    scimBaseUrl: env.SCIM_BASE_URL ?? defaultScimBaseUrl(restPort),
    scimRateLimitPerMinute: number(env.SCIM_RATE_LIMIT_PER_MINUTE, 600),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    cookieKeys,
    // Outside production, unset sealing keys follow configured cookie keys (as before issue 39), else the local default.
    mfaEncryptionKeys:
      mfaEncryptionKeys.length > 0
        ? mfaEncryptionKeys
        : secretValues('OIDC_COOKIE_KEYS', env.OIDC_COOKIE_KEYS).length > 0
          ? cookieKeys
          : secretOrLocalDefault('MFA_ENCRYPTION_KEYS', env),
    metricsToken: secretValues('METRICS_TOKEN', env.METRICS_TOKEN)[0],
    replicaName: replicaNameOf(env),
    jobStepMs: number(env.JOB_STEP_MS, 1500),
    webhookRetryDelaysMs: durations(env.WEBHOOK_RETRY_DELAYS || '5s,5m,30m,2h,5h,10h,10h', 'WEBHOOK_RETRY_DELAYS'),
    webhookPollMs: number(env.WEBHOOK_POLL_MS, 250),
    seedPassword: secretOrLocalDefault('SEED_PASSWORD', env)[0]!,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
