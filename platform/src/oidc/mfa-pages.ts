import { RECOVERY_CODE_COUNT } from '../domain/mfa/recovery-codes.js';
import { escapeHtml, renderPage } from './login-page.js';

/**
 * The second factor's pages: prove a factor at sign-in, set one up, save the recovery codes. Plain
 * forms that work without JavaScript (codes); passkey parts stay hidden until passkey.js finds the
 * browser able to use them.
 */

/** The JSON endpoints a passkey button posts to, and the scripts that drive it. */
export interface PasskeyEndpoints {
  options: string;
  verify: string;
  scripts: readonly string[];
}

const alertOf = (error: string | undefined, id = 'code-error') =>
  error ? `<div role="alert" id="${id}"><p>${escapeHtml(error)}</p></div>` : '';

/** A passkey button with its live message region (hidden until the browser is found able). */
function passkeyButton(
  action: 'register' | 'authenticate',
  endpoints: PasskeyEndpoints,
  text: string,
  { nameInput, secondary = false }: { nameInput?: string; secondary?: boolean } = {},
): string {
  return `<button type="button"${secondary ? ' class="secondary"' : ''} data-passkey-action="${action}" data-options="${escapeHtml(
    endpoints.options,
  )}" data-verify="${escapeHtml(endpoints.verify)}" data-status="passkey-status"${
    nameInput ? ` data-name-input="${nameInput}"` : ''
  }>${escapeHtml(text)}</button>
<div role="alert" id="passkey-status" hidden></div>`;
}

const passkeyNameField = () => `<label for="passkey-name">Passkey name <span class="hint">(optional)</span></label>
<input id="passkey-name" name="name" type="text" maxlength="64" autocomplete="off" placeholder="For example: Work laptop">`;

/** Groups a base32 key by four, as apps show what to type. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

export interface SecondFactorPageOptions {
  productName: string;
  /** Where the code form posts. */
  action: string;
  /** Whether the person has an authenticator app (else only recovery codes are typed). */
  hasTotp: boolean;
  /** Present when the person has passkeys. */
  passkey?: PasskeyEndpoints;
  /** Why the factor is asked for, when it is not a sign-in (the account page's confirmation). */
  intro?: string;
  /** A way back without confirming (account page). */
  cancel?: { href: string; text: string };
  error?: string;
}

export function secondFactorPage({
  productName,
  action,
  hasTotp,
  passkey,
  intro,
  cancel,
  error,
}: SecondFactorPageOptions): string {
  const hint = hasTotp
    ? 'The 6-digit code your authenticator app shows, or one of your recovery codes.'
    : 'One of your recovery codes, if you cannot use your passkey.';
  const described = `code-hint${error ? ' code-error' : ''}`;
  const body = `<h1>Confirm it’s you</h1>
${intro ? `<p>${escapeHtml(intro)}</p>` : ''}
${alertOf(error)}
${
  passkey
    ? `<section data-passkey hidden>
<p>Use your passkey: this device’s screen lock, or your security key.</p>
${passkeyButton('authenticate', passkey, 'Use a passkey')}
</section>`
    : ''
}
<form method="post" action="${escapeHtml(action)}">
<label for="code">${hasTotp ? 'Authentication code' : 'Recovery code'}</label>
<p id="code-hint" class="hint">${hint}</p>
<input id="code" name="code" type="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required maxlength="32" aria-describedby="${described}"${
    error ? ' aria-invalid="true"' : ''
  } autofocus>
<button type="submit">Verify</button>
</form>
${cancel ? `<p><a href="${escapeHtml(cancel.href)}">${escapeHtml(cancel.text)}</a></p>` : ''}`;
  return renderPage({ productName, title: 'Confirm it’s you', body, scripts: passkey?.scripts ?? [] });
}

export interface EnrollPageOptions {
  productName: string;
  /** Why a factor is asked for (at sign-in), or what the page does (account page). */
  intro: string;
  /** Where the confirmation code posts. */
  action: string;
  key: string;
  uri: string;
  /** The QR code of `uri`, a data: URI. */
  qrCode: string;
  /** Offered instead of the app, when the browser can use passkeys. */
  passkey?: PasskeyEndpoints;
  /** A way back without setting anything up (account page). */
  cancel?: { href: string; text: string };
  error?: string;
}

