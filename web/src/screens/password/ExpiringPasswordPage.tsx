import { Button, Intent, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@meridian/schema';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthSession } from '../../auth/useAuthSession.js';
import { useToasts } from '../../components/toasts/useToasts.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { expiryText } from './expiry-text.js';
import { ChangePasswordForm, PASSWORD_CHANGED_MESSAGE } from '../../components/password/ChangePasswordForm.js';
import { Notice } from '../../components/password/Notice.js';
import { PasswordPageLayout } from './PasswordPageLayout.js';
import { canRemindLater, dismissPasswordReminderToday } from '../../lib/password-reminder.js';
import { returnPathOf } from './return-path.js';

export {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
} from '../../components/password/ChangePasswordForm.js';

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
  const navigate = useNavigate();
  const location = useLocation();
  const toasts = useToasts();
  const { title, lead } = expiryText(daysLeft);
  const returnPath = returnPathOf(location.state);

  function remindLater() {
    dismissPasswordReminderToday(email);
    void navigate(returnPath, { replace: true });
  }

  return (
    <PasswordPageLayout title={title}>
      <p>{lead}</p>
      <ChangePasswordForm
        email={email}
        autoFocus
        onChanged={async () => {
          toasts.show({ type: 'success', message: PASSWORD_CHANGED_MESSAGE });
          await navigate(returnPath, { replace: true });
        }}
        extraActions={({ loading }) =>
          canRemindLater(daysLeft) && (
            <Button variant="minimal" onClick={remindLater} disabled={loading}>
              Remind me later
            </Button>
          )
        }
      />
    </PasswordPageLayout>
  );
}

export default ExpiringPasswordPage;
