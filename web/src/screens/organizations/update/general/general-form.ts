import {
  CONTACT_NAME_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  normalizeEmail,
  validateWebAddress,
  validateEmail,
} from '@meridian/schema';
import type { UpdateOrganizationInput } from '../../../../gql/graphql.js';
import { nameProblem, type FieldErrors } from '../../shared/field-rules.js';
import { CALLBACK_URL_RULES, DOMAIN_RULES, listProblem } from '../../shared/list-fields.js';
import { orderStates } from './us-states.js';

/** The general settings as the form holds them. */
export interface GeneralValues {
  name: string;
  domains: string[];
  callbackUrls: string[];
  contactName: string;
  contactEmail: string;
  biPortalUrl: string;
  defaultStates: string[];
}

/** The fields, named as the gateway names them in inputErrors (without `input.`). */
export const GENERAL_FIELDS = [
  'name',
  'domain',
  'callbackUrls',
  'primaryContact.name',
  'primaryContact.email',
  'biPortalUrl',
  'biPortalDefaultStates',
] as const;
export type GeneralField = (typeof GENERAL_FIELDS)[number];

/** Deployment's sign-in step needs a domain (decisions.md): an empty list is allowed, with this warning. */
export const NO_DOMAIN_WARNING = 'Without a domain, deployment cannot configure sign-in.';

/** The organization's general settings as the update page reads them. */
export interface GeneralSource {
  name: string;
  domain: readonly string[];
  callbackUrls: readonly string[];
  primaryContact?: { name: string; email: string } | null;
  biPortalUrl?: string | null;
  biPortal: { defaultStates: readonly string[] };
}

export function generalValuesOf(source: GeneralSource): GeneralValues {
  return {
    name: source.name,
    domains: [...source.domain],
    callbackUrls: [...source.callbackUrls],
    contactName: source.primaryContact?.name ?? '',
    contactEmail: source.primaryContact?.email ?? '',
    biPortalUrl: source.biPortalUrl ?? '',
    defaultStates: orderStates(source.biPortal.defaultStates),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Every field's problem; `saved` is what the organization has now (some rules compare with it). */
export function validateGeneral(values: GeneralValues, saved: GeneralValues): FieldErrors<GeneralField> {
  const errors: FieldErrors<GeneralField> = {};
  const set = (field: GeneralField, message: string | null) => {
    if (message) errors[field] = message;
  };
  set('name', nameProblem(values.name, 'Name', NAME_REQUIRED_MESSAGE));
  set('domain', listProblem(values.domains, DOMAIN_RULES));
  set('callbackUrls', listProblem(values.callbackUrls, CALLBACK_URL_RULES));
  // A contact is all or nothing: an organization without one may stay without one.
  const contactGiven = values.contactName.trim() !== '' || values.contactEmail.trim() !== '';
  const contactSaved = saved.contactName !== '' || saved.contactEmail !== '';
  if (contactGiven || contactSaved) {
    set('primaryContact.name', nameProblem(values.contactName, 'Contact name', CONTACT_NAME_REQUIRED_MESSAGE));
    set('primaryContact.email', validateEmail(normalizeEmail(values.contactEmail)));
  }
  // Empty removes the URL; otherwise the platform's rule (https, http only for localhost), in its words.
  const url = values.biPortalUrl.trim();
  if (url !== '') set('biPortalUrl', validateWebAddress(url));
  return errors;
}

/**
 * The updateOrganization input of the fields that changed (omitted fields stay as they are), or null
 * when nothing changed. Values are trimmed and emails lowercase, as the form's checks assumed.
 */
export function toUpdateOrganizationInput(values: GeneralValues, saved: GeneralValues): UpdateOrganizationInput | null {
  const input: UpdateOrganizationInput = {};
  const name = values.name.trim();
  if (name !== saved.name) input.name = name;
  if (!sameList(values.domains, saved.domains)) input.domain = [...values.domains];
  if (!sameList(values.callbackUrls, saved.callbackUrls)) input.callbackUrls = [...values.callbackUrls];
  const contact = { name: values.contactName.trim(), email: normalizeEmail(values.contactEmail) };
  if (contact.name !== saved.contactName || contact.email !== saved.contactEmail) {
    if (contact.name !== '' || contact.email !== '') input.primaryContact = contact;
  }
  const url = values.biPortalUrl.trim();
  // null removes a saved URL.
  if (url !== saved.biPortalUrl) input.biPortalUrl = url === '' ? null : url;
  const states = orderStates(values.defaultStates);
  if (!sameList(states, saved.defaultStates)) input.biPortalDefaultStates = states;
  return Object.keys(input).length > 0 ? input : null;
}
