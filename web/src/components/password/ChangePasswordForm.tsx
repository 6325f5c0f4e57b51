import { Button, Intent } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../TextField.js';
import { useRefusalFocus } from '../focus-first-error.js';
import { checkNewPassword } from './new-password.js';
import { NewPasswordFields } from './NewPasswordFields.js';
import { Notice } from './Notice.js';
import { useChangePassword } from './useChangePassword.js';

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

interface Problems {
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  confirmation?: string | undefined;
}

export interface ChangePasswordFormProps {
  /** The signed-in user's email (a hidden username field lets password managers update the right entry). */
  email: string;
  /** After the password has changed (the form is cleared by then). */
  onChanged: () => void | Promise<void>;
  /** Focus the current password on first render (the forced page does; a profile tab does not). */
  autoFocus?: boolean;
  /** More buttons beside "Change password" (the forced page's "Remind me later"). */
  extraActions?: (state: { loading: boolean }) => ReactNode;
}

/**
 * The signed-in user's own password change: current password, new password and its confirmation, with
 * the policy checked as it is typed and the gateway's refusals next to their field. Used by the forced
 * expiring-password page and by everyone's own profile.
 */
export function ChangePasswordForm({ email, onChanged, autoFocus = false, extraActions }: ChangePasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changePassword, { loading }] = useChangePassword();
  const focus = useRefusalFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    const local = checkNewPassword(newPassword, confirmation);
    const checked: Problems = {
      currentPassword: currentPassword ? undefined : CURRENT_PASSWORD_REQUIRED_MESSAGE,
      newPassword: local.password,
      confirmation: local.confirmation,
    };
    setProblems(checked);
    setFormError(null);
    if (checked.currentPassword || checked.newPassword || checked.confirmation) return focus.refused();
    const outcome = await changePassword({ currentPassword, newPassword });
    if (outcome.ok) {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      await onChanged();
      return;
    }
    setProblems({
      currentPassword: outcome.fieldErrors.currentPassword,
      newPassword: outcome.fieldErrors.newPassword,
    });
    setFormError(outcome.formError);
    focus.refused();
  }

  return (
    <>
      {formError && (
        <Notice kind="danger" style={{ marginBottom: 16 }}>
          {formError}
        </Notice>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={problems.currentPassword}
          autoFocus={autoFocus}
        />
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
          {extraActions?.({ loading })}
        </div>
      </form>
    </>
  );
}
