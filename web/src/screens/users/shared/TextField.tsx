import { FormGroup, InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field in red (a validator's or the gateway's words). */
  error?: string | undefined;
  helperText?: ReactNode;
  /** "(optional)" beside the label. */
  optional?: boolean;
  type?: InputGroupProps['type'];
  autoComplete?: string;
  disabled?: boolean;
  onBlur?: () => void;
  rightElement?: InputGroupProps['rightElement'];
  /** Ids of what describes the field besides its error (a password checklist). */
  describedBy?: string;
}

/** A labelled text input whose problem is shown next to it. */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const intent = props.error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup
      label={props.label}
      labelFor={id}
      labelInfo={props.optional ? '(optional)' : undefined}
      intent={intent}
      helperText={props.error ?? props.helperText}
    >
      <InputGroup
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        onValueChange={props.onChange}
        onBlur={props.onBlur}
        intent={intent}
        autoComplete={props.autoComplete}
        disabled={props.disabled}
        rightElement={props.rightElement}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.describedBy}
      />
    </FormGroup>
  );
}
