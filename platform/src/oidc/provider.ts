import Provider, {
  errors,
  interactionPolicy,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { PlatformConfig } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import { issuableAccountOf } from '../domain/login.js';
import { databaseAdapterFactory } from '../domain/oidc-storage.js';
import { interactionPath } from './interactions.js';
import type { SigningKeys } from '../domain/signing-keys.js';
import { logoutPage, noticePage, pageSecurityPolicy } from './login-page.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ID_TOKEN_TTL_SECONDS,
  INTERACTION_TTL_SECONDS,
  SESSION_TTL_SECONDS,
} from '../domain/lifetimes.js';
import { recordSessions, redeemedSource } from './session-events.js';
import { logFailure } from '../observability/error-log.js';

export { ACCESS_TOKEN_TTL_SECONDS, ID_TOKEN_TTL_SECONDS, INTERACTION_TTL_SECONDS, SESSION_TTL_SECONDS };

/** The scope every API call needs; it is the gateway's (the resource server's) only scope. */
export const API_SCOPE = 'api_access';

/** What the CLI client acts as (its client-credentials tokens carry these as client_role / client_org). */
export const CLI_CLIENT_ROLE = 'systemAdmin';
export const CLI_CLIENT_ORGANIZATION = 'meridian';

const REVOCATION_PATH = '/token/revocation';

