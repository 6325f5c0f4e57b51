import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as client from 'openid-client';
import { generate } from 'otplib';
import type { PlatformConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { startPlatform, type RunningPlatform, type StartOptions } from '../server.js';
import { FIXTURE_PASSWORD, seedFixture } from './fixture.js';
import { openTestDatabase, testConfig } from './platform.js';

/**
 * The whole platform over a fresh fixture database, its REST API and OpenID provider on free ports
 * (the issuer is the provider's own URL), for tests that sign in through the real provider. `dataDir`
 * is its own; close() stops it and removes both.
 */
export async function startSignInPlatform(
  name: string,
  { config, ...options }: Pick<StartOptions, 'trustProxy'> & { config?: Partial<PlatformConfig> } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `meridian-${name}-`));
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  await seedFixture(db);
  const settings = testConfig({ ...config, dataDir, host: '127.0.0.1', restPort: 0, oidcPort: 0 });
  const platform = await startPlatform(settings, { db, seed: false, logger: false, ...options });
  const close = async () => {
    await platform.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { platform, db, dataDir, close };
}

/** A small browser: a cookie jar and manual redirects, so every hop of a sign-in is visible. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `userAgent`: the User-Agent it sends (Node's own otherwise). */
  constructor(private readonly userAgent?: string) {}

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.userAgent && !headers.has('user-agent')) headers.set('user-agent', this.userAgent);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) <= new Date());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects while they stay on `origin`; answers the last response and its URL. */
  async follow(url: string | URL, origin: string, init?: RequestInit): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    let response = await this.fetch(current, init);
    while (response.status >= 300 && response.status < 400) {
      current = new URL(response.headers.get('location')!, current);
      if (current.origin !== origin) break;
      response = await this.fetch(current);
    }
    return { response, url: current };
  }
}

export const formAction = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
export const formBody = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The console's OpenID client configuration, discovered from the running provider. */
export const discoverConsole = (platform: RunningPlatform) =>
  client.discovery(new URL(platform.issuer), platform.config.consoleClientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });

export const consoleRedirectUri = (platform: RunningPlatform) => `${platform.config.consoleUrl}/auth/callback`;

/** Opens the console's authorization request (code + PKCE) and answers the sign-in page it lands on. */
export async function openSignIn(
  platform: RunningPlatform,
  oidc: client.Configuration,
  browser: Browser,
  extra: Record<string, string> = {},
) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: consoleRedirectUri(platform),
    scope: 'openid email profile api_access',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  const { response, url: landed } = await browser.follow(url, new URL(platform.issuer).origin);
  return { response, landed, codeVerifier, state };
}

/** Submits the sign-in form; answers the final response and where it went. */
export function submitSignIn(
  platform: RunningPlatform,
  browser: Browser,
  page: string,
  pageUrl: URL,
  email: string,
  password: string,
) {
  const action = new URL(formAction(page)!, pageUrl);
  return browser.follow(action, new URL(platform.issuer).origin, formBody({ email, password }));
}

/** The current code of an authenticator app holding `key`; `stepsAhead` gives a later step's (within the drift allowed). */
export const totpCode = (key: string, stepsAhead = 0) =>
  generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** The second step's page (/interaction/:uid/mfa) a right password led to. */
export const isSecondStep = (url: URL) => /\/interaction\/[^/]+\/mfa$/.test(url.pathname);

/** Posts `code` to the second step's form on `page`; answers the final response and where it went. */
export function submitCode(platform: RunningPlatform, browser: Browser, page: string, pageUrl: URL, code: string) {
  const action = new URL(formAction(page)!, pageUrl);
  return browser.follow(action, new URL(platform.issuer).origin, formBody({ code }));
}

export interface SignInOptions {
  password?: string;
  browser?: Browser;
  /** For a person with an authenticator app: the code to type at the second step (e.g. totpCode(key)). */
  code?: string | (() => Promise<string>);
}

/** The whole sign-in through the real form; answers the token response and the browser (its session). */
export async function signIn(
  platform: RunningPlatform,
  oidc: client.Configuration,
  email: string,
  { password = FIXTURE_PASSWORD, browser = new Browser(), code }: SignInOptions = {},
) {
  const { response, landed, codeVerifier, state } = await openSignIn(platform, oidc, browser);
  if (response.status !== 200) throw new Error(`The sign-in page answered ${response.status}`);
  let done = await submitSignIn(platform, browser, await response.text(), landed, email, password);
  if (isSecondStep(done.url) && code !== undefined) {
    const typed = typeof code === 'string' ? code : await code();
    done = await submitCode(platform, browser, await done.response.text(), done.url, typed);
  }
  if (!done.url.href.startsWith(consoleRedirectUri(platform)))
    throw new Error(`Sign-in of ${email} ended at ${done.url.href}`);
  const tokens = await client.authorizationCodeGrant(oidc, done.url, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
  });
  return { tokens, browser };
}

/** Exchanges the console's code a finished sign-in landed on for tokens. */
export const redeemCode = (oidc: client.Configuration, landed: URL, codeVerifier: string, state: string) =>
  client.authorizationCodeGrant(oidc, landed, { pkceCodeVerifier: codeVerifier, expectedState: state });
