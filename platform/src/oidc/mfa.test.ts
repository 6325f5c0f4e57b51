import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, MESSAGES, OWN_FACTORS_RESET_MESSAGE } from '@meridian/schema';
import { WRONG_SETUP_CODE_MESSAGE } from '../domain/mfa/enrollment.js';
import { SAVE_CODES_MESSAGE } from './mfa-pages.js';
import { hashRecoveryCode, newRecoveryCodes } from '../domain/mfa/recovery-codes.js';
import { CONFIRMED_MESSAGE, REAUTHENTICATION_MESSAGE } from '../domain/mfa/reauthentication.js';
import { INVALID_CODE_MESSAGE, INVALID_PASSKEY_MESSAGE } from '../domain/mfa/second-step.js';
import { sealedIn, sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { startPlatform, type RunningPlatform } from '../server.js';
import { replaceRecoveryCodes, upsertTotp } from '../stores/mfa.js';
import { FIXTURE_PASSWORD } from '../test-support/fixture.js';
import { sealAsLegacyV1 } from '../test-support/legacy-v1.js';
import { testConfig } from '../test-support/platform.js';
import {
  Browser,
  discoverConsole,
  formAction,
  formBody,
  isSecondStep,
  openSignIn,
  redeemCode,
  signIn,
  submitCode,
  submitSignIn,
  totpCode,
  startSignInPlatform,
} from '../test-support/sign-in.js';

// The second factor at the real provider, over HTTP: enrollment, codes, recovery codes, the throttle,
// who must use one, the amr of the tokens, and the account security page.

let platform: RunningPlatform;
let dataDir: string;
let closePlatform: (() => Promise<void>) | undefined;
let oidc: client.Configuration;

/** Each browser comes from its own address (the platform trusts one proxy), so address locks stay apart. */
let nextAddress = 1;
class AddressedBrowser extends Browser {
  readonly address = `198.51.100.${nextAddress++}`;
  override fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    return super.fetch(url, { ...init, headers });
  }
}

beforeAll(async () => {
  ({ platform, dataDir, close: closePlatform } = await startSignInPlatform('mfa', { trustProxy: true }));
  oidc = await discoverConsole(platform);
});

afterAll(() => closePlatform?.());

const sealer = () => sealedSecrets(platform.config.mfaEncryptionKeys);
const issuerOrigin = () => new URL(platform.issuer).origin;

/** A new active user of `organization` with the fixture password. */
async function newUser(email: string, organization = 'acme', role = 'orgUser') {
  await platform.db.query(
    `INSERT INTO users (email, organization_id, name, password_hash, role, active)
     SELECT $1, $2, 'Test Person', password_hash, $3, true FROM users WHERE email = 'user@acme.test'`,
    [email, organization, role],
  );
  return email;
}

/** Gives `email` an authenticator app (key answered) and, optionally, recovery codes (answered). */
async function withTotp(email: string) {
  const key = generateSecret();
  await upsertTotp(platform.db, email, await sealer().seal('totp', sealedIn.totp(email), key), 0);
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(platform.db, email, codes.map(hashRecoveryCode));
  return { key, codes };
}

async function events(action: string, email: string) {
  const { rows } = await platform.db.query<{ actor: string; actor_kind: string; details: unknown; client_ip: string }>(
    'SELECT actor, actor_kind, details, client_ip FROM audit_events WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, email],
  );
  return rows;
}

/** Opens the sign-in and posts the password: answers the page it led to, its URL, and the PKCE pair. */
async function passwordStep(email: string, browser: Browser = new AddressedBrowser()) {
  const { response, landed, codeVerifier, state } = await openSignIn(platform, oidc, browser);
  const done = await submitSignIn(platform, browser, await response.text(), landed, email, FIXTURE_PASSWORD);
  return { browser, response: done.response, url: done.url, page: await done.response.text(), codeVerifier, state };
}

