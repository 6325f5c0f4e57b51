import { createContext, useContext } from 'react';
import { ENVIRONMENTS, environmentFromHost, type Environment } from './environment.js';

/** The sign-in provider the console uses. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
}

/** What /config.json may set for one environment (overrides the top-level values). */
export interface EnvironmentOverrides {
  gatewayUrl?: string;
  oidc?: OidcConfig;
}

/**
 * The console's runtime configuration, read from /config.json beside the app so one build serves every
 * environment (decisions.md: every host and URL comes from configuration).
 */
export interface RuntimeConfig {
  productName: string;
  gatewayUrl: string;
  oidc: OidcConfig;
  /** Minutes without activity before the console signs the user out (default 30). */
  idleTimeoutMinutes?: number;
  supportPortalUrl?: string;
  /**
   * How long a sign-in lasts at the provider (its refresh tokens' lifetime; default 12): a refused
   * refresh after that long reads "expired" rather than "signed out elsewhere".
   */
  sessionMaxHours?: number;
  /** Derived from the host name, never read from the file. */
  environment: Environment;
}

export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;
export const DEFAULT_SESSION_MAX_HOURS = 12;

/** The text of the screen shown when the configuration cannot be loaded. */
export const CONFIG_ERROR_MESSAGE =
  'The console could not load its configuration. Reload the page; if this keeps happening, contact support.';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requireString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigError(`${where}${key} must be a non-empty string.`);
  return value;
}

function optionalPositive(source: Record<string, unknown>, key: string): number | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !(value > 0)) throw new ConfigError(`${key} must be a positive number.`);
  return value;
}

function parseOidc(value: unknown, where: string): OidcConfig {
  if (!isObject(value)) throw new ConfigError(`${where}oidc must be an object.`);
  return {
    issuer: requireString(value, 'issuer', `${where}oidc.`).replace(/\/+$/, ''),
    clientId: requireString(value, 'clientId', `${where}oidc.`),
  };
}

/** The per-environment block of the file, when it has one for this environment. */
function overridesFor(file: Record<string, unknown>, environment: Environment): EnvironmentOverrides {
  const all = file.environments;
  if (all === undefined) return {};
  if (!isObject(all)) throw new ConfigError('environments must be an object.');
  for (const key of Object.keys(all)) {
    if (!(ENVIRONMENTS as readonly string[]).includes(key))
      throw new ConfigError(`environments.${key} is not an environment.`);
  }
  const block = all[environment];
  if (block === undefined) return {};
  if (!isObject(block)) throw new ConfigError(`environments.${environment} must be an object.`);
  const where = `environments.${environment}.`;
  return {
    ...(block.gatewayUrl !== undefined ? { gatewayUrl: requireString(block, 'gatewayUrl', where) } : {}),
    ...(block.oidc !== undefined ? { oidc: parseOidc(block.oidc, where) } : {}),
  };
}

/**
 * The configuration of a parsed config.json for a host: top-level values, overridden by the block of
 * the host's environment under `environments` when present. Throws ConfigError naming what is wrong.
 */
export function parseRuntimeConfig(file: unknown, hostname: string): RuntimeConfig {
  if (!isObject(file)) throw new ConfigError('config.json must hold a JSON object.');
  const environment = environmentFromHost(hostname);
  const overrides = overridesFor(file, environment);
  const gatewayUrl = overrides.gatewayUrl ?? requireString(file, 'gatewayUrl', '');
  const oidc = overrides.oidc ?? parseOidc(file.oidc, '');
  const idleTimeoutMinutes = optionalPositive(file, 'idleTimeoutMinutes');
  const sessionMaxHours = optionalPositive(file, 'sessionMaxHours');
  const supportPortalUrl = typeof file.supportPortalUrl === 'string' ? file.supportPortalUrl : undefined;
  return {
    productName: requireString(file, 'productName', ''),
    gatewayUrl,
    oidc,
    environment,
    ...(idleTimeoutMinutes !== undefined ? { idleTimeoutMinutes } : {}),
    ...(sessionMaxHours !== undefined ? { sessionMaxHours } : {}),
    ...(supportPortalUrl ? { supportPortalUrl } : {}),
  };
}

/** Fetches /config.json (never from the HTTP cache: a redeploy may change it) and parses it for this host. */
export async function loadRuntimeConfig(
  fetchConfig: typeof fetch = fetch,
  hostname: string = window.location.hostname,
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchConfig('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ConfigError(
      `config.json could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok) throw new ConfigError(`config.json answered HTTP ${response.status}.`);
  let file: unknown;
  try {
    file = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON.');
  }
  return parseRuntimeConfig(file, hostname);
}

export const idleTimeoutMs = (config: Pick<RuntimeConfig, 'idleTimeoutMinutes'>): number =>
  (config.idleTimeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES) * 60_000;

export const sessionMaxMs = (config: Pick<RuntimeConfig, 'sessionMaxHours'>): number =>
  (config.sessionMaxHours ?? DEFAULT_SESSION_MAX_HOURS) * 3_600_000;

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The loaded configuration (the app renders only once it has loaded). */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig() needs <RuntimeConfigContext.Provider> (see main.tsx).');
  return config;
}
