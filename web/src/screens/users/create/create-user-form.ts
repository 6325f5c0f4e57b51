import {
  isOutsideDomains,
  isSystemRole,
  normalizeEmail,
  outsideDomainsMessage,
  outsideDomainsOperatorsOnlyMessage,
  validateEmail,
  validatePassword,
  type Role,
} from '@meridian/schema';
import type { CreateUserInput } from '../../../gql/graphql.js';
import {
  emptyUserFields,
  SHARED_USER_FORM_FIELDS,
  userFieldsInput,
  validateUserFields,
  withoutEmptyText,
  type UserFieldsForm,
} from '../shared/user-form.js';

/** What the create-user form holds, as typed: the fields it shares with the edit form, and its own. */
export interface CreateUserForm extends UserFieldsForm {
  email: string;
  /** 'invite' (the default, issue 18): the user sets their own password from a mailed link. */
  passwordChoice: PasswordChoice;
  password: string;
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
export const CREATE_USER_FORM_FIELDS: readonly CreateUserField[] = [
  ...SHARED_USER_FORM_FIELDS,
  'email',
  'password',
  'allowOutsideDomain',
];

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
  return { ...emptyUserFields(granter), email: '', passwordChoice: 'invite', password: '', allowOutsideDomain: false };
}

/** Every field's problem, in the words of schema/'s validators (the gateway says the same). */
export function validateCreateUserForm(
  form: CreateUserForm,
  organization: TargetOrganization | null = null,
  granter: { role: Role; productName: string } | null = null,
): CreateUserErrors {
  const errors: CreateUserErrors = validateUserFields(form);
  const email = validateEmail(normalizeEmail(form.email));
  if (email) errors.email = email;
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
 * The mutation's input: the shared fields as userFieldsInput sends them, leaving out an alternate
 * email, a text field or Tableau level when there is none, and the lowercase email.
 */
export function toCreateUserInput(
  form: CreateUserForm,
  organization: TargetOrganization | null = null,
): CreateUserInput {
  const { alternateEmail, tableauLicense, ...shared } = userFieldsInput(form);
  return {
    ...withoutEmptyText(shared),
    email: normalizeEmail(form.email),
    ...(alternateEmail === null ? {} : { alternateEmail }),
    ...(tableauLicense === null ? {} : { tableauLicense }),
    // Without a password the gateway invites the user.
    ...(form.passwordChoice === 'set' ? { password: form.password } : {}),
    ...(form.allowOutsideDomain && emailOutsideDomains(form, organization) ? { allowOutsideDomain: true } : {}),
  };
}