export function enrollPage({
  productName,
  intro,
  action,
  key,
  uri,
  qrCode,
  passkey,
  cancel,
  error,
}: EnrollPageOptions): string {
  const described = `code-hint${error ? ' code-error' : ''}`;
  const body = `<h1>Set up a second factor</h1>
<p>${escapeHtml(intro)}</p>
${alertOf(error)}
<h2>Authenticator app</h2>
<p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
<img class="qr" src="${escapeHtml(qrCode)}" width="200" height="200" alt="QR code to add ${escapeHtml(productName)} to your authenticator app">
<p>Can’t scan it? Enter this key in the app instead:</p>
<p class="key" id="totp-key">${escapeHtml(grouped(key))}</p>
<details><summary>Setup link</summary><code id="totp-uri">${escapeHtml(uri)}</code></details>
<form method="post" action="${escapeHtml(action)}">
<label for="code">Code from the app</label>
<p id="code-hint" class="hint">Six digits; a new one every 30 seconds.</p>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="16" aria-describedby="${described}"${
    error ? ' aria-invalid="true"' : ''
  }>
<button type="submit">Confirm</button>
</form>
${
  passkey
    ? `<section data-passkey hidden>
<h2>Or a passkey</h2>
<p>Use this device’s screen lock, or a security key.</p>
${passkeyNameField()}
${passkeyButton('register', passkey, 'Add a passkey', { nameInput: 'passkey-name', secondary: true })}
</section>`
    : ''
}
${cancel ? `<p><a href="${escapeHtml(cancel.href)}">${escapeHtml(cancel.text)}</a></p>` : ''}`;
  return renderPage({ productName, title: 'Set up a second factor', body, scripts: passkey?.scripts ?? [] });
}

export interface RecoveryCodesPageOptions {
  productName: string;
  /** Whose codes they are (named in the downloaded file). */
  email: string;
  codes: readonly string[];
  /**
   * Onwards: a post of the form, whose "I have saved these codes" box is required (the browser asks
   * for it without JavaScript, the server refuses its absence: `saved` is `yes` when ticked). The form
   * carries the codes too, so a refusal can show them again: they are shown once and kept only hashed.
   */
  next: { action: string; text: string };
  /** The page's script (assets/recovery-codes.js: the Copy button), by its versioned URL. */
  scripts: readonly string[];
  /** The box was not ticked. */
  error?: string;
}

/** The field the codes page posts its box as, and the value of a ticked box. */
export const SAVED_FIELD = 'saved';
export const SAVED_VALUE = 'yes';
const CODE_FIELD = 'code';
/** What a code the platform issued looks like (domain/mfa/recovery-codes.ts): `abcde-fghij`. */
const ISSUED_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

export const SAVE_CODES_MESSAGE = 'Tick “I have saved these codes” once they are somewhere safe, then continue.';

/** Whether the codes page's box was ticked. */
export const codesSaved = (form: URLSearchParams) => form.get(SAVED_FIELD) === SAVED_VALUE;

/** The codes the page posted back, to show again after a refusal: only what an issued code looks like. */
export const codesOfForm = (form: URLSearchParams): string[] =>
  form
    .getAll(CODE_FIELD)
    .filter((code) => ISSUED_CODE.test(code))
    .slice(0, RECOVERY_CODE_COUNT);

/** The .txt the Download link saves: whose codes, how they work, one a line. */
function codesFile(productName: string, email: string, codes: readonly string[]): string {
  return [
    `${productName} recovery codes for ${email}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app or passkey.',
    'Issuing new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The recovery codes, shown once: Copy (with JavaScript), Download as a .txt (a data: link, which
 * needs no script and no second request: the server keeps only the codes' hashes), and a required
 * "I have saved these codes" box before going on.
 */
export function recoveryCodesPage({
  productName,
  email,
  codes,
  next,
  scripts,
  error,
}: RecoveryCodesPageOptions): string {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(codesFile(productName, email, codes))}`;
  const fileName = `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
  const invalid = error ? ' aria-invalid="true" aria-describedby="saved-error"' : '';
  const shown = codes.length
    ? `<ul class="codes" id="recovery-codes" aria-label="Recovery codes">
${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('\n')}
</ul>
<div class="code-actions">
<button type="button" class="secondary" data-copy-codes="recovery-codes" data-status="copy-status" hidden>Copy</button>
<a class="button-link secondary" href="${escapeHtml(file)}" download="${escapeHtml(fileName)}">Download (.txt)</a>
</div>
<p role="status" id="copy-status" class="hint copy-status"></p>`
    : // Shown once already (a reload): they are kept only hashed. New ones can be issued once signed in.
      `<p>Your codes were shown when this page first opened and are not shown again. If you did not save them, issue new ones from your account’s sign-in security page once you are signed in.</p>`;
  const body = `<h1>Save your recovery codes</h1>
<p>If you lose your authenticator app or passkey, each of these codes signs you in once instead. Keep them somewhere safe: they are not shown again.</p>
${alertOf(error, 'saved-error')}
${shown}
<form method="post" action="${escapeHtml(next.action)}">
${codes.map((code) => `<input type="hidden" name="${CODE_FIELD}" value="${escapeHtml(code)}">`).join('\n')}
<label class="check"><input type="checkbox" name="${SAVED_FIELD}" value="${SAVED_VALUE}" required${invalid}> I have saved these codes</label>
<button type="submit">${escapeHtml(next.text)}</button>
</form>`;
  return renderPage({ productName, title: 'Recovery codes', body, scripts });
}