const cspOf = (response: Response) => response.headers.get('content-security-policy') ?? '';
const scriptSrcOf = (response: Response) => /script-src ([^;]*)/.exec(cspOf(response))?.[1] ?? '';
const decoded = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('signing in with an authenticator app', () => {
  it('asks for the code after the password and signs in with it: amr pwd, otp, mfa in the ID token', async () => {
    const email = await newUser('totp1@acme.test');
    const { key } = await withTotp(email);
    const step = await passwordStep(email);
    expect(isSecondStep(step.url)).toBe(true);
    expect(step.response.status).toBe(200);
    expect(step.page).toContain('<h1>Confirm it’s you</h1>');
    expect(step.page).toMatch(/<label for="code">Authentication code<\/label>/);
    // No sign-in event yet: the person is not in until the second factor.
    expect(await events('sign-in', email)).toEqual([]);

    const done = await submitCode(platform, step.browser, step.page, step.url, await totpCode(key));
    expect(done.url.href.startsWith(`${platform.config.consoleUrl}/auth/callback`)).toBe(true);
    const tokens = await redeemCode(oidc, done.url, step.codeVerifier, step.state);
    expect(tokens.claims()).toMatchObject({ sub: email, amr: ['pwd', 'otp', 'mfa'] });
    expect(typeof tokens.claims()!.auth_time).toBe('number');
    expect(decodeJwt(tokens.access_token).sub).toBe(email);
    expect(await events('sign-in', email)).toEqual([
      expect.objectContaining({ actor: email, actor_kind: 'user', details: { methods: ['pwd', 'otp', 'mfa'] } }),
    ]);
  });

  it('refuses a wrong code in words, and audits it without the code', async () => {
    const email = await newUser('totp2@acme.test');
    const { key } = await withTotp(email);
    const step = await passwordStep(email);
    const wrong = (Number(await totpCode(key)) + 1) % 1_000_000;
    const code = String(wrong).padStart(6, '0');
    const { response } = await submitCode(platform, step.browser, step.page, step.url, code);
    expect(response.status).toBe(401);
    const html = decoded(await response.text());
    expect(html).toContain(`<div role="alert" id="code-error"><p>${INVALID_CODE_MESSAGE}</p></div>`);
    expect(html).toMatch(/aria-invalid="true"/);
    const [failed] = await events('sign-in.failed', email);
    expect(failed).toMatchObject({ actor_kind: 'anonymous', details: { reason: 'invalid-code' } });
    expect(JSON.stringify(failed)).not.toContain(code);
  });

  it('still signs in with an app key stored in the retired v1 format', async () => {
    const email = await newUser('totp-v1@acme.test');
    const key = generateSecret();
    await upsertTotp(platform.db, email, sealAsLegacyV1(platform.config.mfaEncryptionKeys[0]!, key), 0);
    const step = await passwordStep(email);
    const done = await submitCode(platform, step.browser, step.page, step.url, await totpCode(key));
    expect(done.url.href.startsWith(`${platform.config.consoleUrl}/auth/callback`)).toBe(true);
  });

  it('refuses the right code when the stored key was copied from another person’s row', async () => {
    const owner = await newUser('totp-owner@acme.test');
    const { key } = await withTotp(owner);
    const copier = await newUser('totp-copier@acme.test');
    await platform.db.query(
      'INSERT INTO mfa_totp (email, secret, last_step) SELECT $2, secret, 0 FROM mfa_totp WHERE email = $1',
      [owner, copier],
    );
    const step = await passwordStep(copier);
    const { response } = await submitCode(platform, step.browser, step.page, step.url, await totpCode(key));
    expect(response.status).toBe(401);
    expect(decoded(await response.text())).toContain(INVALID_CODE_MESSAGE);
  });

  it('accepts a code once: the same code is refused at the next sign-in (no replay in its window)', async () => {
    const email = await newUser('totp3@acme.test');
    const { key } = await withTotp(email);
    const code = await totpCode(key);
    await signIn(platform, oidc, email, { code, browser: new AddressedBrowser() });
    const again = await passwordStep(email);
    const { response } = await submitCode(platform, again.browser, again.page, again.url, code);
    expect(response.status).toBe(401);
    expect(decoded(await response.text())).toContain(INVALID_CODE_MESSAGE);
    // The next step's code (a clock a little ahead) still works.
    const later = await submitCode(platform, again.browser, again.page, again.url, await totpCode(key, 1));
    expect(later.url.href.startsWith(platform.config.consoleUrl)).toBe(true);
  });

  it('takes a recovery code instead, once, and says so in amr (not otp: it is no app code)', async () => {
    const email = await newUser('recovery@acme.test');
    const { codes } = await withTotp(email);
    const first = await passwordStep(email);
    // Typed as people do: upper case, a space for the dash.
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const done = await submitCode(platform, first.browser, first.page, first.url, typed);
    const tokens = await redeemCode(oidc, done.url, first.codeVerifier, first.state);
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'recovery-code', 'mfa'] });
    expect(await events('sign-in', email)).toEqual([
      expect.objectContaining({ details: { methods: ['pwd', 'recovery-code', 'mfa'] } }),
    ]);
    expect(await events('mfa.recovery-code-used', email)).toEqual([
      expect.objectContaining({ actor: email, actor_kind: 'user', details: { left: 9 } }),
    ]);

    const second = await passwordStep(email);
    const { response } = await submitCode(platform, second.browser, second.page, second.url, codes[0]!);
    expect(response.status).toBe(401);
  });

  it('locks an account after five wrong codes, from any address, in the words of the password step', async () => {
    const email = await newUser('locked@acme.test');
    const { key } = await withTotp(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const step = await passwordStep(email);
      const { response } = await submitCode(platform, step.browser, step.page, step.url, '000000');
      expect(response.status).toBe(401);
    }
    const step = await passwordStep(email);
    const { response } = await submitCode(platform, step.browser, step.page, step.url, await totpCode(key));
    expect(response.status).toBe(423);
    expect(decoded(await response.text())).toContain(MESSAGES.tooManyAttempts(15));
    expect(await events('sign-in.locked', email)).toEqual([
      expect.objectContaining({ details: { minutes: 15, step: 'second-factor' } }),
    ]);
  });

  it('locks an address that tried twenty wrong codes across accounts, not the accounts elsewhere', async () => {
    const browser = new AddressedBrowser();
    for (let account = 0; account < 5; account++) {
      const email = await newUser(`spray${account}@acme.test`);
      await withTotp(email);
      const step = await passwordStep(email, browser);
      for (let attempt = 0; attempt < 4; attempt++) {
        const { response } = await submitCode(platform, browser, step.page, step.url, '000000');
        expect(response.status).toBe(401);
      }
    }
    const email = await newUser('fresh@acme.test');
    const { key } = await withTotp(email);
    const step = await passwordStep(email, browser);
    const { response } = await submitCode(platform, browser, step.page, step.url, await totpCode(key));
    expect(response.status).toBe(423);
    expect(decoded(await response.text())).toContain('Too many attempts.');
    // The same account from another address is not locked.
    await signIn(platform, oidc, email, { code: () => totpCode(key, 1), browser: new AddressedBrowser() });
  });
});

