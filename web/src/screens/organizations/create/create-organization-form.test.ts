import {
  CONTACT_NAME_REQUIRED_MESSAGE,
  DOMAIN_MESSAGE,
  EMAIL_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  ORGANIZATION_ID_MESSAGE,
} from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { nameTooLongMessage } from '../shared/field-rules.js';
import { DOMAIN_REQUIRED_MESSAGE } from '../shared/list-fields.js';
import {
  EMPTY_CREATE_FORM,
  SEGMENT_REQUIRED_MESSAGE,
  suggestOrganizationId,
  toCreateOrganizationInput,
  validateCreateOrganization,
  type CreateOrganizationForm,
} from './create-organization-form.js';

const VALID: CreateOrganizationForm = {
  id: 'riverside-health',
  name: 'Riverside Health',
  domains: ['riverside.org'],
  contactName: 'Rita River',
  contactEmail: 'Rita@Riverside.org ',
  customerSegment: 'health-plan',
  medicareLicensed: true,
};

describe('create organization form', () => {
  it('says what is wrong with every field of an empty form, in the words the gateway uses', () => {
    expect(validateCreateOrganization(EMPTY_CREATE_FORM)).toEqual({
      id: ORGANIZATION_ID_MESSAGE,
      name: NAME_REQUIRED_MESSAGE,
      domain: DOMAIN_REQUIRED_MESSAGE,
      'primaryContact.name': CONTACT_NAME_REQUIRED_MESSAGE,
      'primaryContact.email': EMAIL_MESSAGE,
      customerSegment: SEGMENT_REQUIRED_MESSAGE,
    });
  });

  it('accepts a valid form', () => {
    expect(validateCreateOrganization(VALID)).toEqual({});
  });

  it('checks the id rule, the name length and every domain', () => {
    const errors = validateCreateOrganization({
      ...VALID,
      id: 'Riverside Health',
      name: 'x'.repeat(201),
      domains: ['riverside.org', 'not a domain'],
    });
    expect(errors).toEqual({ id: ORGANIZATION_ID_MESSAGE, name: nameTooLongMessage('Name'), domain: DOMAIN_MESSAGE });
  });

  it('maps the form to the createOrganization input: trimmed, the contact email lowercase', () => {
    expect(toCreateOrganizationInput({ ...VALID, name: '  Riverside Health ' })).toEqual({
      id: 'riverside-health',
      name: 'Riverside Health',
      domain: ['riverside.org'],
      primaryContact: { name: 'Rita River', email: 'rita@riverside.org' },
      customerSegment: 'health-plan',
      medicareLicensed: true,
    });
  });

  it('suggests a valid id from the name', () => {
    expect(suggestOrganizationId('Riverside Health & Co.')).toBe('riverside-health-co');
    expect(suggestOrganizationId('  Ærø Clínica  ')).toBe('r-clinica');
    const long = suggestOrganizationId('A very long organization name that goes on and on - forever');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('-')).toBe(false);
  });
});
