import { Button, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon, TickIcon } from '@blueprintjs/icons';
import { useId, useState, type ReactNode } from 'react';

export interface CopyableValueProps {
  /** The field's label, e.g. "SCIM base URL". */
  label: string;
  /** The value to enter in another system. */
  value: string;
  /** What it is for, under the field; the copy's outcome takes its place once copied. */
  helperText: ReactNode;
  /** The Copy button's accessible name, when a page holds several ("Copy redirect URI"); else "Copy". */
  copyLabel?: string;
  /** Said once the value is on the clipboard. */
  copiedMessage?: string;
  /** Said when the browser refused to copy. */
  copyFailedMessage?: string;
}

export const COPY_VALUE_FAILED = 'The browser did not allow copying. Select the value and copy it.';

/**
 * A value to enter in another system (a directory, an identity provider): selectable whole on focus,
 * never editable, with a Copy button; what copying did is said in the field's helper text.
 */
export function CopyableValue({
  label,
  value,
  helperText,
  copyLabel,
  copiedMessage = `${label} was copied to the clipboard.`,
  copyFailedMessage = COPY_VALUE_FAILED,
}: CopyableValueProps) {
  const id = useId();
  const [copy, setCopy] = useState<'not-copied' | 'copied' | 'failed'>('not-copied');
  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={
        <span aria-live="polite">
          {copy === 'copied' ? copiedMessage : copy === 'failed' ? copyFailedMessage : helperText}
        </span>
      }
    >
      <InputGroup
        id={id}
        value={value}
        readOnly
        className={Classes.MONOSPACE_TEXT}
        onFocus={(event) => event.currentTarget.select()}
        rightElement={
          <Button
            variant="minimal"
            icon={copy === 'copied' ? <TickIcon /> : <DuplicateIcon />}
            aria-label={copyLabel}
            onClick={() => void copyValue()}
          >
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        }
      />
    </FormGroup>
  );
}