describe('who must have a second factor', () => {
  it('signs in with a password alone where none is required: amr pwd', async () => {
    const { tokens } = await signIn(platform, oidc, 'user@globex.test', { browser: new AddressedBrowser() });
    expect(tokens.claims()).toMatchObject({ amr: ['pwd'] });
  });

  it('makes every user of an organization that requires one set it up first, then shows ten recovery codes once', async () => {
    const email = await newUser('enroll@globex.test', 'globex');
    await platform.db.query(`UPDATE organizations SET require_mfa = true WHERE id = 'globex'`);
    try {
      const step = await passwordStep(email);
      expect(isSecondStep(step.url)).toBe(true);
      expect(step.page).toContain('<h1>Set up a second factor</h1>');
      expect(step.page).toContain('Your organization requires a second factor to sign in to Meridian.');
      expect(step.page).toMatch(/<img class="qr" src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
      const key = /<p class="key" id="totp-key">([A-Z2-7 ]+)<\/p>/.exec(step.page)![1]!.replace(/ /g, '');
      const uri = decoded(/<code id="totp-uri">([^<]+)<\/code>/.exec(step.page)![1]!);
      expect(uri).toBe(`otpauth://totp/Meridian:enroll%40globex.test?secret=${key}&issuer=Meridian`);
      // The same key on a reload (another replica reads it from the database).
      const reload = await step.browser.fetch(step.url);
      expect(await reload.text()).toContain(/<p class="key" id="totp-key">[^<]+<\/p>/.exec(step.page)![0]);

      const wrong = await submitCode(platform, step.browser, step.page, step.url, '123456');
      expect(wrong.response.status).toBe(400);
      expect(decoded(await wrong.response.text())).toContain(WRONG_SETUP_CODE_MESSAGE);

      const confirmed = await submitCode(platform, step.browser, step.page, step.url, await totpCode(key));
      expect(confirmed.response.status).toBe(200);
      const codesPage = await confirmed.response.text();
      expect(codesPage).toContain('<h1>Save your recovery codes</h1>');
      const codes = [...codesPage.matchAll(/<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/g)].map((m) => m[1]);
      expect(new Set(codes).size).toBe(10);
      // Stored hashed, and the key encrypted: neither in the clear.
      const stored = await platform.db.query<{ secret: string }>('SELECT secret FROM mfa_totp WHERE email = $1', [
        email,
      ]);
      expect(stored.rows[0]!.secret).not.toContain(key);
      expect(await sealer().open('totp', sealedIn.totp(email), stored.rows[0]!.secret)).toBe(key);
      const hashes = await platform.db.query<{ code_hash: string }>(
        'SELECT code_hash FROM mfa_recovery_codes WHERE email = $1',
        [email],
      );
      expect(hashes.rows.map((row) => row.code_hash).sort()).toEqual(
        codes.map((code) => hashRecoveryCode(code!)).sort(),
      );

      // Issue 39: Copy (the page's own script, hidden without it), Download (.txt, a data: link the CSP
      // allows, needing no script), and a required "I have saved these codes" box in the form.
      expect(codesPage).toMatch(
        /<button type="button" class="secondary" data-copy-codes="recovery-codes"[^>]* hidden="">Copy<\/button>/,
      );
      expect(codesPage).toMatch(/<script src="\/assets\/recovery-codes\.js\?v=[\w-]+" defer=""><\/script>/);
      const download =
        /<a class="button-link secondary" href="([^"]+)" download="meridian-recovery-codes\.txt">Download \(\.txt\)<\/a>/.exec(
          codesPage,
        );
      const file = decodeURIComponent(decoded(download![1]!).replace(/^data:text\/plain;charset=utf-8,/, ''));
      expect(file).toContain(`Meridian recovery codes for ${email}`);
      expect(file.trim().split('\n').slice(-10)).toEqual(codes);
      expect(codesPage).toMatch(
        /<input type="checkbox"(?=[^>]*name="saved")(?=[^>]*value="yes")[^>]*required=""[^>]*\/> I have saved these codes/,
      );
      expect(confirmed.response.headers.get('content-security-policy')).toContain("script-src 'self'");

      // Continue without the box (a client skipping the browser's check) is refused, the codes shown again.
      const next = new URL(decoded(formAction(codesPage)!), step.url);
      const posted = new URLSearchParams(codes.map((code) => ['code', code!]));
      expect((await step.browser.fetch(next, formBody({}))).status).toBe(400);
      const refusedPosted = await step.browser.fetch(next, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: posted.toString(),
      });
      expect(refusedPosted.status).toBe(400);
      const again = decoded(await refusedPosted.text());
      expect(again).toContain(SAVE_CODES_MESSAGE);
      expect([...again.matchAll(/<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/g)].map((m) => m[1])).toEqual(codes);
      expect(await events('mfa.recovery-codes', email)).toHaveLength(1);
      // A reload shows no codes (they are kept hashed) and still waits for the box: no way around it.
      const reloaded = await step.browser.fetch(next);
      expect(reloaded.status).toBe(200);
      const reloadedPage = decoded(await reloaded.text());
      expect(reloadedPage).toContain('are not shown again');
      expect(reloadedPage).not.toContain('<li><code>');
      expect(reloadedPage).toMatch(/<input type="checkbox"(?=[^>]*name="saved")(?=[^>]*value="yes")[^>]*required=""/);

      // Ticked: the sign-in finishes; the codes are not shown again.
      posted.append('saved', 'yes');
      const done = await step.browser.follow(next, issuerOrigin(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: posted.toString(),
      });
      const tokens = await redeemCode(oidc, done.url, step.codeVerifier, step.state);
      expect(tokens.claims()).toMatchObject({ sub: email, amr: ['pwd', 'otp', 'mfa'] });
      expect((await events('mfa.enroll', email)).map((event) => event.details)).toEqual([{ kind: 'totp' }]);
      expect(await events('mfa.recovery-codes', email)).toHaveLength(1);
    } finally {
      await platform.db.query(`UPDATE organizations SET require_mfa = false WHERE id = 'globex'`);
    }
  });

  it('in production, makes the platform’s operators set one up; their organization’s users still sign in with a password', async () => {
    const production = await startPlatform(
      testConfig({ dataDir, host: '127.0.0.1', restPort: 0, oidcPort: 0, appEnv: 'production' }),
      { db: platform.db, seed: false, logger: false },
    );
    try {
      const productionOidc = await discoverConsole(production);
      const operator = await newUser('operator@meridian.test', 'meridian', 'systemViewer');
      const browser = new Browser();
      const { response, landed } = await openSignIn(production, productionOidc, browser);
      const done = await submitSignIn(production, browser, await response.text(), landed, operator, FIXTURE_PASSWORD);
      expect(isSecondStep(done.url)).toBe(true);
      expect(await done.response.text()).toContain('Operators of Meridian sign in with a second factor.');

      const { tokens } = await signIn(production, productionOidc, 'orgadmin@acme.test');
      expect(tokens.claims()).toMatchObject({ amr: ['pwd'] });
    } finally {
      await production.close();
    }
    // Outside production the same operator signs in with a password alone.
    const { tokens } = await signIn(platform, oidc, 'operator@meridian.test', { browser: new AddressedBrowser() });
    expect(tokens.claims()).toMatchObject({ amr: ['pwd'] });
  });
});

