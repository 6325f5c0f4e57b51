import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faviconDataUri, MESSAGES, SIGN_IN_APP_VERSION } from '@meridian/schema';
import { startPlatform, type RunningPlatform } from '../server.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { escapeHtml } from '../test-support/html.js';
import { testConfig } from '../test-support/platform.js';
import {
  Browser,
  consoleRedirectUri,
  discoverConsole,
  formAction,
  formBody,
  openSignIn as openSignInAt,
  signIn as signInAt,
  submitSignIn as submitSignInAt,
  startSignInPlatform,
} from '../test-support/sign-in.js';

// --- The platform under test: real servers on port 0 over the fixture in memory. ---

let platform: RunningPlatform;
let dataDir: string;
let closePlatform: (() => Promise<void>) | undefined;
let consoleClient: client.Configuration;
const insecure = { execute: [client.allowInsecureRequests] };

beforeAll(async () => {
  ({ platform, dataDir, close: closePlatform } = await startSignInPlatform('oidc'));
  consoleClient = await discoverConsole(platform);
});

afterAll(() => closePlatform?.());

const redirectUri = () => consoleRedirectUri(platform);
const openSignIn = (browser: Browser, extra: Record<string, string> = {}) =>
  openSignInAt(platform, consoleClient, browser, extra);
const submitSignIn = (browser: Browser, page: string, pageUrl: URL, email: string, password: string) =>
  submitSignInAt(platform, browser, page, pageUrl, email, password);
const signIn = (email: string, browser = new Browser()) => signInAt(platform, consoleClient, email, { browser });

/** The newest audit event of `action` about `email`. */
async function lastEvent(action: string, email: string) {
  const { rows } = await platform.db.query<Record<string, unknown>>(
    `SELECT actor, actor_kind, actor_role, organization_id, details, request_id, client_ip FROM audit_events
      WHERE action = $1 AND target_id = $2 ORDER BY id DESC LIMIT 1`,
    [action, email],
  );
  return rows[0];
}

