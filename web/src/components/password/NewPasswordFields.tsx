import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useId } from 'react';
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
  const id = useId();
  const passwordId = `${id}-password`;
  const confirmationId = `${id}-confirmation`;
  const rulesId = `${id}-rules`;
  return (
    <>
      <FormGroup
        label="New password"
        labelFor={passwordId}
        intent={props.passwordError ? Intent.DANGER : Intent.NONE}
        helperText={props.passwordError}
      >
        <InputGroup
          id={passwordId}
          type="password"
          autoComplete="new-password"
          value={props.password}
          onValueChange={props.onPasswordChange}
          intent={props.passwordError ? Intent.DANGER : Intent.NONE}
          aria-invalid={Boolean(props.passwordError)}
          aria-describedby={rulesId}
          disabled={props.disabled}
        />
      </FormGroup>
      <PasswordRules id={rulesId} password={props.password} />
      <FormGroup
        label="Confirm new password"
        labelFor={confirmationId}
        intent={props.confirmationError ? Intent.DANGER : Intent.NONE}
        helperText={props.confirmationError}
      >
        <InputGroup
          id={confirmationId}
          type="password"
          autoComplete="new-password"
          value={props.confirmation}
          onValueChange={props.onConfirmationChange}
          intent={props.confirmationError ? Intent.DANGER : Intent.NONE}
          aria-invalid={Boolean(props.confirmationError)}
          disabled={props.disabled}
        />
      </FormGroup>
    </>
  );
}
