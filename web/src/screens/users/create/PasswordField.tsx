import { Button } from '@blueprintjs/core';
import { EyeOffIcon, EyeOpenIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { PasswordRules } from '../../../components/password/PasswordRules.js';
import { TextField } from '../../../components/TextField.js';

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The new user's first password, with the policy (schema's PASSWORD_RULES) ticked off as it is typed. */
export function PasswordField({ value, onChange, onBlur, error, disabled }: PasswordFieldProps) {
  const rulesId = useId();
  const [shown, setShown] = useState(false);
  return (
    <>
      <TextField
        label="Password"
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        describedBy={rulesId}
        rightElement={
          <Button
            variant="minimal"
            icon={shown ? <EyeOffIcon /> : <EyeOpenIcon />}
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          />
        }
      />
      <PasswordRules id={rulesId} password={value} />
    </>
  );
}
