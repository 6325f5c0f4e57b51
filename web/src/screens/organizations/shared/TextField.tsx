import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** What is wrong, shown beside the field in place of the helper text. */
  error?: string | undefined;
  helperText?: ReactNode;
  /** "(required)" after the label. */
  required?: boolean;
  disabled?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  /** Extra content to the right of the input (a unit, a count). */
  rightElement?: React.JSX.Element;
}

/** A labelled text input that says what is wrong next to itself. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required = false,
  disabled = false,
  type = 'text',
  autoComplete,
  placeholder,
  rightElement,
}: TextFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const help = error ?? helperText;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? '(required)' : undefined}
      helperText={help ? <span id={helpId}>{help}</span> : undefined}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        intent={error ? Intent.DANGER : Intent.NONE}
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? helpId : undefined}
        rightElement={rightElement}
        required={required}
      />
    </FormGroup>
  );
}