const restGet = (url: string, token: string) =>
  fetch(`${platform.restUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });

describe('discovery', () => {
  it('publishes the endpoints and flows the console and tools use, and no session iframe', async () => {
    const response = await fetch(`${platform.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown> & { jwks_uri: string };
    expect(discovery).toMatchObject({
      issuer: platform.issuer,
      jwks_uri: `${platform.issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
      revocation_endpoint: `${platform.issuer}/token/revocation`,
      end_session_endpoint: `${platform.issuer}/session/end`,
    });
    // Exactly what the console (code + PKCE, refresh) and tools (client credentials) use: no implicit grant.
    expect([...(discovery.grant_types_supported as string[])].sort()).toEqual([
      'authorization_code',
      'client_credentials',
      'refresh_token',
    ]);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'api_access']));
    expect(discovery).not.toHaveProperty('check_session_iframe');
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(platform.keys.publicJwks.map((k) => k.kid));
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in page', () => {
  it('asks for the email first, then the password, as plain accessible forms without JavaScript', async () => {
    const browser = new Browser();
    const { response, landed } = await openSignIn(browser, { login_hint: 'someone@acme.test' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const html = await response.text();
    expect(html).toContain('<title>Meridian | Sign in</title>');
    expect(html).toMatch(
      /<label for="email">Email<\/label>\s*<input id="email"(?=[^>]*name="email")[^>]*type="email"[^>]*value="someone@acme\.test"/,
    );
    expect(html).not.toContain('name="password"');
    expect(html).toContain('<button type="submit">Continue</button>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('role="alert"');

    // An email of no organization with single sign-on gets the password step, the email kept and shown.
    const action = new URL(formAction(html)!, landed);
    const origin = new URL(platform.issuer).origin;
    const { response: step } = await browser.follow(action, origin, formBody({ email: 'someone@acme.test' }));
    expect(step.status).toBe(200);
    const passwordStep = await step.text();
    expect(passwordStep).toContain('Signing in as <strong>someone@acme.test</strong>');
    expect(passwordStep).toMatch(
      /<input type="hidden"(?=[^>]*autocomplete="username")(?=[^>]*name="email")[^>]*value="someone@acme\.test"\/>/i,
    );
    expect(passwordStep).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password"(?=[^>]*name="password")[^>]*type="password"/,
    );
    expect(passwordStep).toContain('<button type="submit">Sign in</button>');
    expect(passwordStep).not.toContain('<script');
  });

  it('refuses an email that is not one, in words, on the first step', async () => {
    const browser = new Browser();
    const { response, landed } = await openSignIn(browser);
    const action = new URL(formAction(await response.text())!, landed);
    const { response: answer } = await browser.follow(
      action,
      new URL(platform.issuer).origin,
      formBody({ email: 'not-an-email' }),
    );
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/Email: /);
    expect(html).not.toContain('name="password"');
  });

  it('offers “Forgot password?” on the password step, taking the email to the console’s page', async () => {
    const browser = new Browser();
    const { response, landed } = await openSignIn(browser);
    const origin = new URL(platform.issuer).origin;
    const action = new URL(formAction(await response.text())!, landed);
    const { response: step } = await browser.follow(action, origin, formBody({ email: 'half@acme.test' }));
    const page = await step.text();
    // After Sign in, so Enter in a field still signs in (the first submit button is the default).
    expect(page).toMatch(
      /<button type="submit">Sign in<\/button>\s*<button type="submit"(?=[^>]*name="intent")(?=[^>]*value="forgot")[^>]*formnovalidate=""[^>]*>Forgot password\?<\/button>/i,
    );
    const { response: answer, url } = await browser.follow(
      new URL(formAction(page)!, landed),
      origin,
      formBody({ email: 'half@acme.test', password: '', intent: 'forgot' }),
    );
    expect(answer.status).toBe(303);
    expect(url.href).toBe(`${platform.config.consoleUrl}/forgot-password?email=half%40acme.test`);
  });

  it('shows the sign-in app’s version and the product’s favicon', async () => {
    const { response } = await openSignIn(new Browser());
    const html = await response.text();
    expect(html).toContain(`<footer>Meridian sign-in ${SIGN_IN_APP_VERSION}</footer>`);
    expect(SIGN_IN_APP_VERSION).toBe('0.42.0');
    expect(html).toContain(`<link rel="icon" type="image/svg+xml" href="${faviconDataUri()}"/>`);
  });

  it('shows a wrong password in an alert and keeps the email', async () => {
    const browser = new Browser();
    const { response, landed } = await openSignIn(browser);
    const { response: answer } = await submitSignIn(
      browser,
      await response.text(),
      landed,
      'orgadmin@globex.test',
      'wrong-password-1',
    );
    expect(answer.status).toBe(401);
    const html = await answer.text();
    expect(html).toMatch(/<div role="alert" id="login-error"><p>Invalid email or password\.<\/p><\/div>/);
    expect(html).toContain('value="orgadmin@globex.test"');
    // The attempt is in the audit trail, in the user's organization, from the browser's address.
    expect(await lastEvent('sign-in.failed', 'orgadmin@globex.test')).toEqual({
      actor: 'orgadmin@globex.test',
      actor_kind: 'anonymous',
      actor_role: null,
      organization_id: 'globex',
      details: { reason: 'invalid-credentials' },
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_ip: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('explains a request it cannot serve on its own page', async () => {
    const response = await fetch(`${platform.issuer}/auth?client_id=unknown-client&response_type=code&scope=openid`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<title>Meridian | Sign-in problem</title>');
    expect(html).toMatch(/<div role="alert"><p>[^<]+<\/p><\/div>/);
  });

  it('refuses a post without the interaction cookie (cross-site forgery)', async () => {
    const { response, landed } = await openSignIn(new Browser());
    const action = new URL(formAction(await response.text())!, landed);
    const forged = await new Browser().fetch(action, formBody({ email: 'user@acme.test', password: FIXTURE_PASSWORD }));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This sign-in page has expired');
  });

  it('refuses an inactive user after a correct password', async () => {
    const browser = new Browser();
    const { response, landed } = await openSignIn(browser);
    const { response: answer } = await submitSignIn(
      browser,
      await response.text(),
      landed,
      'inactive@acme.test',
      FIXTURE_PASSWORD,
    );
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain(escapeHtml(MESSAGES.inactiveUser));
    expect(await lastEvent('sign-in.failed', 'inactive@acme.test')).toMatchObject({ details: { reason: 'inactive' } });
  });

  it('offers a new password when it has expired', async () => {
    await platform.db.query(
      `UPDATE users SET password_changed_at = now() - interval '100 days' WHERE email = 'orgadmin@globex.test'`,
    );
    try {
      const browser = new Browser();
      const { response, landed } = await openSignIn(browser);
      const { response: answer } = await submitSignIn(
        browser,
        await response.text(),
        landed,
        'orgadmin@globex.test',
        FIXTURE_PASSWORD,
      );
      expect(answer.status).toBe(403);
      const html = await answer.text();
      expect(html).toContain('Your password has expired.');
      expect(html).toMatch(
        new RegExp(`<a href="${platform.config.consoleUrl}/create-password\\?token=[^"]+">Set a new password</a>`),
      );
    } finally {
      await platform.db.query(`UPDATE users SET password_changed_at = now() WHERE email = 'orgadmin@globex.test'`);
    }
  });
});

