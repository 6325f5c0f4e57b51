import type { PasskeyRow } from '../stores/mfa.js';
import { FormAlert, renderPage } from './login-page.js';
import { PasskeyButton, PasskeyNameField } from './mfa-pages.js';
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

/** A factor's Remove button: a form of its own, whose hidden fields say which factor. */
function RemoveForm({ action, fields, label }: { action: string; fields: Record<string, string>; label: string }) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="secondary" aria-label={label}>
        Remove
      </button>
    </form>
  );
}

/** A form that is one button. */
function ButtonForm({ action, text, secondary = false }: { action: string; text: string; secondary?: boolean }) {
  return (
    <form method="post" action={action}>
      <button type="submit" className={secondary ? 'secondary' : undefined}>
        {text}
      </button>
    </form>
  );
}

type Options = AccountSecurityPageOptions;

function AuthenticatorApp({ hasTotp, urls }: Pick<Options, 'hasTotp' | 'urls'>) {
  if (!hasTotp)
    return (
      <>
        <p>No authenticator app.</p>
        <ButtonForm action={urls.addTotp} text="Add an authenticator app" />
      </>
    );
  return (
    <>
      <div className="factor">
        <span>Authenticator app set up</span>
        <RemoveForm action={urls.remove} fields={{ kind: 'totp' }} label="Remove the authenticator app" />
      </div>
      <ButtonForm action={urls.addTotp} text="Replace with a new app" secondary />
    </>
  );
}

function Passkeys({ passkeys, urls }: Pick<Options, 'passkeys' | 'urls'>) {
  if (!passkeys.length) return <p>No passkeys.</p>;
  return passkeys.map((passkey) => (
    <div className="factor" key={passkey.id}>
      <span>
        {passkey.name}
        <br />
        <span className="hint">
          {`Added ${day(passkey.created_at)}${passkey.last_used_at ? `, last used ${day(passkey.last_used_at)}` : ''}`}
        </span>
      </span>
      <RemoveForm
        action={urls.remove}
        fields={{ kind: 'passkey', id: passkey.id }}
        label={`Remove passkey ${passkey.name}`}
      />
    </div>
  ));
}

function RecoveryCodes({ enrolled, left, action }: { enrolled: boolean; left: number; action: string }) {
  if (!enrolled) return <p>You get ten recovery codes when you add your first second factor.</p>;
  return (
    <>
      <p>{`${left} of 10 left. Issuing new ones makes the earlier ones stop working.`}</p>
      <ButtonForm action={action} text="Issue new recovery codes" secondary />
    </>
  );
}

export function accountSecurityPage(options: AccountSecurityPageOptions): string {
  const { productName, email, hasTotp, passkeys, recoveryCodesLeft, urls, confirm, back, notice, error } = options;
  return renderPage({
    productName,
    title: 'Sign-in security',
    scripts: urls.passkey.scripts,
    children: (
      <>
        <h1>Sign-in security</h1>
        <p>{`Signed in as ${email}.`}</p>
        {notice ? (
          <div role="status">
            <p>{notice}</p>
          </div>
        ) : null}
        {error ? <FormAlert message={error} /> : null}
        {confirm ? (
          <p>
            Changes to your second factors ask you to confirm it’s you first, with a current code or your passkey; the
            confirmation lasts 5 minutes. <a href={confirm}>Confirm it’s you</a>
          </p>
        ) : null}
        <h2>Authenticator app</h2>
        <AuthenticatorApp hasTotp={hasTotp} urls={urls} />
        <h2>Passkeys</h2>
        <Passkeys passkeys={passkeys} urls={urls} />
        <section data-passkey="" hidden>
          <PasskeyNameField />
          <PasskeyButton action="register" endpoints={urls.passkey} text="Add a passkey" nameInput="passkey-name" />
        </section>
        <h2>Recovery codes</h2>
        <RecoveryCodes enrolled={hasTotp || passkeys.length > 0} left={recoveryCodesLeft} action={urls.recoveryCodes} />
        {back ? (
          <p>
            <a href={back}>Back to the console</a>
          </p>
        ) : null}
      </>
    ),
  });
}
