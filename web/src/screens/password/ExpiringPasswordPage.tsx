import { Button, FormGroup, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@meridian/schema';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthSession } from '../../auth/useAuthSession.js';
import { useToasts } from '../../components/toasts/useToasts.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { expiryText } from './expiry-text.js';
import { checkNewPassword } from './new-password.js';
import { NewPasswordFields } from './NewPasswordFields.js';
import { Notice } from './Notice.js';
import { PasswordPageLayout } from './PasswordPageLayout.js';
import { canRemindLater, dismissPasswordReminderToday } from './reminder.js';
import { returnPathOf } from './return-path.js';
import { useChangePassword } from './useChangePassword.js';

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

interface Problems {
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  confirmation?: string | undefined;
}

/**
 * The page the guard sends a signed-in user to while their password is expiring: change it here, or
 * (with at least a day left) put it off until tomorrow.
 */
export function ExpiringPasswordPage() {
  const auth = useAuthSession();
  const { user, loading, error } = useSessionUser();
  if (auth.status === 'signed-out') {
    return (
      <PasswordPageLayout title="Change your password">
        <p>Sign in to change your password.</p>
        <Button intent={Intent.PRIMARY} onClick={() => auth.signIn()}>
          Sign in
        </Button>
      </PasswordPageLayout>
    );
  }
  if (!user && error) {
    // Signed in, but no user to change the password of (or the gateway cannot say who).
    return (
      <PasswordPageLayout title="Change your password">
        <Notice kind="danger">{error === 'missing' ? MESSAGES.userMissing : MESSAGES.defaultErrorPage}</Notice>
      </PasswordPageLayout>
    );
  }
  if (auth.status === 'loading' || loading || !user) {
    return (
      <PasswordPageLayout title="Change your password">
        <Spinner aria-label="Loading" />
      </PasswordPageLayout>
    );
  }
  return <ExpiringPasswordForm email={user.email} daysLeft={user.daysLeftForPasswordExpiry} />;
}

interface ExpiringPasswordFormProps {
  /** The signed-in user's email (a hidden username field lets password managers update the right entry). */
  email: string;
  daysLeft: number;
}

function ExpiringPasswordForm({ email, daysLeft }: ExpiringPasswordFormProps) {
  const currentId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const toasts = useToasts();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changePassword, { loading }] = useChangePassword();
  const { title, lead } = expiryText(daysLeft);
  const returnPath = returnPathOf(location.state);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = checkNewPassword(newPassword, confirmation);
    const checked: Problems = {
      currentPassword: currentPassword ? undefined : CURRENT_PASSWORD_REQUIRED_MESSAGE,
      newPassword: local.password,
      confirmation: local.confirmation,
    };
    setProblems(checked);
    setFormError(null);
    if (checked.currentPassword || checked.newPassword || checked.confirmation) return;
    const outcome = await changePassword({ currentPassword, newPassword });
    if (outcome.ok) {
      toasts.show({ type: 'success', message: PASSWORD_CHANGED_MESSAGE });
      await navigate(returnPath, { replace: true });
      return;
    }
    setProblems({
      currentPassword: outcome.fieldErrors.currentPassword,
      newPassword: outcome.fieldErrors.newPassword,
    });
    setFormError(outcome.formError);
  }

  function remindLater() {
    dismissPasswordReminderToday(email);
    void navigate(returnPath, { replace: true });
  }

  return (
    <PasswordPageLayout title={title}>
      <p>{lead}</p>
      {formError && (
        <Notice kind="danger" style={{ marginBottom: 16 }}>
          {formError}
        </Notice>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormGroup
          label="Current password"
          labelFor={currentId}
          intent={problems.currentPassword ? Intent.DANGER : Intent.NONE}
          helperText={problems.currentPassword}
        >
          <InputGroup
            id={currentId}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onValueChange={setCurrentPassword}
            intent={problems.currentPassword ? Intent.DANGER : Intent.NONE}
            aria-invalid={Boolean(problems.currentPassword)}
            autoFocus
          />
        </FormGroup>
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmation}
          onPasswordChange={setNewPassword}
          onConfirmationChange={setConfirmation}
          passwordError={problems.newPassword}
          confirmationError={problems.confirmation}
        />
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="submit" intent={Intent.PRIMARY} loading={loading}>
            Change password
          </Button>
          {canRemindLater(daysLeft) && (
            <Button variant="minimal" onClick={remindLater} disabled={loading}>
              Remind me later
            </Button>
          )}
        </div>
      </form>
    </PasswordPageLayout>
  );
}

export default ExpiringPasswordPage;
