import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { normalizeEmail, validateEmail } from '@meridian/schema';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useRefusalFocus } from '../../components/focus-first-error.js';
import { Notice } from '../../components/password/Notice.js';
import { PasswordPageLayout } from './PasswordPageLayout.js';
import { useRequestPasswordReset } from './useRequestPasswordReset.js';

/** Said after every request, whether or not the email belongs to anyone (it must reveal nothing). */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, a link to set a new password is on its way. It works for 60 minutes.';

/** Public page: ask for an emailed link to set a new password. */
export function ForgotPasswordPage() {
  const emailId = useId();
  // The sign-in page's "Forgot password?" brings the email typed there.
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [requestReset, { loading }] = useRequestPasswordReset();
  const focus = useRefusalFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    const problem = validateEmail(normalizeEmail(email));
    setEmailError(problem ?? undefined);
    setFormError(null);
    if (problem) return focus.refused();
    const outcome = await requestReset(normalizeEmail(email));
    if (outcome.ok) return setSent(true);
    setEmailError(outcome.fieldErrors.email);
    setFormError(outcome.formError);
    focus.refused();
  }

  if (sent) {
    return (
      <PasswordPageLayout title="Check your email">
        <Notice kind="success">{RESET_REQUESTED_MESSAGE}</Notice>
        <p style={{ marginTop: 16 }}>
          <Link to="/">Back to sign in</Link>
        </p>
      </PasswordPageLayout>
    );
  }

  return (
    <PasswordPageLayout title="Forgot your password?">
      <p>Enter the email you sign in with and we will send you a link to set a new password.</p>
      {formError && (
        <Notice kind="danger" style={{ marginBottom: 16 }}>
          {formError}
        </Notice>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormGroup
          label="Email"
          labelFor={emailId}
          intent={emailError ? Intent.DANGER : Intent.NONE}
          helperText={emailError}
        >
          <InputGroup
            id={emailId}
            type="email"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
            intent={emailError ? Intent.DANGER : Intent.NONE}
            aria-invalid={emailError ? true : undefined}
            autoFocus
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} loading={loading} fill>
          Send link
        </Button>
      </form>
      <p style={{ marginTop: 16 }}>
        <Link to="/">Back to sign in</Link>
      </p>
    </PasswordPageLayout>
  );
}

export default ForgotPasswordPage;
