import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import Provider, { errors, type Configuration, type InteractionResults } from 'oidc-provider';
import { text } from 'node:stream/consumers';
import { generateSigningKey } from '../domain/signing-keys.js';
import { escapeHtml } from './html.js';

/**
 * A customer organization's own OpenID provider (issue 30), for tests and demos: a second oidc-provider,
 * apart from Meridian's, with its own key, an in-memory store and a plain sign-in page that asks only
 * for a username (the account's `sub`). It plays Entra ID or Okta: Meridian is its client.
 */

/** A person at the customer's provider. */
export interface CustomerAccount {
  email: string;
  /** email_verified; true unless set. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** Sent as job_title (OIDC has no standard claim: Keycloak's and Auth0's name). */
  jobTitle?: string;
  /** How the person signed in (RFC 8176), put in the ID token's amr; ['pwd'] unless set. */
  amr?: string[];
  acr?: string;
}

/** Meridian (or another relying party) as registered at the customer's provider. */
export interface CustomerClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface CustomerOidcOptions {
  clients: CustomerClient[];
  /** The accounts by `sub`, which is also what the sign-in page's Username field takes. */
  accounts: Record<string, CustomerAccount>;
  /** 0 (any free port) unless set: a demo may want a fixed issuer. */
  port?: number;
  /**
   * oidc-provider's conformIdTokenClaims: false (the default here) puts email and profile claims in
   * the ID token; true leaves them to the userinfo endpoint, as some providers do.
   */
  conformIdTokenClaims?: boolean;
}

/**
 * How a hostile (or broken) provider's token endpoint re-signs the ID token it answers, with the same
 * claims: unsigned (`alg: none`), HS256 with the client's secret, a key it does not publish under a kid
 * of its own (`unknown-key`), or that key under the kid of the key it publishes (`posing-key`). Its
 * discovery document then also lists `none` and HS256, as such a provider would.
 */
export type IdTokenForgery = 'none' | 'hs256' | 'unknown-key' | 'posing-key';

export interface CustomerOidc {
  /** http://127.0.0.1:PORT */
  issuer: string;
  close(): Promise<void>;
  /** From now on, the token endpoint's ID tokens are re-signed so (null: signed by the provider again). */
  forgeIdTokens(forgery: IdTokenForgery | null): void;
  /** Adds or replaces an account (the claims change at the next sign-in). */
  setAccount(sub: string, account: CustomerAccount): void;
  /**
   * Signs `sub` in from the authorization URL through the provider's own pages (as a browser would:
   * cookies, manual redirects) and answers the redirect to the client's redirect_uri, not followed.
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
}

/** The login page: a username and a sign-in button, no script. */
function loginPage(action: string, username: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in – customer identity provider</title></head>
<body><main>
<h1>Customer identity provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" value="${escapeHtml(username)}" required>
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: the sign-in form ends in a redirect to the client, which it would block.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  });
  res.end(html);
}

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})$/;

