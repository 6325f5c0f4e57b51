import { grantableRoles, normalizeEmail, validateEmail, validateName, type Role } from '@meridian/schema';
import type { Role as RoleEnum, TableauLicense as TableauLicenseEnum } from '../../../gql/graphql.js';
import { roleEnumOf, tableauEnumOf, type TableauChoice } from './user-fields.js';

/**
 * The fields of a user that the create and the edit form share, as both hold them; each form adds its
 * own (the email and first password; nothing more to edit).
 */
export interface UserFieldsForm {
  name: string;
  alternateEmail: string;
  role: Role;
  tableau: TableauChoice;
  directDataAccess: boolean;
}

/** The shared fields as the GraphQL inputs (CreateUserInput, UpdateUserInput) name them; null: none. */
export interface UserFieldsInput {
  name: string;
  alternateEmail: string | null;
  role: RoleEnum;
  tableauLicense: TableauLicenseEnum | null;
  directDataAccessEnabled: boolean;
}

/** A shared field's key in the inputs, so the gateway's input errors land beside its control. */
export type UserFieldsField = keyof UserFieldsInput;

export type UserFieldsErrors = Partial<Record<UserFieldsField, string>>;

/** Empty shared fields; the role is Org User (the default role) when the granter may give it. */
export function emptyUserFields(granter: Role): UserFieldsForm {
  const grantable = grantableRoles(granter);
  return {
    name: '',
    alternateEmail: '',
    role: grantable.includes('orgUser') ? 'orgUser' : (grantable[0] ?? 'orgUser'),
    tableau: 'none',
    directDataAccess: false,
  };
}

/** The shared fields' problems, in the words of schema/'s validators (the gateway and platform say the same). */
export function validateUserFields(form: UserFieldsForm): UserFieldsErrors {
  const errors: UserFieldsErrors = {};
  const name = validateName(form.name);
  if (name) errors.name = name;
  const alternate = form.alternateEmail.trim() === '' ? null : validateEmail(normalizeEmail(form.alternateEmail));
  if (alternate) errors.alternateEmail = alternate;
  return errors;
}

/**
 * The shared fields as sent: trimmed name, lowercase alternate email (null when blank), the role and
 * Tableau level as the contract's enums (the gateway sends the platform the lowercase level; null: none).
 */
export function userFieldsInput(form: UserFieldsForm): UserFieldsInput {
  const alternateEmail = normalizeEmail(form.alternateEmail);
  return {
    name: form.name.trim(),
    alternateEmail: alternateEmail === '' ? null : alternateEmail,
    role: roleEnumOf(form.role),
    tableauLicense: form.tableau === 'none' ? null : tableauEnumOf(form.tableau),
    directDataAccessEnabled: form.directDataAccess,
  };
}
