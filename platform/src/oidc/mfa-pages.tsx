import { RECOVERY_CODE_COUNT } from '../domain/mfa/recovery-codes.js';
import { FormAlert, LinkOnwards, renderPage } from './login-page.js';

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

const CODE_ERROR_ID = 'code-error';

/** A code field's attributes: its hint, and its error when there is one. */
const describedBy = (error: string | undefined) => ({
  'aria-describedby': error ? `code-hint ${CODE_ERROR_ID}` : 'code-hint',
  ...(error ? { 'aria-invalid': true as const } : {}),
});

/** A passkey button with its live message region (hidden until the browser is found able). */
export function PasskeyButton({
  action,
  endpoints,
  text,
  nameInput,
  secondary = false,
}: {
  action: 'register' | 'authenticate';
  endpoints: PasskeyEndpoints;
  text: string;
  nameInput?: string;
  secondary?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className={secondary ? 'secondary' : undefined}
        data-passkey-action={action}
        data-options={endpoints.options}
        data-verify={endpoints.verify}
        data-status="passkey-status"
        data-name-input={nameInput}
      >
        {text}
      </button>
      <div role="alert" id="passkey-status" hidden />
    </>
  );
}

/** The optional name of a passkey being added. */
export function PasskeyNameField() {
  return (
    <>
      <label htmlFor="passkey-name">
        Passkey name <span className="hint">(optional)</span>
      </label>
      <input
        id="passkey-name"
        name="name"
        type="text"
        maxLength={64}
        autoComplete="off"
        placeholder="For example: Work laptop"
      />
    </>
  );
}

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
  return renderPage({
    productName,
    title: 'Confirm it’s you',
    scripts: passkey?.scripts,
    children: (
      <>
        <h1>Confirm it’s you</h1>
        {intro ? <p>{intro}</p> : null}
        {error ? <FormAlert id={CODE_ERROR_ID} message={error} /> : null}
        {passkey ? (
          <section data-passkey="" hidden>
            <p>Use your passkey: this device’s screen lock, or your security key.</p>
            <PasskeyButton action="authenticate" endpoints={passkey} text="Use a passkey" />
          </section>
        ) : null}
        <form method="post" action={action}>
          <label htmlFor="code">{hasTotp ? 'Authentication code' : 'Recovery code'}</label>
          <p id="code-hint" className="hint">
            {hint}
          </p>
          <input
            id="code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={32}
            {...describedBy(error)}
            autoFocus
          />
          <button type="submit">Verify</button>
        </form>
        <LinkOnwards link={cancel} />
      </>
    ),
  });
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
  return renderPage({
    productName,
    title: 'Set up a second factor',
    scripts: passkey?.scripts,
    children: (
      <>
        <h1>Set up a second factor</h1>
        <p>{intro}</p>
        {error ? <FormAlert id={CODE_ERROR_ID} message={error} /> : null}
        <h2>Authenticator app</h2>
        <p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
        <img
          className="qr"
          src={qrCode}
          width={200}
          height={200}
          alt={`QR code to add ${productName} to your authenticator app`}
        />
        <p>Can’t scan it? Enter this key in the app instead:</p>
        <p className="key" id="totp-key">
          {grouped(key)}
        </p>
        <details>
          <summary>Setup link</summary>
          <code id="totp-uri">{uri}</code>
        </details>
        <form method="post" action={action}>
          <label htmlFor="code">Code from the app</label>
          <p id="code-hint" className="hint">
            Six digits; a new one every 30 seconds.
          </p>
          <input
            id="code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={16}
            {...describedBy(error)}
          />
          <button type="submit">Confirm</button>
        </form>
        {passkey ? (
          <section data-passkey="" hidden>
            <h2>Or a passkey</h2>
            <p>Use this device’s screen lock, or a security key.</p>
            <PasskeyNameField />
            <PasskeyButton
              action="register"
              endpoints={passkey}
              text="Add a passkey"
              nameInput="passkey-name"
              secondary
            />
          </section>
        ) : null}
        <LinkOnwards link={cancel} />
      </>
    ),
  });
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
  return renderPage({
    productName,
    title: 'Recovery codes',
    scripts,
    children: (
      <>
        <h1>Save your recovery codes</h1>
        <p>
          If you lose your authenticator app or passkey, each of these codes signs you in once instead. Keep them
          somewhere safe: they are not shown again.
        </p>
        {error ? <FormAlert id="saved-error" message={error} /> : null}
        {codes.length ? (
          <>
            <ul className="codes" id="recovery-codes" aria-label="Recovery codes">
              {codes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
            <div className="code-actions">
              <button
                type="button"
                className="secondary"
                data-copy-codes="recovery-codes"
                data-status="copy-status"
                hidden
              >
                Copy
              </button>
              <a className="button-link secondary" href={file} download={fileName}>
                Download (.txt)
              </a>
            </div>
            <p role="status" id="copy-status" className="hint copy-status" />
          </>
        ) : (
          // Shown once already (a reload): they are kept only hashed. New ones can be issued once signed in.
          <p>
            Your codes were shown when this page first opened and are not shown again. If you did not save them, issue
            new ones from your account’s sign-in security page once you are signed in.
          </p>
        )}
        <form method="post" action={next.action}>
          {codes.map((code) => (
            <input key={code} type="hidden" name={CODE_FIELD} value={code} />
          ))}
          <label className="check">
            <input
              type="checkbox"
              name={SAVED_FIELD}
              value={SAVED_VALUE}
              required
              {...(error ? { 'aria-invalid': true, 'aria-describedby': 'saved-error' } : {})}
            />{' '}
            I have saved these codes
          </label>
          <button type="submit">{next.text}</button>
        </form>
      </>
    ),
  });
}