describe('an administrator’s reset', () => {
  it('removes the factors and ends the person’s sessions: their refresh token stops working', async () => {
    const email = await newUser('reset@acme.test');
    const { key } = await withTotp(email);
    const { tokens } = await signIn(platform, oidc, email, {
      code: () => totpCode(key),
      browser: new AddressedBrowser(),
    });
    const admin = await signIn(platform, oidc, 'orgadmin@acme.test', { browser: new AddressedBrowser() });
    const response = await fetch(`${platform.restUrl}/users/${email}/mfa/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.tokens.access_token}` },
    });
    expect(response.status).toBe(204);
    await expect(client.refreshTokenGrant(oidc, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Nothing requires a factor of them: the next sign-in is a password alone.
    const again = await signIn(platform, oidc, email, { browser: new AddressedBrowser() });
    expect(again.tokens.claims()).toMatchObject({ amr: ['pwd'] });
  });

  it('is never one’s own: an Org Admin’s token cannot reset their own factors, which stay', async () => {
    const email = await newUser('self-reset@acme.test', 'acme', 'orgAdmin');
    const { key } = await withTotp(email);
    const { tokens } = await signIn(platform, oidc, email, {
      code: () => totpCode(key),
      browser: new AddressedBrowser(),
    });
    const response = await fetch(`${platform.restUrl}/users/${email}/mfa/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ conflicts: [{ message: OWN_FACTORS_RESET_MESSAGE }] });
    expect(await events('mfa.reset', email)).toEqual([]);
    const totp = await platform.db.query('SELECT 1 FROM mfa_totp WHERE email = $1', [email]);
    expect(totp.rows).toHaveLength(1);
  });
});

describe('the provider pages’ Content-Security-Policy and scripts', () => {
  it('allows scripts from the provider’s origin only, never inline, on the sign-in and second-step pages', async () => {
    const email = await newUser('csp@acme.test');
    await withTotp(email);
    const { response } = await openSignIn(platform, oidc, new Browser());
    expect(scriptSrcOf(response)).toBe("'self'");
    const step = await passwordStep(email);
    expect(scriptSrcOf(step.response)).toBe("'self'");
    expect(cspOf(step.response)).toMatch(/frame-ancestors 'none'/);
    expect(step.page).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(step.page).not.toMatch(/\son[a-z]+=/);
  });

  it('serves the passkey scripts with their type, a long cache for a versioned URL, and nosniff', async () => {
    for (const name of ['webauthn.js', 'passkey.js', 'logout.js']) {
      const plain = await fetch(`${platform.issuer}/assets/${name}`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
      expect(plain.headers.get('cache-control')).toBe('no-cache');
      const version = plain.headers.get('etag')!.replace(/"/g, '');
      const versioned = await fetch(`${platform.issuer}/assets/${name}?v=${version}`);
      expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(await (await fetch(`${platform.issuer}/assets/webauthn.js`)).text()).toContain('SimpleWebAuthnBrowser');
    expect((await fetch(`${platform.issuer}/assets/nothing.js`)).status).toBe(404);
  });
});

describe('the account security page', () => {
  const page = (query = '') => `${platform.issuer}/account/security${query}`;
  const post = (
    browser: Browser,
    url: string,
    fields: Record<string, string>,
    origin: string | null = issuerOrigin(),
  ) => {
    const init = formBody(fields);
    return browser.fetch(url, { ...init, headers: { ...init.headers, ...(origin ? { origin } : {}) } });
  };

  it('asks a person who is not signed in to sign in first', async () => {
    const response = await fetch(page());
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(`<a href="${platform.config.consoleUrl}">Sign in to Meridian</a>`);
  });

  it('lists the factors, and offers “Back to the console” for a console return address only', async () => {
    const email = await newUser('account1@acme.test');
    const { key } = await withTotp(email);
    const { browser } = await signIn(platform, oidc, email, {
      code: () => totpCode(key),
      browser: new AddressedBrowser(),
    });
    const back = `${platform.config.consoleUrl}/profile`;
    const response = await browser.fetch(page(`?return=${encodeURIComponent(back)}`));
    expect(response.status).toBe(200);
    expect(scriptSrcOf(response)).toBe("'self'");
    const html = decoded(await response.text());
    expect(html).toContain(`Signed in as ${email}.`);
    expect(html).toContain('Authenticator app set up');
    expect(html).toContain('10 of 10 left.');
    expect(html).toContain(`<a href="${back}">Back to the console</a>`);
    const elsewhere = decoded(await (await browser.fetch(page('?return=https%3A%2F%2Fevil.test%2F'))).text());
    expect(elsewhere).not.toContain('Back to the console');
  });

  it('refuses a post that does not come from the page (CSRF), and changes nothing', async () => {
    const email = await newUser('account2@acme.test');
    const { key } = await withTotp(email);
    const { browser } = await signIn(platform, oidc, email, {
      code: () => totpCode(key),
      browser: new AddressedBrowser(),
    });
    for (const origin of [null, 'https://evil.test']) {
      const refused = await post(browser, page('/remove'), { kind: 'totp' }, origin);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('This request did not come from the account security page.');
    }
    expect(await events('mfa.remove', email)).toEqual([]);

    // From the page itself: new recovery codes, shown once, the earlier ones void.
    const renewed = await post(browser, page('/recovery-codes'), {});
    expect(renewed.status).toBe(200);
    const renewedPage = decoded(await renewed.text());
    expect([...renewedPage.matchAll(/<li><code>/g)]).toHaveLength(10);
    expect(await events('mfa.recovery-codes', email)).toHaveLength(1);
    // Done needs the box ticked (issue 39), here too.
    const doneAction = new URL(formAction(renewedPage)!, platform.issuer).href;
    expect(doneAction).toBe(page('/recovery-codes/saved'));
    const unticked = await post(browser, doneAction, {});
    expect(unticked.status).toBe(400);
    expect(decoded(await unticked.text())).toContain(SAVE_CODES_MESSAGE);
    const ticked = await post(browser, doneAction, { saved: 'yes' });
    expect(ticked.status).toBe(303);
    expect(ticked.headers.get('location')).toBe(`${new URL(page()).pathname}?done=codes`);

    const removed = await post(browser, page('/remove'), { kind: 'totp' });
    expect(removed.status).toBe(303);
    expect(await events('mfa.remove', email)).toEqual([expect.objectContaining({ details: { kind: 'totp' } })]);
    const status = await platform.db.query('SELECT 1 FROM mfa_recovery_codes WHERE email = $1', [email]);
    expect(status.rows).toEqual([]);
  });

  it('adds an authenticator app, then shows the first factor’s recovery codes once', async () => {
    const email = await newUser('account3@acme.test');
    const { browser } = await signIn(platform, oidc, email, { browser: new AddressedBrowser() });
    const setup = await post(browser, page('/totp'), {});
    expect(setup.status).toBe(200);
    const html = await setup.text();
    const key = /<p class="key" id="totp-key">([A-Z2-7 ]+)<\/p>/.exec(html)![1]!.replace(/ /g, '');
    const action = new URL(decoded(formAction(html)!), platform.issuer).href;
    const confirmed = await post(browser, action, { code: await totpCode(key) });
    expect(confirmed.status).toBe(303);
    const codes = await browser.fetch(new URL(confirmed.headers.get('location')!, platform.issuer));
    expect([...(await codes.text()).matchAll(/<li><code>/g)]).toHaveLength(10);
    // Once: opened again, the page goes back to the list.
    const again = await browser.fetch(new URL(confirmed.headers.get('location')!, platform.issuer));
    expect(again.status).toBe(303);
    expect((await events('mfa.enroll', email)).map((event) => event.details)).toEqual([{ kind: 'totp' }]);
    // A stale confirmation (the step is over) is refused without enrolling twice.
    const stale = await post(browser, action, { code: await totpCode(key, 1) });
    expect(stale.status).toBe(303);
    expect(await events('mfa.enroll', email)).toHaveLength(1);
  });

  it('keeps the last factor of someone who must have one', async () => {
    const email = await newUser('account4@globex.test', 'globex');
    const { key } = await withTotp(email);
    await platform.db.query(`UPDATE organizations SET require_mfa = true WHERE id = 'globex'`);
    try {
      const { browser } = await signIn(platform, oidc, email, {
        code: () => totpCode(key),
        browser: new AddressedBrowser(),
      });
      const refused = await post(browser, page('/remove'), { kind: 'totp' });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain('A second factor is required for your account');
    } finally {
      await platform.db.query(`UPDATE organizations SET require_mfa = false WHERE id = 'globex'`);
    }
  });
});

describe('changing one’s own factors asks for a fresh second factor', () => {
  const page = (query = '') => `${platform.issuer}/account/security${query}`;
  const post = (browser: Browser, url: string, fields: Record<string, string> = {}) => {
    const init = formBody(fields);
    return browser.fetch(url, { ...init, headers: { ...init.headers, origin: issuerOrigin() } });
  };
  const postJson = (browser: Browser, url: string, body: unknown = {}) =>
    browser.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: issuerOrigin() },
      body: JSON.stringify(body),
    });

  /**
   * A browser signed in with a password alone, whose person then got an authenticator app (as when a
   * signed-in browser is left open): its session proved no factor.
   */
  async function signedInBeforeFactor(email: string) {
    const { browser } = await signIn(platform, oidc, email, { browser: new AddressedBrowser() });
    return { browser, ...(await withTotp(email)) };
  }

  /** Moves the person's provider sessions' sign-in `seconds` into the past. */
  const ageSignIn = (email: string, seconds: number) =>
    platform.db.query(
      `UPDATE oidc_models SET payload = jsonb_set(payload, '{loginTs}', to_jsonb((payload->>'loginTs')::bigint - $2))
        WHERE model = 'Session' AND payload->>'accountId' = $1`,
      [email, seconds],
    );

  /** Answers whether `response` is the confirmation page, refusing the change (403). */
  async function expectConfirmationAsked(response: Response) {
    expect(response.status).toBe(403);
    const html = decoded(await response.text());
    expect(html).toContain('<h1>Confirm it’s you</h1>');
    expect(html).toContain(REAUTHENTICATION_MESSAGE);
    return html;
  }

  /** Confirms with `code` on the page: answers the account page it leads back to. */
  async function confirmWith(browser: Browser, code: string) {
    const confirmed = await post(browser, page('/confirm'), { code });
    expect(confirmed.status).toBe(303);
    const location = new URL(confirmed.headers.get('location')!, platform.issuer);
    expect(location.searchParams.get('done')).toBe('confirmed');
    return decoded(await (await browser.fetch(location)).text());
  }

  it('refuses removing the authenticator app until a current code confirms it’s you, then removes it', async () => {
    const email = await newUser('reauth-remove@acme.test');
    const { browser, key } = await signedInBeforeFactor(email);
    const account = decoded(await (await browser.fetch(page())).text());
    expect(account).toMatch(/<a href="[^"]*\/account\/security\/confirm">Confirm it’s you<\/a>/);

    await expectConfirmationAsked(await post(browser, page('/remove'), { kind: 'totp' }));
    expect(await events('mfa.remove', email)).toEqual([]);
    expect((await platform.db.query('SELECT 1 FROM mfa_totp WHERE email = $1', [email])).rows).toHaveLength(1);

    // A wrong code confirms nothing, and counts as a wrong code does at sign-in.
    const wrong = await post(browser, page('/confirm'), { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(decoded(await wrong.text())).toContain(INVALID_CODE_MESSAGE);
    expect(await events('sign-in.failed', email)).toEqual([
      expect.objectContaining({ details: { reason: 'invalid-code' } }),
    ]);

    const after = await confirmWith(browser, await totpCode(key));
    expect(after).toContain(CONFIRMED_MESSAGE);
    expect(after).not.toContain('Confirm it’s you</a>');
    const removed = await post(browser, page('/remove'), { kind: 'totp' });
    expect(removed.status).toBe(303);
    expect(await events('mfa.remove', email)).toEqual([expect.objectContaining({ details: { kind: 'totp' } })]);
  });

  it('refuses new recovery codes until confirmed, and takes a recovery code as the confirmation', async () => {
    const email = await newUser('reauth-codes@acme.test');
    const { browser, codes } = await signedInBeforeFactor(email);
    await expectConfirmationAsked(await post(browser, page('/recovery-codes')));
    expect(await events('mfa.recovery-codes', email)).toEqual([]);

    await confirmWith(browser, codes[0]!);
    expect(await events('mfa.recovery-code-used', email)).toHaveLength(1);
    const renewed = await post(browser, page('/recovery-codes'));
    expect(renewed.status).toBe(200);
    expect([...(await renewed.text()).matchAll(/<li><code>/g)]).toHaveLength(10);
    expect(await events('mfa.recovery-codes', email)).toHaveLength(1);
  });

  it('refuses replacing the authenticator app or adding a passkey until confirmed', async () => {
    const email = await newUser('reauth-add@acme.test');
    const { browser, key } = await signedInBeforeFactor(email);
    await expectConfirmationAsked(await post(browser, page('/totp')));
    const passkey = await postJson(browser, page('/passkey/options'));
    expect(passkey.status).toBe(403);
    expect(await passkey.json()).toEqual({ message: REAUTHENTICATION_MESSAGE });

    await confirmWith(browser, await totpCode(key));
    const replace = await post(browser, page('/totp'));
    expect(replace.status).toBe(200);
    expect(await replace.text()).toContain('<h1>Set up a second factor</h1>');
    const options = await postJson(browser, page('/passkey/options'));
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ options: { challenge: expect.any(String) } });
  });

  it('refuses removing a passkey until confirmed, offering the passkey itself to confirm with', async () => {
    const email = await newUser('reauth-passkey@acme.test');
    const { browser, key } = await signedInBeforeFactor(email);
    await platform.db.query(
      `INSERT INTO mfa_passkeys (id, email, public_key, counter, transports, device_type, backed_up, name)
       VALUES ('reauth-key', $1, 'AAAA', 0, '{usb}', 'singleDevice', false, 'Desk key')`,
      [email],
    );
    const html = await expectConfirmationAsked(
      await post(browser, page('/remove'), { kind: 'passkey', id: 'reauth-key' }),
    );
    expect(html).toMatch(/data-passkey-action="authenticate" data-options="[^"]*\/confirm\/passkey\/options"/);

    const options = await postJson(browser, page('/confirm/passkey/options'));
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ options: { allowCredentials: [{ id: 'reauth-key' }] } });
    // An answer to another challenge confirms nothing, and is throttled and audited as at sign-in.
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'bm90LXRoZS1jaGFsbGVuZ2U', origin: issuerOrigin() }),
    ).toString('base64url');
    const forged = await postJson(browser, page('/confirm/passkey/verify'), {
      response: {
        id: 'reauth-key',
        rawId: 'reauth-key',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: INVALID_PASSKEY_MESSAGE });
    expect(await events('mfa.remove', email)).toEqual([]);

    await confirmWith(browser, await totpCode(key));
    const removed = await post(browser, page('/remove'), { kind: 'passkey', id: 'reauth-key' });
    expect(removed.status).toBe(303);
    expect(await events('mfa.remove', email)).toEqual([
      expect.objectContaining({ details: { kind: 'passkey', name: 'Desk key' } }),
    ]);
  });

  it('counts a sign-in with a second factor, or a confirmation, for 5 minutes only', async () => {
    const email = await newUser('reauth-window@acme.test');
    const { key } = await withTotp(email);
    const { browser } = await signIn(platform, oidc, email, {
      code: () => totpCode(key),
      browser: new AddressedBrowser(),
    });
    // Just signed in with the app: no confirmation asked.
    expect((await post(browser, page('/recovery-codes'))).status).toBe(200);

    await ageSignIn(email, 5 * 60 + 5);
    await expectConfirmationAsked(await post(browser, page('/recovery-codes')));
    // The sign-in spent the current step's code: the next one confirms.
    await confirmWith(browser, await totpCode(key, 1));
    expect((await post(browser, page('/recovery-codes'))).status).toBe(200);

    await platform.db.query(
      `UPDATE factor_proofs SET proven_at = proven_at - interval '5 minutes 5 seconds' WHERE email = $1`,
      [email],
    );
    await expectConfirmationAsked(await post(browser, page('/recovery-codes')));
    expect(await events('mfa.recovery-codes', email)).toHaveLength(2);
  });

  it('asks nothing of a person without a factor: adding a first one is enrollment', async () => {
    const email = await newUser('reauth-first@acme.test');
    const { browser } = await signIn(platform, oidc, email, { browser: new AddressedBrowser() });
    const account = await (await browser.fetch(page())).text();
    expect(account).not.toContain('Confirm it’s you</a>');
    expect((await post(browser, page('/totp'))).status).toBe(200);
    // Nor is there anything to confirm.
    expect((await browser.fetch(page('/confirm'))).status).toBe(303);
  });
});

describe('passkeys at the second step', () => {
  it('answers WebAuthn options for the person’s passkeys to a post from the page, and refuses an answer to another challenge', async () => {
    const email = await newUser('passkey@acme.test');
    await withTotp(email);
    await platform.db.query(
      `INSERT INTO mfa_passkeys (id, email, public_key, counter, transports, device_type, backed_up, name)
       VALUES ('cred-1', $1, 'AAAA', 0, '{usb}', 'singleDevice', false, 'Key')`,
      [email],
    );
    const step = await passwordStep(email);
    expect(step.page).toContain('data-passkey-action="authenticate"');
    expect(step.page).toMatch(/<script src="[^"]*\/assets\/webauthn\.js\?v=[^"]+" defer=""><\/script>/);
    const endpoint = (name: string) => new URL(`${step.url.pathname}/passkey/${name}`, platform.issuer);
    const json = (body: unknown, origin: string | null = issuerOrigin()) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify(body),
    });

    const forged = await step.browser.fetch(endpoint('options'), json({}, 'https://evil.test'));
    expect(forged.status).toBe(403);

    const answer = await step.browser.fetch(endpoint('options'), json({}));
    expect(answer.status).toBe(200);
    const { options } = (await answer.json()) as { options: Record<string, unknown> };
    expect(options).toMatchObject({
      rpId: new URL(platform.issuer).hostname,
      allowCredentials: [{ id: 'cred-1', type: 'public-key', transports: ['usb'] }],
      userVerification: 'preferred',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });

    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'bm90LXRoZS1jaGFsbGVuZ2U', origin: issuerOrigin() }),
    ).toString('base64url');
    const response = {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
    };
    // Nested 20,000 levels deep: refused in words before anything reads it (issue 39 §6).
    const deep = await step.browser.fetch(endpoint('verify'), {
      ...json({}),
      body: `{"response":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ message: JSON_TOO_DEEP_MESSAGE });

    const verified = await step.browser.fetch(endpoint('verify'), json({ response }));
    expect(verified.status).toBe(401);
    expect(await verified.json()).toEqual({
      message: 'That passkey could not be verified. Try again, or enter a code instead.',
    });
    expect(await events('sign-in.failed', email)).toEqual([
      expect.objectContaining({ details: { reason: 'invalid-code' } }),
    ]);
  });
});
