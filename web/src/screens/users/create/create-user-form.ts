import {
  grantableRoles,
  isOutsideDomains,
  isSystemRole,
  normalizeEmail,
  outsideDomainsMessage,
  outsideDomainsOperatorsOnlyMessage,
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
  /** 'invite' (the default, issue 18): the user sets their own password from a mailed link. */
  passwordChoice: PasswordChoice;
  password: string;
  role: Role;
  tableau: TableauChoice;
  directDataAccess: boolean;
  /** The person confirmed an email outside the organization's domains. */
  allowOutsideDomain: boolean;
}

export type PasswordChoice = 'invite' | 'set';

/** The organization a user is created in, as far as the form's rules need it. */
export interface TargetOrganization {
  name: string;
  domains: readonly string[];
}

/** The form keys shown beside a control; the gateway's other refusals go above the buttons. */
export const CREATE_USER_FORM_FIELDS = [
  'name',
  'email',
  'alternateEmail',
  'password',
  'role',
  'tableauLicense',
  'directDataAccessEnabled',
  'allowOutsideDomain',
] as const;

/** True when the typed email is well formed and outside the organization's domains. */
export function emailOutsideDomains(form: CreateUserForm, organization: TargetOrganization | null): boolean {
  const email = normalizeEmail(form.email);
  return organization !== null && validateEmail(email) === null && isOutsideDomains(email, organization.domains);
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
    passwordChoice: 'invite',
    password: '',
    role: grantable.includes('orgUser') ? 'orgUser' : (grantable[0] ?? 'orgUser'),
    tableau: 'none',
    directDataAccess: false,
    allowOutsideDomain: false,
  };
}

/** Every field's problem, in the words of schema/'s validators (the gateway says the same). */
export function validateCreateUserForm(
  form: CreateUserForm,
  organization: TargetOrganization | null = null,
  granter: { role: Role; productName: string } | null = null,
): CreateUserErrors {
  const errors: CreateUserErrors = {};
  const name = validateName(form.name);
  if (name) errors.name = name;
  const email = validateEmail(normalizeEmail(form.email));
  if (email) errors.email = email;
  const alternate = form.alternateEmail.trim() === '' ? null : validateEmail(normalizeEmail(form.alternateEmail));
  if (alternate) errors.alternateEmail = alternate;
  const password = form.passwordChoice === 'set' ? validatePassword(form.password) : null;
  if (password) errors.password = password;
  // Only operators confirm an email outside the domains; anyone else is told so at the email, as the
  // platform says it (whether the email is free or another tenant's, decisions.md).
  if (organization && emailOutsideDomains(form, organization) && granter && !isSystemRole(granter.role))
    errors.email ??= outsideDomainsOperatorsOnlyMessage(
      normalizeEmail(form.email),
      organization.name,
      organization.domains,
      granter.productName,
    );
  else if (organization && emailOutsideDomains(form, organization) && !form.allowOutsideDomain)
    errors.allowOutsideDomain = outsideDomainsMessage(
      normalizeEmail(form.email),
      organization.name,
      organization.domains,
    );
  return errors;
}

/**
 * The mutation's input: trimmed name, lowercase emails, the role and Tableau level as the contract's
 * enums (the gateway sends the platform the lowercase level), no alternate email or level when none.
 */
export function toCreateUserInput(
  form: CreateUserForm,
  organization: TargetOrganization | null = null,
): CreateUserInput {
  const alternateEmail = normalizeEmail(form.alternateEmail);
  return {
    name: form.name.trim(),
    email: normalizeEmail(form.email),
    ...(alternateEmail === '' ? {} : { alternateEmail }),
    // Without a password the gateway invites the user.
    ...(form.passwordChoice === 'set' ? { password: form.password } : {}),
    role: roleEnumOf(form.role),
    ...(form.tableau === 'none' ? {} : { tableauLicense: tableauEnumOf(form.tableau) }),
    directDataAccessEnabled: form.directDataAccess,
    ...(form.allowOutsideDomain && emailOutsideDomains(form, organization) ? { allowOutsideDomain: true } : {}),
  };
}
