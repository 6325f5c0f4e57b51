import { FormGroup, InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** What is wrong (a validator's or the gateway's words), shown under the field in place of the helper text. */
  error?: string | undefined;
  /** What deserves a second look but may be saved, shown under the field in amber (an error wins). */
  warning?: string | null | undefined;
  helperText?: ReactNode;
  /**
   * "(optional)" beside the label. The console marks the fields that may stay empty, not the ones that
   * must be filled: most are required, and the label stays the field's plain name.
   */
  optional?: boolean;
  disabled?: boolean;
  type?: InputGroupProps['type'];
  autoComplete?: string;
  placeholder?: string;
  /** Extra content to the right of the input (a unit, a count, a show-password button). */
  rightElement?: InputGroupProps['rightElement'];
  /** Ids of what describes the field besides its error (a password checklist). */
  describedBy?: string;
  autoFocus?: boolean;
}

/** A labelled text input that says what is wrong next to itself. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  warning,
  helperText,
  optional = false,
  disabled = false,
  type = 'text',
  autoComplete,
  placeholder,
  rightElement,
  describedBy,
  autoFocus,
}: TextFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const help = error ?? warning ?? helperText;
  const intent = error ? Intent.DANGER : warning ? Intent.WARNING : Intent.NONE;
  const describers = [help ? helpId : null, describedBy].filter(Boolean).join(' ');
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      helperText={help ? <span id={helpId}>{help}</span> : undefined}
      intent={intent}
    >
      <InputGroup
        id={id}
        type={type}
        value={value}
        onValueChange={onChange}
        onBlur={onBlur}
        intent={intent}
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describers || undefined}
        rightElement={rightElement}
        autoFocus={autoFocus}
      />
    </FormGroup>
  );
}
