import { useId } from 'react';
import { TextField } from '../TextField.js';
import { PasswordRules } from './PasswordRules.js';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** Shown under the new password (the policy, a reuse refusal from the gateway). */
  passwordError?: string | undefined;
  /** Shown under the confirmation (the two differ). */
  confirmationError?: string | undefined;
  disabled?: boolean;
}

/** New password and its confirmation, with the policy checklist updating as the user types. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const rulesId = useId();
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPasswordChange}
        error={props.passwordError}
        describedBy={rulesId}
        disabled={props.disabled}
      />
      <PasswordRules id={rulesId} password={props.password} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={props.onConfirmationChange}
        error={props.confirmationError}
        disabled={props.disabled}
      />
    </>
  );
}
