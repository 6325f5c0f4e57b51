import type { UserTextValues } from '@meridian/schema';
import type { UpdateUserInput } from '../../../../gql/graphql.js';
import { roleKeyOf, scalarText, tableauChoiceOf } from '../../shared/user-fields.js';
import {
  byUserTextField,
  userFieldsInput,
  type UserFieldsErrors,
  type UserFieldsField,
  type UserFieldsForm,
} from '../../shared/user-form.js';

/** The editable fields of a user, as the form holds them: all of them shared with the create form. */
export type UserEditForm = UserFieldsForm;

/**
 * The user's record as the general section reads it. Every text field is required: a record read
 * without one (a document not selecting it) is a type error, not a form that clears it.
 */
export type EditableUser = UserTextValues & {
  name: string;
  alternateEmail?: unknown;
  role: string;
  tableauLicense?: string | null;
  directDataAccessEnabled: boolean;
};

export type UserEditField = UserFieldsField;
export type UserEditErrors = UserFieldsErrors;

/** The form's values for a user record. */
export function editFormOf(user: EditableUser): UserEditForm {
  return {
    name: user.name,
    alternateEmail: scalarText(user.alternateEmail),
    ...byUserTextField((spec) => user[spec.field] ?? ''),
    role: roleKeyOf(user.role) ?? 'orgUser',
    tableau: tableauChoiceOf(user.tableauLicense),
    directDataAccess: user.directDataAccessEnabled,
  };
}

/**
 * The update input of what changed, and nothing else (omitted fields stay as they are; an unchanged
 * role is never sent, so editing oneself never touches one's role). A cleared alternate email or
 * text field is sent as null; no Tableau level is clearTableauLicense. Null when nothing changed.
 */
export function changesOf(saved: UserEditForm, form: UserEditForm): UpdateUserInput | null {
  const before = userFieldsInput(saved);
  const { tableauLicense, ...after } = userFieldsInput(form);
  const input: UpdateUserInput = Object.fromEntries(
    Object.entries(after).filter(([field, value]) => value !== before[field as UserFieldsField]),
  );
  if (tableauLicense !== before.tableauLicense) {
    if (tableauLicense === null) input.clearTableauLicense = true;
    else input.tableauLicense = tableauLicense;
  }
  return Object.keys(input).length > 0 ? input : null;
}

/** Whether saving turns direct data access off (which also disables the user's credentials). */
export function turnsDataAccessOff(saved: UserEditForm, form: UserEditForm): boolean {
  return saved.directDataAccess && !form.directDataAccess;
}
