import type { PasskeyRow } from '../stores/mfa.js';
import { escapeHtml, renderPage } from './login-page.js';
import type { PasskeyEndpoints } from './mfa-pages.js';

/** The account security page: the person's factors, with what they can add, remove and renew. */
export interface AccountSecurityPageOptions {
  productName: string;
  email: string;
  hasTotp: boolean;
  passkeys: readonly Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>[];
  recoveryCodesLeft: number;
  /** Form actions and the passkey endpoints, all carrying the page's `return`. */
  urls: { addTotp: string; remove: string; recoveryCodes: string; passkey: PasskeyEndpoints };
  /**
   * The confirmation page, when a change would first ask the person to confirm it's them (they have a
   * factor and proved none in the last 5 minutes).
   */
  confirm?: string;
  /** "Back to the console", when the console sent the person here. */
  back?: string;
  notice?: string;
  error?: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

const removeForm = (action: string, fields: Record<string, string>, label: string) =>
  `<form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')}<button type="submit" class="secondary" aria-label="${escapeHtml(label)}">Remove</button></form>`;

export function accountSecurityPage(options: AccountSecurityPageOptions): string {
  const { productName, email, hasTotp, passkeys, recoveryCodesLeft, urls, confirm, back, notice, error } = options;
  const enrolled = hasTotp || passkeys.length > 0;
  const app = hasTotp
    ? `<div class="factor"><span>Authenticator app set up</span>${removeForm(urls.remove, { kind: 'totp' }, 'Remove the authenticator app')}</div>
<form method="post" action="${escapeHtml(urls.addTotp)}"><button type="submit" class="secondary">Replace with a new app</button></form>`
    : `<p>No authenticator app.</p>
<form method="post" action="${escapeHtml(urls.addTotp)}"><button type="submit">Add an authenticator app</button></form>`;
  const keys = passkeys.length
    ? passkeys
        .map(
          (passkey) =>
            `<div class="factor"><span>${escapeHtml(passkey.name)}<br><span class="hint">Added ${day(passkey.created_at)}${
              passkey.last_used_at ? `, last used ${day(passkey.last_used_at)}` : ''
            }</span></span>${removeForm(urls.remove, { kind: 'passkey', id: passkey.id }, `Remove passkey ${passkey.name}`)}</div>`,
        )
        .join('\n')
    : '<p>No passkeys.</p>';
  const codes = enrolled
    ? `<p>${recoveryCodesLeft} of 10 left. Issuing new ones makes the earlier ones stop working.</p>
<form method="post" action="${escapeHtml(urls.recoveryCodes)}"><button type="submit" class="secondary">Issue new recovery codes</button></form>`
    : '<p>You get ten recovery codes when you add your first second factor.</p>';
  const body = `<h1>Sign-in security</h1>
<p>Signed in as ${escapeHtml(email)}.</p>
${notice ? `<div role="status"><p>${escapeHtml(notice)}</p></div>` : ''}
${error ? `<div role="alert"><p>${escapeHtml(error)}</p></div>` : ''}
${
  confirm
    ? `<p>Changes to your second factors ask you to confirm it’s you first, with a current code or your passkey; the confirmation lasts 5 minutes. <a href="${escapeHtml(confirm)}">Confirm it’s you</a></p>`
    : ''
}
<h2>Authenticator app</h2>
${app}
<h2>Passkeys</h2>
${keys}
<section data-passkey hidden>
<label for="passkey-name">Passkey name <span class="hint">(optional)</span></label>
<input id="passkey-name" name="name" type="text" maxlength="64" autocomplete="off" placeholder="For example: Work laptop">
<button type="button" data-passkey-action="register" data-options="${escapeHtml(urls.passkey.options)}" data-verify="${escapeHtml(
    urls.passkey.verify,
  )}" data-status="passkey-status" data-name-input="passkey-name">Add a passkey</button>
<div role="alert" id="passkey-status" hidden></div>
</section>
<h2>Recovery codes</h2>
${codes}
${back ? `<p><a href="${escapeHtml(back)}">Back to the console</a></p>` : ''}`;
  return renderPage({ productName, title: 'Sign-in security', body, scripts: urls.passkey.scripts });
}
