import {
  grantableRoles,
  normalizeEmail,
  validateEmail,
  validateName,
  validatePassword,
  type Role,
} from '@meridian/schema';
import type { CreateUserInput } from '../../../gql/graphql.js';
import { roleEnumOf, tableauEnumOf, type TableauChoice } from '../shared/user-fields.js';

/** What the create-user form holds, as typed. */
export interface CreateUserForm {
  name: string;
  email: string;
  alternateEmail: string;
  password: string;
  role: Role;
  tableau: TableauChoice;
  directDataAccess: boolean;
}

/** The form's fields by the names of CreateUserInput, so the gateway's input errors land on them. */
export type CreateUserField = keyof CreateUserInput;

export type CreateUserErrors = Partial<Record<CreateUserField, string>>;

/** An empty form; the role is Org User (the default role) when the granter may give it. */
export function emptyCreateUserForm(granter: Role): CreateUserForm {
  const grantable = grantableRoles(granter);
  return {
    name: '',
    email: '',
    alternateEmail: '',
    password: '',
    role: grantable.includes('orgUser') ? 'orgUser' : (grantable[0] ?? 'orgUser'),
    tableau: 'none',
    directDataAccess: false,
  };
}

/** Every field's problem, in the words of schema/'s validators (the gateway says the same). */
export function validateCreateUserForm(form: CreateUserForm): CreateUserErrors {
  const errors: CreateUserErrors = {};
  const name = validateName(form.name);
  if (name) errors.name = name;
  const email = validateEmail(normalizeEmail(form.email));
  if (email) errors.email = email;
  const alternate = form.alternateEmail.trim() === '' ? null : validateEmail(normalizeEmail(form.alternateEmail));
  if (alternate) errors.alternateEmail = alternate;
  const password = validatePassword(form.password);
  if (password) errors.password = password;
  return errors;
}

/**
 * The mutation's input: trimmed name, lowercase emails, the role and Tableau level as the contract's
 * enums (the gateway sends the platform the lowercase level), no alternate email or level when none.
 */
export function toCreateUserInput(form: CreateUserForm): CreateUserInput {
  const alternateEmail = normalizeEmail(form.alternateEmail);
  return {
    name: form.name.trim(),
    email: normalizeEmail(form.email),
    ...(alternateEmail === '' ? {} : { alternateEmail }),
    password: form.password,
    role: roleEnumOf(form.role),
    ...(form.tableau === 'none' ? {} : { tableauLicense: tableauEnumOf(form.tableau) }),
    directDataAccessEnabled: form.directDataAccess,
  };
}
