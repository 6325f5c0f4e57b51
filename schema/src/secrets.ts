// The secrets the platform and the gateway read from their environment, with the values they fall back
// to outside production: one list, read by both configurations (platform/src/config.ts,
// gateway/src/config.ts) and by the refusal to start in production below (issue 39 §2).

/** A secret variable and what stands in for it where no value is given. */
export interface SecretVariable {
  /**
   * The value used when it is unset outside production: published (README, this code), so never
   * accepted in production. None: the protection it turns on is off locally (METRICS_TOKEN).
   */
  readonly localDefault?: string;
  /** A comma-separated list of keys (the first signs or seals, every one verifies or opens). */
  readonly list?: boolean;
}

export const SECRET_VARIABLES = {
  /** The internal tools' client secret (client credentials at the provider): acts as Meridian Admin. */
  CLI_CLIENT_SECRET: { localDefault: 'meridian-cli-local-secret' },
  /** Keys signing the provider's cookies. */
  OIDC_COOKIE_KEYS: { localDefault: 'meridian-local-cookie-key', list: true },
  /** Keys sealing authenticator-app keys at rest. */
  MFA_ENCRYPTION_KEYS: { localDefault: 'meridian-local-mfa-encryption-key', list: true },
  /** The bearer token Prometheus sends to each replica's /metrics. */
  METRICS_TOKEN: {},
  /** The demo accounts' password; production seeds no accounts, so it is never read there. */
  SEED_PASSWORD: { localDefault: 'meridian-local-1' },
} as const satisfies Record<string, SecretVariable>;

export type SecretName = keyof typeof SECRET_VARIABLES;

/** What each part refuses to start without in production. */
export const PRODUCTION_SECRETS = {
  platform: ['CLI_CLIENT_SECRET', 'OIDC_COOKIE_KEYS', 'MFA_ENCRYPTION_KEYS', 'METRICS_TOKEN'],
  gateway: ['METRICS_TOKEN'],
} as const satisfies Record<string, readonly SecretName[]>;

export type SecretPart = keyof typeof PRODUCTION_SECRETS;

/**
 * Values this repository publishes as secrets: every local default, and the demo identity provider's
 * client secret (README, tests/demo). Any of them is refused for any secret in production.
 */
export const PUBLISHED_SECRET_VALUES: ReadonlySet<string> = new Set([
  ...Object.values(SECRET_VARIABLES).flatMap((variable: SecretVariable) =>
    variable.localDefault === undefined ? [] : [variable.localDefault],
  ),
  'meridian-demo-secret',
]);

/** A secret's values as configured: a list's keys, or the one value; blank ones dropped. */
export function secretValues(name: SecretName, value: string | undefined): string[] {
  const variable: SecretVariable = SECRET_VARIABLES[name];
  const values = variable.list ? (value ?? '').split(',') : [value ?? ''];
  return values.map((item) => item.trim()).filter(Boolean);
}

/** The secret's value(s), or outside production its local default (none for METRICS_TOKEN). */
export function secretOrLocalDefault(name: SecretName, env: Readonly<Record<string, string | undefined>>): string[] {
  const values = secretValues(name, env[name]);
  if (values.length > 0) return values;
  const fallback = (SECRET_VARIABLES[name] as SecretVariable).localDefault;
  return fallback === undefined ? [] : [fallback];
}

/** Why a secret may not be used in production, said after its name. */
export interface SecretProblem {
  name: SecretName;
  /** e.g. "is not set". */
  problem: string;
}

/** Each of `names` that is unset or holds a published value, in the order given. */
export function productionSecretProblems(
  names: readonly SecretName[],
  env: Readonly<Record<string, string | undefined>>,
): SecretProblem[] {
  return names.flatMap((name): SecretProblem[] => {
    const values = secretValues(name, env[name]);
    if (values.length === 0) return [{ name, problem: 'is not set' }];
    if (values.some((value) => PUBLISHED_SECRET_VALUES.has(value)))
      return [{ name, problem: 'holds a value this repository publishes (a local default)' }];
    return [];
  });
}

/** One refusal naming every secret that is missing or published: nothing starts until all are fixed. */
export class ProductionSecretsError extends Error {
  constructor(
    readonly part: SecretPart,
    readonly problems: readonly SecretProblem[],
  ) {
    super(
      `The ${part} does not start with APP_ENV=production until every secret has a value of its own: ` +
        `${problems.map(({ name, problem }) => `${name} ${problem}`).join('; ')}. ` +
        'Generate each (e.g. openssl rand -hex 32) and set it in the environment; README.md → Configuration says what each is for.',
    );
    this.name = 'ProductionSecretsError';
  }
}

/**
 * In production, throws one ProductionSecretsError naming every secret of `part` that has no value of
 * its own, with the part's own `extra` problems (how its secrets relate); elsewhere does nothing.
 */
export function assertProductionSecrets(
  part: SecretPart,
  env: Readonly<Record<string, string | undefined>>,
  extra: readonly SecretProblem[] = [],
): void {
  if (env.APP_ENV !== 'production') return;
  const problems = [...productionSecretProblems(PRODUCTION_SECRETS[part], env), ...extra];
  if (problems.length > 0) throw new ProductionSecretsError(part, problems);
}

/** What /metrics of a replica answers (401) without its token. */
export const METRICS_TOKEN_REQUIRED_MESSAGE =
  'The metrics need their token: send Authorization: Bearer <METRICS_TOKEN>, as the Prometheus scrape configuration does.';

/** The challenge of that refusal (RFC 6750). */
export const METRICS_CHALLENGE = 'Bearer realm="metrics"';
