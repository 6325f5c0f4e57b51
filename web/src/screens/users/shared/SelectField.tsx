import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useId } from 'react';
import type { Option } from './user-fields.js';

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  /** The label of the value when it is not among the options (a role the signed-in user may not grant). */
  valueLabel?: string;
  disabled?: boolean;
  /** Why the field cannot be changed; shown under it whenever it is disabled for a reason. */
  disabledReason?: string | null;
  /** What is wrong with the choice (the gateway's words). */
  error?: string | undefined;
  helperText?: string;
}

/**
 * A labelled select of fixed options. A disabled select says why under it, so nobody wonders why a
 * control does not respond.
 */
export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const id = useId();
  const reason = props.disabledReason ?? null;
  const known = props.options.some((option) => option.value === props.value);
  const options = known
    ? props.options
    : [{ value: props.value, label: props.valueLabel ?? props.value, disabled: true }, ...props.options];
  return (
    <FormGroup
      label={props.label}
      labelFor={id}
      intent={props.error ? Intent.DANGER : Intent.NONE}
      helperText={props.error ?? reason ?? props.helperText}
    >
      <HTMLSelect
        id={id}
        value={props.value}
        options={options}
        disabled={props.disabled === true || reason !== null}
        onChange={(event) => {
          const next = props.options.find((option) => option.value === event.currentTarget.value);
          if (next) props.onChange(next.value);
        }}
        aria-invalid={Boolean(props.error)}
      />
    </FormGroup>
  );
}