export interface ProviderOptions {
  /** With the issuer the provider really answers at (port 0 resolved). */
  config: PlatformConfig;
  db: Database;
  /** The key set now; the provider takes keys only at construction, so server.ts makes a new one when it changes. */
  keys: SigningKeys;
  /** Behind one proxy that sets X-Forwarded-* (nginx: TRUST_PROXY=true). */
  trustProxy?: boolean;
  /** Where unexpected provider errors go. */
  onError?: (error: unknown) => void;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The console's origins: consoleUrl and any extra ones (other hosts serving the same console). */
function consoleOrigins(config: PlatformConfig): string[] {
  return [...new Set([config.consoleUrl, ...config.consoleRedirectOrigins].map(trimSlash))];
}

/** The static clients: the console (public, code + PKCE, refresh) and the internal tools' CLI. */
export function clientsOf(config: PlatformConfig): ClientMetadata[] {
  const origins = consoleOrigins(config);
  return [
    {
      client_id: config.consoleClientId,
      client_name: `${config.productName} console`,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: origins.flatMap((origin) => [
        `${origin}/auth/callback`,
        `${origin}/auth/silent-renew`,
        `${origin}/sandbox`,
      ]),
      post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/`, origin]),
      // The ID token says when the person signed in (with how, amr), as the gateway's tokens do.
      require_auth_time: true,
    },
    {
      client_id: config.cliClientId,
      client_secret: config.cliClientSecret,
      client_name: `${config.productName} internal tools`,
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      scope: API_SCOPE,
      role: CLI_CLIENT_ROLE,
      organization: CLI_CLIENT_ORGANIZATION,
    },
  ];
}

/**
 * Users sign in by email; an inactive user, or one of an organization that is not active, has no
 * account, so refresh_token grants fail too (invalid_grant) and a silent renewal needs a sign-in the
 * form refuses. Nor has a token redeemed under an ended session (its code or refresh token names the
 * session): ending a session deletes its refresh tokens, and this refuses one saved by a refresh under
 * way meanwhile.
 */
function findAccount(db: Queryable): Configuration['findAccount'] {
  return async (_ctx, sub, token) => {
    const sid = (token as { sessionUid?: string } | undefined)?.sessionUid ?? null;
    const user = await issuableAccountOf(db, sub.toLowerCase(), sid);
    if (!user) return undefined;
    return {
      accountId: user.email,
      claims: () => ({ sub: user.email, email: user.email, email_verified: true, name: user.name }),
    };
  };
}

/**
 * The default policy, plus: a session whose user has since been deactivated, or whose organization is
 * no longer active (findAccount answers nothing), needs a new sign-in, which the form then refuses in
 * words (prompt=none: login_required).
 */
function signInPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'account_unavailable',
        'The signed-in user can no longer sign in',
        'login_required',
        (ctx) => Boolean(ctx.oidc.session?.accountId && !ctx.oidc.account),
      ),
    );
  return policy;
}

function errorPage(config: PlatformConfig): NonNullable<Configuration['renderError']> {
  return (ctx, out) => {
    ctx.type = 'html';
    ctx.set('content-security-policy', pageSecurityPolicy());
    ctx.body = noticePage({
      productName: config.productName,
      title: 'Sign-in problem',
      message: String(out.error_description ?? out.error ?? 'The sign-in request could not be completed.'),
      link: { href: config.consoleUrl, text: `Go to ${config.productName}` },
      alert: true,
    });
  };
}

/**
 * The console's sign-out should not ask for a click: when it presents its ID token for the signed-in
 * user the page submits itself (the button remains for browsers without JavaScript). Anyone else sent
 * here is asked first, so a link on another site cannot silently sign the user out.
 */
function logoutSource(config: PlatformConfig) {
  return (ctx: KoaContextWithOIDC, form: string) => {
    const hint = ctx.oidc.entities.IdTokenHint;
    const autoSubmit = Boolean(hint && ctx.oidc.session?.accountId && hint.payload.sub === ctx.oidc.session.accountId);
    ctx.set('content-security-policy', pageSecurityPolicy());
    ctx.body = logoutPage({
      productName: config.productName,
      form,
      autoSubmit,
      issuer: config.issuer,
      stayHref: config.consoleUrl,
    });
  };
}

function signedOutPage(config: PlatformConfig) {
  return (ctx: KoaContextWithOIDC) => {
    ctx.set('content-security-policy', pageSecurityPolicy());
    ctx.body = noticePage({
      productName: config.productName,
      title: 'Signed out',
      message: `You have signed out of ${config.productName}.`,
      link: { href: config.consoleUrl, text: `Sign in to ${config.productName} again` },
    });
  };
}

/** The provider's whole configuration (kept apart from construction so its choices read in one place). */
export function providerConfiguration({ config, db, keys }: ProviderOptions): Configuration {
  // The first key signs (keys.ts); the others are published for verification only.
  const signingKid = keys.privateJwks[0]?.kid;
  const resourceServer = {
    scope: API_SCOPE,
    audience: config.audience,
    accessTokenFormat: 'jwt' as const,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    jwt: { sign: { alg: 'RS256' as const, ...(signingKid ? { kid: signingKid } : {}) } },
  };
  const accessTokenTtl = (
    _ctx: KoaContextWithOIDC,
    token: { resourceServer?: { accessTokenTTL?: number } | undefined },
  ) => token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL_SECONDS;

  return {
    adapter: databaseAdapterFactory(db),
    clients: clientsOf(config),
    extraClientMetadata: { properties: ['role', 'organization'] },
    jwks: { keys: keys.privateJwks },
    cookies: { keys: config.cookieKeys },
    findAccount: findAccount(db),
    // amr with openid: the ID token says how the person signed in (RFC 8176), whatever else is asked.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    // api_access is listed too so a client's `scope` metadata may name it; tokens get it from the resource server.
    scopes: ['openid', 'email', 'profile', API_SCOPE],
    pkce: { required: () => true },
    // What the console (code + PKCE) and tools (client credentials) use, nothing more: no implicit or
    // hybrid flow is advertised or accepted.
    responseTypes: ['code'],
    routes: { revocation: REVOCATION_PATH },
    interactions: {
      policy: signInPolicy(),
      url: (_ctx, interaction) => interactionPath(config.issuer, interaction.uid),
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: logoutSource(config),
        postLogoutSuccessSource: signedOutPage(config),
      },
      resourceIndicators: {
        enabled: true,
        // Clients need not send `resource`: every token is for the gateway.
        defaultResource: () => config.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== config.audience) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
    },
    // The console is the only interactive client and it relies on refresh tokens (no offline_access).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: (ctx, token) => {
      if (token.kind === 'ClientCredentials') {
        const metadata: Record<string, unknown> = ctx.oidc.client?.metadata() ?? {};
        return { client_role: metadata.role, client_org: metadata.organization };
      }
      return sessionClaims(ctx, token);
    },
    // Functions, not numbers: a numeric AccessToken ttl would override the resource server's lifetime.
    ttl: {
      AccessToken: accessTokenTtl,
      ClientCredentials: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: ID_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      // A rotated refresh token inherits what is left of its predecessor's life: sessions stay bounded.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL_SECONDS,
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    renderError: errorPage(config),
  };
}

/**
 * A user's access token names its sign-in session (`sid`, the session's uid: ending the session ends
 * the token at the gateways and the REST API) and how and when the person signed in (amr, auth_time,
 * from the code or refresh token redeemed). Client-credentials tokens have no session.
 */
function sessionClaims(ctx: KoaContextWithOIDC, token: { kind: string }) {
  const sid = (token as { sessionUid?: string }).sessionUid;
  if (token.kind !== 'AccessToken' || !sid) return undefined;
  const source = redeemedSource(ctx);
  return {
    sid,
    ...(source?.amr?.length ? { amr: source.amr } : {}),
    ...(typeof source?.authTime === 'number' ? { auth_time: source.authTime } : {}),
  };
}

/**
 * oidc-client-ts refuses the empty text/plain body oidc-provider gives a successful revocation; an
 * empty JSON object satisfies it and every other client.
 */
function revocationAnswersJson(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'POST' && ctx.path === REVOCATION_PATH && ctx.status === 200) ctx.body = {};
  });
}

/** The OpenID provider at config.issuer, with the platform's users, storage and signing keys. */
export function createProvider(options: ProviderOptions): Provider {
  const provider = new Provider(options.config.issuer, providerConfiguration(options));
  // Koa's proxy settings: X-Forwarded-* are read, and of X-Forwarded-For only the last entry, the one
  // nginx appended (earlier ones are whatever the client sent).
  provider.proxy = options.trustProxy ?? false;
  provider.maxIpsCount = 1;
  revocationAnswersJson(provider);
  const onError = options.onError ?? ((error: unknown) => logFailure('OpenID provider error', error));
  provider.on('server_error', (_ctx: unknown, error: unknown) => onError(error));
  recordSessions(provider, options.db, SESSION_TTL_SECONDS, onError);
  return provider;
}
