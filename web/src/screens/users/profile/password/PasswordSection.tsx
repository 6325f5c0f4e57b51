import { Alert, Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { mayDo } from '../../../../session/access.js';
import type { SessionUser } from '../../../../session/session-user.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { messageOfError } from '../../../../components/mutation-outcome.js';
import { ChangePasswordForm, PASSWORD_CHANGED_MESSAGE } from '../../../../components/password/ChangePasswordForm.js';
import { UserFacts } from '../general/UserFacts.js';
import { passwordExpiryText } from './password-dates.js';
import { useInitiatePasswordReset } from './useInitiatePasswordReset.js';
import { usePasswordResetMeta } from './usePasswordResetMeta.js';

export interface PasswordSectionProps {
  email: string;
  name: string;
  actor: SessionUser;
  /** The signed-in user's own profile: they may change their password here. */
  own: boolean;
}

/** The reset dates (user:read-password-reset-meta), or why they cannot be shown. */
function ResetDates({ email, actor }: { email: string; actor: SessionUser }) {
  const allowed = mayDo(actor, 'passwordResetMeta', { email });
  const { data, loading, error } = usePasswordResetMeta(email, allowed);
  if (!allowed) return null;
  if (error && !data) {
    return (
      <Callout intent={Intent.DANGER} title="The password dates could not be loaded">
        {messageOfError(error)}
      </Callout>
    );
  }
  const meta = data?.user?.passwordResetMeta;
  const skeleton = loading && !meta ? Classes.SKELETON : undefined;
  return (
    <div className={skeleton}>
      <UserFacts
        facts={[
          ['Last reset requested', meta?.lastResetRequestedAt ? formatDateTime(meta.lastResetRequestedAt) : 'Never'],
          ['Password changed', formatDateTime(meta?.passwordChangedAt)],
          [
            'Password expires',
            meta ? `${formatDateTime(meta.expiresAt)} (${passwordExpiryText(meta.expiresAt)})` : '—',
          ],
        ]}
      />
    </div>
  );
}

/**
 * The profile's password page: on one's own profile, the form to change one's password (every role);
 * with user:read-password-section the password's dates and, with user:initiate-password-reset, an
 * emailed link to set a new one, after a confirmation.
 */
export function PasswordSection({ email, name, actor, own }: PasswordSectionProps) {
  const toasts = useToasts();
  const [initiate, { loading }] = useInitiatePasswordReset(email);
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    const outcome = await initiate();
    setConfirming(false);
    if (outcome.ok) toasts.show({ type: 'success', message: `A link to set a new password was emailed to ${email}.` });
    else toasts.show({ type: 'error', message: outcome.formError ?? Object.values(outcome.fieldErrors).join(' ') });
  };

  return (
    <section aria-labelledby="password-heading" className="meridian-user-profile-section">
      <h2 id="password-heading" className={Classes.HEADING}>
        Password
      </h2>
      <p className={Classes.TEXT_MUTED}>Passwords expire 90 days after they are set.</p>
      <ResetDates email={email} actor={actor} />
      {own && (
        <div className="meridian-users-form">
          <h3 className={Classes.HEADING}>Change your password</h3>
          <ChangePasswordForm
            email={email}
            onChanged={() => {
              toasts.show({ type: 'success', message: PASSWORD_CHANGED_MESSAGE });
            }}
          />
        </div>
      )}
      {mayDo(actor, 'initiatePasswordReset', { email }) && (
        <div style={{ marginTop: 16 }}>
          <Button icon={<EnvelopeIcon />} loading={loading} onClick={() => setConfirming(true)}>
            Send password reset email
          </Button>
        </div>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.PRIMARY}
        confirmButtonText="Send"
        cancelButtonText="Cancel"
        loading={loading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Email <strong>{name}</strong> ({email}) a link to set a new password? The link works once, for 60 minutes;
          their current password keeps working until they use it.
        </p>
      </Alert>
    </section>
  );
}
