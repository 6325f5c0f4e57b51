import { Button, Classes, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@meridian/schema';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthSession } from '../../auth/auth-session.js';
import { useRefusalFocus } from '../../components/focus-first-error.js';
import { checkNewPassword, type NewPasswordProblems } from '../../components/password/new-password.js';
import { NewPasswordFields } from '../../components/password/NewPasswordFields.js';
import { Notice } from '../../components/password/Notice.js';
import { PasswordPageLayout } from './PasswordPageLayout.js';
import { useCreatePassword } from './useCreatePassword.js';
import { usePasswordLink, type PasswordLinkState } from './usePasswordLink.js';

export const MISSING_TOKEN_MESSAGE =
  'This link is incomplete: open the link from your email again, or ask for a new one.';
export const PASSWORD_SET_MESSAGE = 'Your new password is set. Sign in with it now.';

/** Whose account the password is for, above the form (a skeleton while the link is asked about). */
function AccountLine({ link }: { link: PasswordLinkState }) {
  if (link.kind === 'loading') return <p className={Classes.SKELETON}>Setting a password for someone@example.test</p>;
  if (link.kind !== 'usable') return null;
  return (
    <p>
      {link.invitation ? 'Choose the password of your new account, ' : 'Setting a new password for '}
      <strong>{link.email}</strong>.
    </p>
  );
}

/**
 * Public page reached from an emailed link or the sign-in page's 'Set a new password' link; both carry
 * the one-time `token`. It names the account the link is for, and once the password is set, signs in
 * with that email filled in at the provider (login_hint). What the user typed stays put when the
 * gateway refuses it.
 */
export function CreatePasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = usePasswordLink(token);
  const auth = useAuthSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<NewPasswordProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [createPassword, { loading }] = useCreatePassword();
  const focus = useRefusalFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    const local = checkNewPassword(password, confirmation);
    setProblems(local);
    setFormError(null);
    if (local.password || local.confirmation) return focus.refused();
    const outcome = await createPassword({ token, password });
    if (outcome.ok) return setDone(true);
    setProblems({ password: outcome.fieldErrors.password });
    setFormError(outcome.fieldErrors.token ?? outcome.formError);
    focus.refused();
  }

  if (done) {
    const email = link.kind === 'usable' ? link.email : null;
    return (
      <PasswordPageLayout title="Password set">
        <Notice kind="success">{PASSWORD_SET_MESSAGE}</Notice>
        <Button
          intent={Intent.PRIMARY}
          style={{ marginTop: 16 }}
          fill
          onClick={() => auth.signIn({ returnTo: '/', ...(email ? { loginHint: email } : {}) })}
        >
          {email ? `Sign in as ${email}` : 'Sign in'}
        </Button>
      </PasswordPageLayout>
    );
  }

  if (link.kind === 'unusable') {
    return (
      <PasswordPageLayout title="Set a new password">
        <Notice kind="warning">{MESSAGES.passwordLinkUnusable}</Notice>
        <p style={{ marginTop: 16 }}>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </PasswordPageLayout>
    );
  }

  if (!token) {
    return (
      <PasswordPageLayout title="Set a new password">
        <Notice kind="warning">{MISSING_TOKEN_MESSAGE}</Notice>
        <p style={{ marginTop: 16 }}>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </PasswordPageLayout>
    );
  }

  return (
    <PasswordPageLayout title="Set a new password">
      {formError && (
        <Notice kind="danger" style={{ marginBottom: 16 }}>
          {formError}
        </Notice>
      )}
      <AccountLine link={link} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={problems.password}
          confirmationError={problems.confirmation}
        />
        <Button type="submit" intent={Intent.PRIMARY} loading={loading} fill>
          Set password
        </Button>
      </form>
      <p style={{ marginTop: 16 }}>
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </PasswordPageLayout>
  );
}

export default CreatePasswordPage;