function providerConfiguration(
  options: CustomerOidcOptions,
  accounts: Map<string, CustomerAccount>,
  signingKey: Awaited<ReturnType<typeof generateSigningKey>>,
): Configuration {
  return {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: [account.givenName, account.familyName].filter(Boolean).join(' ') || undefined,
          job_title: account.jobTitle,
        }),
      };
    },
    claims: {
      // How the person signed in goes in every ID token, as Entra ID and Okta put it.
      openid: ['sub', 'amr', 'acr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'job_title'],
    },
    scopes: ['openid', 'email', 'profile'],
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Set, so oidc-provider does not warn about its defaults; a test's sign-in is over in seconds.
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in problem</title></head><body><p role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p></body></html>`;
    },
  };
}

/** The provider's own pages: GET shows the form (or grants consent without one), POST signs in. */
function interactionPages(provider: Provider, accounts: Map<string, CustomerAccount>) {
  const consent = async (interaction: Awaited<ReturnType<Provider['interactionDetails']>>) => {
    const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({
          accountId: interaction.session?.accountId,
          clientId: String(interaction.params.client_id),
        });
    if (!grant) throw new Error('The interaction names a grant that is gone');
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    return { consent: { grantId: await grant.save() } } satisfies InteractionResults;
  };

  /** The username whose email the client hinted at, so the form comes filled in. */
  const hintedUsername = (hint: unknown) =>
    typeof hint === 'string'
      ? ([...accounts].find(([, account]) => account.email.toLowerCase() === hint.toLowerCase())?.[0] ?? '')
      : '';

  return async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    let interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      return sendPage(res, 400, loginPage('', '', 'This sign-in has expired. Start again from the application.'));
    }
    if (interaction.uid !== uid) return sendPage(res, 400, loginPage('', '', 'This sign-in has expired.'));
    const action = `/interaction/${uid}`;
    if (interaction.prompt.name === 'consent')
      return provider.interactionFinished(req, res, await consent(interaction));
    if (interaction.prompt.name !== 'login') {
      return provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: `Unsupported prompt ${interaction.prompt.name}`,
      });
    }
    if (req.method === 'GET')
      return sendPage(res, 200, loginPage(action, hintedUsername(interaction.params.login_hint)));
    const form = new URLSearchParams(await text(req));
    const username = form.get('username')?.trim() ?? '';
    const account = accounts.get(username);
    if (!account) return sendPage(res, 400, loginPage(action, username, 'No account has this username.'));
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: username, amr: account.amr ?? ['pwd'], ...(account.acr ? { acr: account.acr } : {}) } },
      { mergeWithLastSubmission: false },
    );
  };
}

/** A small browser: a cookie jar per sign-in and manual redirects. */
function cookieJarFetch() {
  const cookies = new Map<string, string>();
  return async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      // oidc-provider ends a cookie by setting it empty (with an expiry in the past).
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
}

/** The ID token re-signed as `forgery` says, its claims unchanged. */
async function forgeIdToken(
  idToken: string,
  forgery: IdTokenForgery,
  keys: { secret: string; foreignKey: Awaited<ReturnType<typeof generateSigningKey>>; publishedKid: string },
): Promise<string> {
  const claims = decodeJwt(idToken);
  const { typ } = decodeProtectedHeader(idToken);
  const header = (alg: string, kid?: string) => ({ alg, ...(typ ? { typ } : {}), ...(kid ? { kid } : {}) });
  if (forgery === 'none') {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part(header('none'))}.${part(claims)}.`;
  }
  if (forgery === 'hs256')
    return new SignJWT(claims).setProtectedHeader(header('HS256')).sign(new TextEncoder().encode(keys.secret));
  const kid = forgery === 'posing-key' ? keys.publishedKid : keys.foreignKey.kid;
  return new SignJWT(claims).setProtectedHeader(header('RS256', kid)).sign(await importJWK(keys.foreignKey, 'RS256'));
}

/** Starts a customer's OpenID provider on 127.0.0.1 (a free port unless options.port). */
export async function startCustomerOidc(options: CustomerOidcOptions): Promise<CustomerOidc> {
  const accounts = new Map(Object.entries(options.accounts));
  const redirectUris = options.clients.flatMap((c) => c.redirectUris);
  const signingKey = await generateSigningKey();

  // Listen first so the issuer names the real port; no request arrives before the handler is set.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, providerConfiguration(options, accounts, signingKey));
  let forgery: IdTokenForgery | null = null;
  const foreignKey = await generateSigningKey();
  const secrets = new Map(options.clients.map((c) => [c.clientId, c.clientSecret]));
  provider.use(async (ctx, next) => {
    await next();
    if (!forgery) return;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.path === '/.well-known/openid-configuration' && body) {
      const listed = (body.id_token_signing_alg_values_supported as string[] | undefined) ?? [];
      body.id_token_signing_alg_values_supported = [...new Set([...listed, 'none', 'HS256'])];
    }
    if (ctx.path === '/token' && typeof body?.id_token === 'string')
      body.id_token = await forgeIdToken(body.id_token, forgery, {
        secret: secrets.get(String(decodeJwt(body.id_token).aud)) ?? '',
        foreignKey,
        publishedKid: signingKey.kid!,
      });
  });
  const pages = interactionPages(provider, accounts);
  const callback = provider.callback();
  handle = (req, res) => {
    const match = INTERACTION.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return void callback(req, res);
    if (req.method !== 'GET' && req.method !== 'POST') return void res.writeHead(405, { allow: 'GET, POST' }).end();
    pages(req, res, match[1]!).catch((error: unknown) => {
      console.error('Customer OpenID provider page failed', error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };

  const isRedirectUri = (url: URL) => redirectUris.includes(`${url.origin}${url.pathname}`);

  const signIn = async (authorizationUrl: string, sub: string): Promise<URL> => {
    const browse = cookieJarFetch();
    let url = new URL(authorizationUrl);
    let response = await browse(url);
    for (let hops = 0; hops < 20; hops += 1) {
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location')!, url);
        if (isRedirectUri(url)) return url;
        response = await browse(url);
      } else if (response.status === 200 && INTERACTION.test(url.pathname)) {
        await response.text();
        response = await browse(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: sub }).toString(),
        });
      } else {
        throw new Error(
          `The customer provider's sign-in stopped at ${url.pathname} (${response.status}): ${await response.text()}`,
        );
      }
    }
    throw new Error('The customer provider redirected too many times');
  };

  return {
    issuer,
    signIn,
    setAccount: (sub, account) => void accounts.set(sub, account),
    forgeIdTokens: (next) => {
      forgery = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
