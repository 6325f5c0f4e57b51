/**
 * The provider's pages: plain, accessible HTML that works without JavaScript (labels tied to inputs,
 * errors announced through role="alert", one h1 per page, visible focus, enough contrast).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

import { faviconDataUri, SIGN_IN_APP_VERSION } from '@meridian/schema';
import { assetUrl } from './assets.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

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
  body: string;
  /** Scripts of the provider's own assets (assets.ts assetUrl), run after the page has loaded. */
  scripts?: readonly string[];
}

export function renderPage({ productName, title, body, scripts = [] }: PageOptions): string {
  const scriptTags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(productName)} | ${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="${faviconDataUri()}">
<style>${STYLE}</style>
${scriptTags}
</head>
<body>
<main>
${body}
</main>
<footer>${escapeHtml(productName)} sign-in ${SIGN_IN_APP_VERSION}</footer>
</body>
</html>`;
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

const alertOf = (error: LoginFormError | undefined) =>
  error
    ? `<div role="alert" id="login-error"><p>${escapeHtml(error.message)}</p>${
        error.resetLink ? `<p><a href="${escapeHtml(error.resetLink)}">Set a new password</a></p>` : ''
      }</div>`
    : '';

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
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const body = `<h1>Sign in to ${escapeHtml(productName)}</h1>
${alertOf(error)}
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described} autofocus>
<button type="submit">Continue</button>
<button type="submit" name="intent" value="${EMERGENCY_ACCESS_INTENT}" class="link-button">Administrator emergency access with a password</button>
</form>`;
  return renderPage({ productName, title: 'Sign in', body });
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

/**
 * The password step, for the email the first step took (kept in a hidden field and shown; marked as
 * the username, so password managers pair it with the password). When the
 * email's organization has a connection that allows passwords too, its identity provider comes first.
 */
export function passwordPage({ productName, action, email, changeEmailHref, error, sso }: PasswordPageOptions): string {
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const passwordHeading = sso?.ssoOnly
    ? `<h2>Emergency access: your ${escapeHtml(productName)} password</h2>
<p class="hint">${escapeHtml(sso.organizationName)} signs in through its identity provider. Org Admins may use their password when it fails; a second factor follows.</p>`
    : `<h2>Or use your ${escapeHtml(productName)} password</h2>`;
  const ssoForm = sso
    ? `<form method="post" action="${escapeHtml(sso.action)}">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit">Continue with ${escapeHtml(sso.organizationName)}’s sign-in</button>
</form>
${passwordHeading}`
    : '';
  const body = `<h1>Sign in to ${escapeHtml(productName)}</h1>
${alertOf(error)}
<p>Signing in as <strong>${escapeHtml(email)}</strong>. <a href="${escapeHtml(changeEmailHref)}">Use another email</a></p>
${ssoForm}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="email" autocomplete="username" value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${sso ? '' : ' autofocus'}>
<button type="submit"${sso ? ' class="secondary"' : ''}>Sign in${sso ? ' with password' : ''}</button>
<button type="submit" name="intent" value="forgot" class="link-button" formnovalidate>Forgot password?</button>
</form>`;
  return renderPage({ productName, title: 'Sign in', body });
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
  const text = `<p>${escapeHtml(message)}</p>`;
  const body = `<h1>${escapeHtml(title)}</h1>
${alert ? `<div role="alert">${text}</div>` : text}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`;
  return renderPage({ productName, title, body });
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

export function logoutPage({ productName, form, autoSubmit, issuer, stayHref }: LogoutPageOptions): string {
  if (autoSubmit) {
    const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
    const body = `<h1>Signing out</h1>
<p>Signing you out of ${escapeHtml(productName)}…</p>
${withLogout}
<button type="submit" form="op.logoutForm">Sign out</button>`;
    return renderPage({ productName, title: 'Sign out', body, scripts: [assetUrl(issuer, 'logout.js')] });
  }
  const body = `<h1>Sign out of ${escapeHtml(productName)}?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<p><a href="${escapeHtml(stayHref)}">Stay signed in</a></p>`;
  return renderPage({ productName, title: 'Sign out', body });
}
