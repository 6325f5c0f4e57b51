/**
 * The provider's pages: plain, accessible HTML that works without JavaScript (labels tied to inputs,
 * errors announced through role="alert", one h1 per page, visible focus, enough contrast). Written as
 * JSX rendered on the server, so every value is escaped unless a page says otherwise in so many words
 * (dangerouslySetInnerHTML: the style sheet below and oidc-provider's own logout form, nothing else).
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { faviconDataUri, SIGN_IN_APP_VERSION } from '@meridian/schema';
import { assetUrl } from './assets.js';

/**
 * Our pages load nothing from elsewhere and may not be framed (clickjacking). Scripts come only from
 * the provider's own origin (its /assets), never inline: an injected <script> or handler never runs.
 * No form-action: the sign-in and sign-out forms end in redirects to the console, which it would block.
 */
export function pageSecurityPolicy(): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f8fa;color:#1c2127}
main{max-width:24rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(17,20,24,.2)}
h1{font-size:1.5rem;margin:0 0 1.5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.6rem .75rem;font:inherit;border:1px solid #5f6b7c;border-radius:4px}
input[aria-invalid=true]{border-color:#ac2f33}
button{margin-top:1.5rem;width:100%;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#215db0;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#184a90}
:focus-visible{outline:3px solid #8abbff;outline-offset:2px}
[role=alert]{padding:.75rem 1rem;margin-bottom:1rem;border-radius:4px;background:#fae7e7;color:#8e292c}
[role=alert] a{color:#8e292c;font-weight:600}
a{color:#215db0}
.link-button{width:auto;margin:1rem 0 0;padding:0;background:none;color:#215db0;font-weight:400;text-decoration:underline}
.link-button:hover{background:none;color:#184a90}
footer{text-align:center;color:#5f6b7c;font-size:.8rem;margin:-8vh 0 2rem}
h2{font-size:1.1rem;margin:1.75rem 0 .5rem}
.secondary{background:#fff;color:#215db0;border:1px solid #215db0}
.secondary:hover{background:#edf4ff}
.qr{display:block;margin:.5rem auto;width:200px;height:200px}
.key{font:600 1rem/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.05em;word-break:break-all}
.codes{columns:2;padding:0;list-style:none;font:1rem/2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
details{margin:.5rem 0}
details code{word-break:break-all;font-size:.85rem}
[role=status]{padding:.75rem 1rem;margin-bottom:1rem;border-radius:4px;background:#e8f5e9;color:#1c6e42}
.factor{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.5rem 0;border-bottom:1px solid #dce0e5}
.factor form button{margin:0;width:auto;padding:.4rem .75rem}
.hint{color:#5f6b7c;font-size:.9rem}
.code-actions{display:flex;flex-wrap:wrap;gap:.75rem}
.code-actions>*{margin:0;width:auto;padding:.5rem 1rem}
.button-link{display:inline-block;border-radius:4px;font-weight:600;text-decoration:none}
[role=status].copy-status{padding:0;margin:.5rem 0 0;background:none;color:#5f6b7c}
.check{display:flex;align-items:center;gap:.5rem;margin:1.5rem 0 0}
.check input{width:1.1rem;height:1.1rem;margin:0}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){
body{background:#111418;color:#f6f7f9}
main{background:#252a31;box-shadow:0 0 0 1px #404854}
input{background:#1c2127;color:#f6f7f9;border-color:#8f99a8}
input[aria-invalid=true]{border-color:#fa999c}
button{background:#2d72d2}
button:hover{background:#215db0}
a,.link-button{color:#8abbff}
.link-button:hover{color:#b3d4ff}
[role=alert]{background:#4b1c1e;color:#ffd1d1}
[role=alert] a{color:#ffd1d1}
[role=status]{background:#16372a;color:#a6e5c3}
[role=status].copy-status,.hint,footer{color:#abb3bf}
.secondary{background:#252a31;color:#8abbff;border-color:#8abbff}
.secondary:hover{background:#2f343c}
.factor{border-bottom-color:#404854}
}
`;

export interface PageOptions {
  productName: string;
  /** The page's own name; the title reads '{product} | {title}' like the console's. */
  title: string;
  children: ReactNode;
  /** Scripts of the provider's own assets (assets.ts assetUrl), run after the page has loaded. */
  scripts?: readonly string[] | undefined;
}

/** The frame every page shares: head, style sheet, its scripts, the main column and the version. */
function Page({ productName, title, children, scripts = [] }: PageOptions) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${productName} | ${title}`}</title>
        <link rel="icon" type="image/svg+xml" href={faviconDataUri()} />
        {/* A constant of this file: as a child, React would escape the quotes in its font names. */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
        {scripts.map((src) => (
          <script key={src} src={src} defer />
        ))}
      </head>
      <body>
        <main>{children}</main>
        <footer>{`${productName} sign-in ${SIGN_IN_APP_VERSION}`}</footer>
      </body>
    </html>
  );
}

/** A whole page as the HTML the provider sends. */
export function renderPage(options: PageOptions): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Page {...options} />)}`;
}

/** The error of a form, announced (role="alert"); the field it concerns points at it by `id`. */
export function FormAlert({ id, message, children }: { id?: string; message: string; children?: ReactNode }) {
  return (
    <div role="alert" id={id}>
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A link onwards, e.g. "Back to the console". */
export function LinkOnwards({ link }: { link: { href: string; text: string } | undefined }) {
  return link ? (
    <p>
      <a href={link.href}>{link.text}</a>
    </p>
  ) : null;
}

export interface LoginFormError {
  message: string;
  /** Shown as the link "Set a new password" (expired password). */
  resetLink?: string;
}

export interface IdentifierPageOptions {
  productName: string;
  /** Where the form posts: the interaction's own URL, so only its cookie holder can finish it. */
  action: string;
  email?: string;
  error?: LoginFormError;
}

const LOGIN_ERROR_ID = 'login-error';

function LoginAlert({ error }: { error: LoginFormError | undefined }) {
  if (!error) return null;
  return (
    <FormAlert id={LOGIN_ERROR_ID} message={error.message}>
      {error.resetLink ? (
        <p>
          <a href={error.resetLink}>Set a new password</a>
        </p>
      ) : null}
    </FormAlert>
  );
}

/** The attributes of a field the form's error concerns. */
const invalidIf = (error: unknown) =>
  error ? ({ 'aria-describedby': LOGIN_ERROR_ID, 'aria-invalid': true } as const) : {};

/** The first step's second button: the password step even where the organization signs in only through its IdP. */
export const EMERGENCY_ACCESS_INTENT = 'emergency';

/**
 * The sign-in's first step (identifier first, issue 30): the email alone. Its domain says where the
 * person signs in: their organization's identity provider, or the password step. Its quiet second
 * button asks for the password step whatever the domain (issue 39): the emergency way in of an Org Admin
 * whose organization signs in only through an identity provider that is failing. It is there for
 * everyone, so the page never tells who holds that way in.
 */
export function identifierPage({ productName, action, email = '', error }: IdentifierPageOptions): string {
  return renderPage({
    productName,
    title: 'Sign in',
    children: (
      <>
        <h1>{`Sign in to ${productName}`}</h1>
        <LoginAlert error={error} />
        <form method="post" action={action}>
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={email}
            {...invalidIf(error)}
            autoFocus
          />
          <button type="submit">Continue</button>
          <button type="submit" name="intent" value={EMERGENCY_ACCESS_INTENT} className="link-button">
            Administrator emergency access with a password
          </button>
        </form>
      </>
    ),
  });
}

export interface PasswordPageOptions {
  productName: string;
  /** Where the form posts (the same as the first step's: with a password, it checks it). */
  action: string;
  email: string;
  /** The first step again, to sign in with another email. */
  changeEmailHref: string;
  error?: LoginFormError;
  /**
   * The organization's identity provider, offered beside the password when the connection allows both,
   * and above it when it signs in only through it (`ssoOnly`: the password is emergency access).
   */
  sso?: { action: string; organizationName: string; ssoOnly?: boolean };
}

function SsoChoice({
  productName,
  email,
  sso,
}: {
  productName: string;
  email: string;
  sso: PasswordPageOptions['sso'];
}) {
  if (!sso) return null;
  return (
    <>
      <form method="post" action={sso.action}>
        <input type="hidden" name="email" value={email} />
        <button type="submit">{`Continue with ${sso.organizationName}’s sign-in`}</button>
      </form>
      {sso.ssoOnly ? (
        <>
          <h2>{`Emergency access: your ${productName} password`}</h2>
          <p className="hint">
            {`${sso.organizationName} signs in through its identity provider. Org Admins may use their password when it fails; a second factor follows.`}
          </p>
        </>
      ) : (
        <h2>{`Or use your ${productName} password`}</h2>
      )}
    </>
  );
}

/**
 * The password step, for the email the first step took (kept in a hidden field and shown; marked as
 * the username, so password managers pair it with the password). When the
 * email's organization has a connection that allows passwords too, its identity provider comes first.
 */
export function passwordPage({ productName, action, email, changeEmailHref, error, sso }: PasswordPageOptions): string {
  return renderPage({
    productName,
    title: 'Sign in',
    children: (
      <>
        <h1>{`Sign in to ${productName}`}</h1>
        <LoginAlert error={error} />
        <p>
          Signing in as <strong>{email}</strong>. <a href={changeEmailHref}>Use another email</a>
        </p>
        <SsoChoice productName={productName} email={email} sso={sso} />
        <form method="post" action={action}>
          <input type="hidden" name="email" autoComplete="username" value={email} />
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            {...invalidIf(error)}
            autoFocus={!sso}
          />
          <button type="submit" className={sso ? 'secondary' : undefined}>
            {sso ? 'Sign in with password' : 'Sign in'}
          </button>
          <button type="submit" name="intent" value="forgot" className="link-button" formNoValidate>
            Forgot password?
          </button>
        </form>
      </>
    ),
  });
}

export interface NoticePageOptions {
  productName: string;
  title: string;
  message: string;
  /** A way onwards, e.g. back to the console. */
  link?: { href: string; text: string };
  /** Announce the message as an error. */
  alert?: boolean;
}

export function noticePage({ productName, title, message, link, alert = false }: NoticePageOptions): string {
  return renderPage({
    productName,
    title,
    children: (
      <>
        <h1>{title}</h1>
        {alert ? <FormAlert message={message} /> : <p>{message}</p>}
        <LinkOnwards link={link} />
      </>
    ),
  });
}

export interface LogoutPageOptions {
  productName: string;
  /** The provider's form (id op.logoutForm) holding its xsrf field. */
  form: string;
  /**
   * True when the console sent the user here with its ID token for the signed-in user: the page submits
   * itself, and the button is the fallback without JavaScript. Otherwise the user confirms or stays.
   */
  autoSubmit: boolean;
  /** The issuer, under whose path the page's script (assets/logout.js) is served. */
  issuer: string;
  /** Where "Stay signed in" leads (the console); staying needs no request to the provider. */
  stayHref: string;
}

/**
 * oidc-provider hands its logout form over as HTML (logoutSource's `form`: its action and xsrf field),
 * the one markup of these pages not written here; it is placed as given.
 */
function ProviderForm({ html }: { html: string }) {
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}

export function logoutPage({ productName, form, autoSubmit, issuer, stayHref }: LogoutPageOptions): string {
  if (autoSubmit) {
    // logout.js submits the form itself (no button pressed), so the form carries the answer.
    const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
    return renderPage({
      productName,
      title: 'Sign out',
      scripts: [assetUrl(issuer, 'logout.js')],
      children: (
        <>
          <h1>Signing out</h1>
          <p>{`Signing you out of ${productName}…`}</p>
          <ProviderForm html={withLogout} />
          <button type="submit" form="op.logoutForm">
            Sign out
          </button>
        </>
      ),
    });
  }
  return renderPage({
    productName,
    title: 'Sign out',
    children: (
      <>
        <h1>{`Sign out of ${productName}?`}</h1>
        <ProviderForm html={form} />
        <button type="submit" form="op.logoutForm" name="logout" value="yes">
          Sign out
        </button>
        <p>
          <a href={stayHref}>Stay signed in</a>
        </p>
      </>
    ),
  });
}
