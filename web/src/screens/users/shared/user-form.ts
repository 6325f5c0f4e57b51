import {
  grantableRoles,
  normalizeEmail,
  USER_TEXT_FIELDS,
  userTextOf,
  validateEmail,
  validateName,
  validateUserText,
  type Role,
  type UserTextField,
  type UserTextFieldSpec,
  type UserTextValues,
} from '@meridian/schema';
import type { Role as RoleEnum, TableauLicense as TableauLicenseEnum } from '../../../gql/graphql.js';
import { roleEnumOf, tableauEnumOf, type TableauChoice } from './user-fields.js';

/** Each of the user's optional text fields (schema's USER_TEXT_FIELDS) as typed: '' is none. */
export type UserTextForm = Record<UserTextField, string>;

/**
 * The fields of a user that the create and the edit form share, as both hold them; each form adds its
 * own (the email and first password; nothing more to edit). The text fields sit beside the others, by
 * name, so both forms set, compare and send them as they do the name.
 */
export type UserFieldsForm = UserTextForm & {
  name: string;
  alternateEmail: string;
  role: Role;
  tableau: TableauChoice;
  directDataAccess: boolean;
};

/** The shared fields as the GraphQL inputs (CreateUserInput, UpdateUserInput) name them; null: none. */
export type UserFieldsInput = UserTextValues & {
  name: string;
  alternateEmail: string | null;
  role: RoleEnum;
  tableauLicense: TableauLicenseEnum | null;
  directDataAccessEnabled: boolean;
};

/** A shared field's key in the inputs, so the gateway's input errors land beside its control. */
export type UserFieldsField = keyof UserFieldsInput;

export type UserFieldsErrors = Partial<Record<UserFieldsField, string>>;

/** The shared fields' keys, in the forms' order: the ones the gateway's input errors are shown beside. */
export const SHARED_USER_FORM_FIELDS: readonly UserFieldsField[] = [
  'name',
  'alternateEmail',
  ...USER_TEXT_FIELDS.map((spec) => spec.field),
  'role',
  'tableauLicense',
  'directDataAccessEnabled',
];

/** A value for each text field, made from its entry (Object.fromEntries only knows its keys as strings). */
export function byUserTextField<T>(valueOf: (spec: UserTextFieldSpec) => T): Record<UserTextField, T> {
  return Object.fromEntries(USER_TEXT_FIELDS.map((spec) => [spec.field, valueOf(spec)])) as Record<UserTextField, T>;
}

/** Empty shared fields; the role is Org User (the default role) when the granter may give it. */
export function emptyUserFields(granter: Role): UserFieldsForm {
  const grantable = grantableRoles(granter);
  return {
    name: '',
    alternateEmail: '',
    ...byUserTextField(() => ''),
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
  for (const spec of USER_TEXT_FIELDS) {
    const text = validateUserText(spec, form[spec.field]);
    if (text) errors[spec.field] = text;
  }
  return errors;
}

/**
 * The shared fields as sent: trimmed name and text fields, lowercase alternate email (null when blank,
 * as is a blank text field), the role and Tableau level as the contract's enums (the gateway sends the
 * platform the lowercase level; null: none).
 */
export function userFieldsInput(form: UserFieldsForm): UserFieldsInput {
  const alternateEmail = normalizeEmail(form.alternateEmail);
  return {
    name: form.name.trim(),
    alternateEmail: alternateEmail === '' ? null : alternateEmail,
    ...byUserTextField((spec) => userTextOf(form[spec.field])),
    role: roleEnumOf(form.role),
    tableauLicense: form.tableau === 'none' ? null : tableauEnumOf(form.tableau),
    directDataAccessEnabled: form.directDataAccess,
  };
}

/** An input whose text fields hold something or are left out. */
export type WithoutEmptyText<T> = Omit<T, UserTextField> & Partial<Record<UserTextField, string>>;

/** The input without the text fields that hold nothing: a create leaves them out rather than send null. */
export function withoutEmptyText<T extends UserTextValues>(input: T): WithoutEmptyText<T> {
  const isEmptyText = (key: string, value: unknown) =>
    value === null && USER_TEXT_FIELDS.some((spec) => spec.field === key);
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !isEmptyText(key, value)),
  ) as WithoutEmptyText<T>;
}
