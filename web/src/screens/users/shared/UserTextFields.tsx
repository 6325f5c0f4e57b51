import { USER_TEXT_FIELDS, type UserTextField } from '@meridian/schema';
import { TextField } from '../../../components/TextField.js';
import type { UserTextForm } from './user-form.js';

export interface UserTextFieldsProps {
  /** The text of each field as typed. */
  values: UserTextForm;
  /** The change handler of a field. */
  onChange: (field: UserTextField) => (value: string) => void;
  /** The blur handler of a field, for a form that checks a field once it is left. */
  onBlur?: (field: UserTextField) => () => void;
  /** What is wrong with a field (the form's check or the gateway's words), shown beside it. */
  errorOf: (field: UserTextField) => string | undefined;
}

/**
 * A text control for each of the user's optional text fields (schema's USER_TEXT_FIELDS), for the
 * create and the edit form alike: a new field in the list shows up in both without touching them.
 */
export function UserTextFields({ values, onChange, onBlur, errorOf }: UserTextFieldsProps) {
  return USER_TEXT_FIELDS.map((spec) => (
    <TextField
      key={spec.field}
      label={spec.label}
      optional
      value={values[spec.field]}
      onChange={onChange(spec.field)}
      onBlur={onBlur?.(spec.field)}
      error={errorOf(spec.field)}
      // A hint, not the input's maxlength: a pasted longer text is kept and refused in words, not cut.
      helperText={`At most ${spec.maxLength} characters.`}
      // Another person's values: the browser's autofill would offer the signed-in person's own.
      autoComplete="off"
    />
  ));
}
