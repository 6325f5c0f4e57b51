import { FormGroup, Intent, TagInput } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { addEntries, type ListEntryRules } from './list-fields.js';

export interface StringListFieldProps {
  label: string;
  /** What to type, shown under the field while nothing is wrong. */
  helperText: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  rules: ListEntryRules;
  /** The form's message for the field (a required list, the gateway's word), shown below it. */
  error?: string | undefined;
  disabled?: boolean;
  /**
   * What to do while the list is empty ("Type a domain and press Enter"): an instruction, never an example
   * value, which would read as a value already entered (examples go in the helper text).
   */
  placeholder?: string;
}

/**
 * A list of strings as tags (domains, callback URLs): type and press Enter, paste several separated
 * by commas or spaces, or leave the field; each entry is checked as it is added, and refused text
 * stays in the input with the reason beside it.
 */
export function StringListField({
  label,
  helperText,
  values,
  onChange,
  rules,
  error,
  disabled = false,
  placeholder,
}: StringListFieldProps) {
  const id = useId();
  const [entryError, setEntryError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const message = entryError ?? error ?? null;
  const add = (typed: string[]) => {
    const result = addEntries(values, typed, rules);
    if (result.list.length !== values.length) onChange(result.list);
    setEntryError(result.message);
    // Refused text stays where the user can fix it.
    setText(result.refused.join(' '));
    return false;
  };
  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={message ?? helperText}
      intent={message ? Intent.DANGER : Intent.NONE}
    >
      <TagInput
        inputProps={{ id, 'aria-invalid': message ? true : undefined }}
        values={values}
        inputValue={text}
        onInputChange={(event) => {
          setText(event.currentTarget.value);
          if (entryError) setEntryError(null);
        }}
        onAdd={add}
        // Enter adds the typed entry and nothing else: it must not submit the form around the field.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        onRemove={(_value, index) => onChange(values.filter((_, i) => i !== index))}
        addOnBlur
        addOnPaste
        separator={/[,\s]+/}
        disabled={disabled}
        intent={message ? Intent.DANGER : Intent.NONE}
        placeholder={values.length === 0 ? placeholder : undefined}
        tagProps={{ minimal: true }}
        fill
      />
    </FormGroup>
  );
}
