import {
  CONTACT_NAME_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  normalizeEmail,
  validateEmail,
  validateOrganizationId,
} from '@meridian/schema';
import type { CreateOrganizationInput } from '../../../gql/graphql.js';
import { nameProblem, type FieldErrors } from '../shared/field-rules.js';
import { DOMAIN_REQUIRED_MESSAGE, DOMAIN_RULES, listProblem } from '../shared/list-fields.js';

/** What the create form holds while the user types. */
export interface CreateOrganizationForm {
  id: string;
  name: string;
  domains: string[];
  contactName: string;
  contactEmail: string;
  customerSegment: string;
  medicareLicensed: boolean;
}

/**
 * The form's fields, named as the gateway names them in inputErrors (without `input.`), so a message
 * from either side lands beside the same control.
 */
export const CREATE_ORGANIZATION_FIELDS = [
  'id',
  'name',
  'domain',
  'primaryContact.name',
  'primaryContact.email',
  'customerSegment',
  'medicareLicensed',
] as const;
export type CreateOrganizationField = (typeof CREATE_ORGANIZATION_FIELDS)[number];

export const SEGMENT_REQUIRED_MESSAGE = 'Choose a customer segment.';

export const EMPTY_CREATE_FORM: CreateOrganizationForm = {
  id: '',
  name: '',
  domains: [],
  contactName: '',
  contactEmail: '',
  customerSegment: '',
  medicareLicensed: false,
};

/** Every field's problem, with the validators (and words) the gateway uses. */
export function validateCreateOrganization(form: CreateOrganizationForm): FieldErrors<CreateOrganizationField> {
  const errors: FieldErrors<CreateOrganizationField> = {};
  const set = (field: CreateOrganizationField, message: string | null) => {
    if (message) errors[field] = message;
  };
  set('id', validateOrganizationId(form.id.trim()));
  set('name', nameProblem(form.name, 'Name', NAME_REQUIRED_MESSAGE));
  set('domain', form.domains.length === 0 ? DOMAIN_REQUIRED_MESSAGE : listProblem(form.domains, DOMAIN_RULES));
  set('primaryContact.name', nameProblem(form.contactName, 'Contact name', CONTACT_NAME_REQUIRED_MESSAGE));
  set('primaryContact.email', validateEmail(normalizeEmail(form.contactEmail)));
  set('customerSegment', form.customerSegment === '' ? SEGMENT_REQUIRED_MESSAGE : null);
  return errors;
}

/** The createOrganization input of a valid form: trimmed, emails lowercase. */
export function toCreateOrganizationInput(form: CreateOrganizationForm): CreateOrganizationInput {
  return {
    id: form.id.trim(),
    name: form.name.trim(),
    domain: [...form.domains],
    primaryContact: { name: form.contactName.trim(), email: normalizeEmail(form.contactEmail) },
    customerSegment: form.customerSegment,
    medicareLicensed: form.medicareLicensed,
  };
}

/**
 * An id suggested by the name while the user has not typed one: lowercase letters and digits, other
 * runs of characters as one hyphen, at most 40 characters (the id's rule).
 */
export function suggestOrganizationId(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
