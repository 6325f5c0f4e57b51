import { normalizeEmail, validateEmail, validateName, type Role } from '@meridian/schema';
import type { UpdateUserInput } from '../../../../gql/graphql.js';
import {
  roleEnumOf,
  roleKeyOf,
  scalarText,
  tableauChoiceOf,
  tableauEnumOf,
  type TableauChoice,
} from '../../shared/user-fields.js';

/** The editable fields of a user, as the form holds them. */
export interface UserEditForm {
  name: string;
  alternateEmail: string;
  role: Role;
  tableau: TableauChoice;
  directDataAccess: boolean;
}

/** The user's record as the general section reads it. */
export interface EditableUser {
  name: string;
  alternateEmail?: unknown;
  role: string;
  tableauLicense?: string | null;
  directDataAccessEnabled: boolean;
}

export type UserEditField = 'name' | 'alternateEmail' | 'role' | 'tableauLicense' | 'directDataAccessEnabled';
export type UserEditErrors = Partial<Record<UserEditField, string>>;

/** The form's values for a user record. */
export function editFormOf(user: EditableUser): UserEditForm {
  return {
    name: user.name,
    alternateEmail: scalarText(user.alternateEmail),
    role: roleKeyOf(user.role) ?? 'orgUser',
    tableau: tableauChoiceOf(user.tableauLicense),
    directDataAccess: user.directDataAccessEnabled,
  };
}

export function validateEditForm(form: UserEditForm): UserEditErrors {
  const errors: UserEditErrors = {};
  const name = validateName(form.name);
  if (name) errors.name = name;
  const alternate = form.alternateEmail.trim() === '' ? null : validateEmail(normalizeEmail(form.alternateEmail));
  if (alternate) errors.alternateEmail = alternate;
  return errors;
}

/**
 * The update input of what changed, and nothing else (omitted fields stay as they are; an unchanged
 * role is never sent, so editing oneself never touches one's role). A cleared alternate email is
 * sent as null; no Tableau level is clearTableauLicense. Null when nothing changed.
 */
export function changesOf(saved: UserEditForm, form: UserEditForm): UpdateUserInput | null {
  const input: UpdateUserInput = {};
  if (form.name.trim() !== saved.name.trim()) input.name = form.name.trim();
  const alternate = normalizeEmail(form.alternateEmail);
  if (alternate !== normalizeEmail(saved.alternateEmail)) input.alternateEmail = alternate === '' ? null : alternate;
  if (form.role !== saved.role) input.role = roleEnumOf(form.role);
  if (form.tableau !== saved.tableau) {
    if (form.tableau === 'none') input.clearTableauLicense = true;
    else input.tableauLicense = tableauEnumOf(form.tableau);
  }
  if (form.directDataAccess !== saved.directDataAccess) input.directDataAccessEnabled = form.directDataAccess;
  return Object.keys(input).length > 0 ? input : null;
}

/** Whether saving turns direct data access off (which also disables the user's credentials). */
export function turnsDataAccessOff(saved: UserEditForm, form: UserEditForm): boolean {
  return saved.directDataAccess && !form.directDataAccess;
}