describe('behind nginx (TRUST_PROXY)', () => {
  // nginx appends the address it sees to X-Forwarded-For; entries before it are whatever the client
  // sent, so only the last one is the client's.
  const forwardedFor = '198.51.100.66, 203.0.113.77';
  let proxied: RunningPlatform;

  /** A browser whose every request arrives through nginx, with a forged entry of its own first. */
  class ProxiedBrowser extends Browser {
    override fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', forwardedFor);
      return super.fetch(url, { ...init, headers });
    }
  }

  beforeAll(async () => {
    proxied = await startPlatform(testConfig({ dataDir, host: '127.0.0.1', restPort: 0, oidcPort: 0 }), {
      db: platform.db,
      seed: false,
      logger: false,
      trustProxy: true,
    });
  });
  afterAll(() => proxied?.close());

  it('audits a sign-in form attempt from the address nginx saw, not the forged one', async () => {
    const browser = new ProxiedBrowser();
    const { response, landed } = await openSignInAt(proxied, await discoverConsole(proxied), browser);
    const page = await response.text();
    const { response: answer } = await submitSignInAt(proxied, browser, page, landed, 'user@globex.test', 'wrong-1');
    expect(answer.status).toBe(401);
    expect(await lastEvent('sign-in.failed', 'user@globex.test')).toMatchObject({ client_ip: '203.0.113.77' });
  });

  it('audits a REST call from the address nginx saw, not the forged one', async () => {
    const answer = await fetch(`${proxied.restUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: 'user@acme.test', password: 'wrong-1' }),
    });
    expect(answer.status).toBe(401);
    expect(await lastEvent('sign-in.failed', 'user@acme.test')).toMatchObject({ client_ip: '203.0.113.77' });
  });
});

describe('authorization code with PKCE', () => {
  let refreshToken: string;

  it('issues a 5-minute JWT access token for the gateway that the REST API accepts', async () => {
    const { tokens } = await signIn('user@acme.test');
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(await lastEvent('sign-in', 'user@acme.test')).toMatchObject({
      actor: 'user@acme.test',
      actor_kind: 'user',
      actor_role: 'orgUser',
      organization_id: 'acme',
    });
    expect(tokens.refresh_token).toBeTruthy();
    refreshToken = tokens.refresh_token!;

    const claims = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      alg: 'RS256',
      kid: platform.keys.publicJwks[0]!.kid,
    });
    expect(claims).toMatchObject({ iss: platform.issuer, aud: platform.config.audience, sub: 'user@acme.test' });
    expect(String(claims.scope).split(' ')).toContain('api_access');
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(tokens.claims()).toMatchObject({ sub: 'user@acme.test', email: 'user@acme.test', name: 'Uma Acme' });

    const self = await restGet('/user/email/user@acme.test', tokens.access_token);
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ email: 'user@acme.test', organizationId: 'acme' });
    // The REST API applies the token's user's own role: an Org User does not read the organization.
    expect((await restGet('/organization/acme', tokens.access_token)).status).toBe(403);
  });

  it('grants more scopes later without a consent screen', async () => {
    const browser = new Browser();
    const { response, landed } = await openSignIn(browser, { scope: 'openid api_access' });
    const first = await submitSignIn(browser, await response.text(), landed, 'orgadmin@acme.test', FIXTURE_PASSWORD);
    expect(first.url.searchParams.get('code')).toBeTruthy();
    // Signed in already: the wider request goes straight back to the console with a code.
    const { landed: second, codeVerifier, state } = await openSignIn(browser);
    expect(second.href.startsWith(redirectUri())).toBe(true);
    const tokens = await client.authorizationCodeGrant(consoleClient, second, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({
      sub: 'orgadmin@acme.test',
      email: 'orgadmin@acme.test',
      name: 'Olive Acme',
    });
    expect(String(decodeJwt(tokens.access_token).scope).split(' ')).toContain('api_access');
  });

  it('refreshes, rotating the refresh token', async () => {
    const refreshed = await client.refreshTokenGrant(consoleClient, refreshToken);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(refreshToken);
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ sub: 'user@acme.test', aud: platform.config.audience });
    expect((await restGet('/user/email/user@acme.test', refreshed.access_token)).status).toBe(200);
    refreshToken = refreshed.refresh_token!;
  });

  it('revokes the refresh token with a JSON answer, after which it no longer refreshes', async () => {
    const response = await fetch(consoleClient.serverMetadata().revocation_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refreshToken,
        token_type_hint: 'refresh_token',
        client_id: platform.config.consoleClientId,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({});
    await expect(client.refreshTokenGrant(consoleClient, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('stops refreshing for a user deactivated after signing in', async () => {
    const { tokens, browser } = await signIn('user@globex.test');
    await platform.db.query(`UPDATE users SET active = false WHERE email = 'user@globex.test'`);
    try {
      await expect(client.refreshTokenGrant(consoleClient, tokens.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      // Nor does the provider's session sign them in silently.
      const { landed } = await openSignIn(browser, { prompt: 'none' });
      expect(landed.searchParams.get('error')).toBe('login_required');
      // Interactively, the form asks again and refuses them in words.
      const { response } = await openSignIn(browser);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<button type="submit">Continue</button>');
    } finally {
      await platform.db.query(`UPDATE users SET active = true WHERE email = 'user@globex.test'`);
    }
  });
});

describe('RP-initiated logout', () => {
  it('signs the console out without a click and ends the session', async () => {
    const { tokens, browser } = await signIn('orgadmin@acme.test');
    const logoutUrl = client.buildEndSessionUrl(consoleClient, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${platform.config.consoleUrl}/`,
      state: 'bye',
    });
    const page = await browser.fetch(logoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    // It submits itself; the button is there for browsers without JavaScript.
    // The submitting script comes from the provider's own origin: the page's CSP allows no inline script.
    const script = /<script src="([^"]*\/assets\/logout\.js\?v=[^"]+)" defer=""><\/script>/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(new URL(script!.replace(/&amp;/g, '&'), platform.issuer));
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await asset.text()).toContain("document.getElementById('op.logoutForm')?.submit();");
    expect(html).toContain('<input type="hidden" name="logout" value="yes">');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await browser.fetch(formAction(html)!, formBody({ xsrf, logout: 'yes' }));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${platform.config.consoleUrl}/?state=bye`);

    await expect(client.refreshTokenGrant(consoleClient, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The browser's session is gone: a silent sign-in now needs the user.
    const { landed } = await openSignIn(browser, { prompt: 'none' });
    expect(landed.searchParams.get('error')).toBe('login_required');
  });

  it('asks first when the request does not come from the signed-in console', async () => {
    const { browser } = await signIn('orgadmin@acme.test');
    const page = await browser.fetch(`${platform.issuer}/session/end`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script');
    expect(html).toMatch(
      /<button type="submit" form="op\.logoutForm"(?=[^>]*name="logout")[^>]*value="yes"[^>]*>Sign out<\/button>/,
    );
  });
});

describe('client credentials', () => {
  it('gives the CLI a token acting as its configured role that the REST API accepts', async () => {
    const cli = await client.discovery(
      new URL(platform.issuer),
      platform.config.cliClientId,
      undefined,
      client.ClientSecretBasic(platform.config.cliClientSecret),
      insecure,
    );
    const tokens = await client.clientCredentialsGrant(cli, { scope: 'api_access' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      aud: platform.config.audience,
      client_id: platform.config.cliClientId,
      client_role: 'systemAdmin',
      client_org: 'meridian',
      scope: 'api_access',
    });
    expect(claims.exp! - claims.iat!).toBe(300);
    const organizations = await restGet('/organization', tokens.access_token);
    expect(organizations.status).toBe(200);
    expect(await organizations.json()).toMatchObject({ total: 4 });
  });

  it('refuses a wrong client secret', async () => {
    const cli = await client.discovery(
      new URL(platform.issuer),
      platform.config.cliClientId,
      undefined,
      client.ClientSecretBasic('not-the-secret'),
      insecure,
    );
    await expect(client.clientCredentialsGrant(cli, { scope: 'api_access' })).rejects.toMatchObject({
      status: 401,
      cause: [{ parameters: { error: 'invalid_client' } }],
    });
  });
});
