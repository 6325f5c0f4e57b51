import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useId } from 'react';
import type { CustomerSegmentOption } from '../shared/useCustomerSegments.js';

export interface CustomerSegmentSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The catalog's segments; inactive ones are offered only when already chosen. */
  segments: readonly CustomerSegmentOption[];
  loading?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  label?: string;
}

/** The customer segment from the customer-segments catalog, its description under the field. */
export function CustomerSegmentSelect({
  value,
  onChange,
  onBlur,
  segments,
  loading = false,
  error,
  disabled = false,
  label = 'Customer segment',
}: CustomerSegmentSelectProps) {
  const id = useId();
  const offered = segments.filter((segment) => segment.active || segment.id === value);
  const chosen = segments.find((segment) => segment.id === value);
  const help = error ?? (loading ? 'Loading the segments…' : chosen?.description);
  return (
    <FormGroup label={label} labelFor={id} helperText={help} intent={error ? Intent.DANGER : Intent.NONE}>
      <HTMLSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        disabled={disabled || loading}
        aria-invalid={error ? true : undefined}
        fill
      >
        <option value="" disabled>
          Choose a segment…
        </option>
        {offered.map((segment) => (
          <option key={segment.id} value={segment.id}>
            {segment.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
