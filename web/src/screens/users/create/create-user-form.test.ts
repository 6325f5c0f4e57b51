import {
  EMAIL_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
  outsideDomainsMessage,
  outsideDomainsOperatorsOnlyMessage,
} from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { emptyCreateUserForm, toCreateUserInput, validateCreateUserForm } from './create-user-form.js';

const filled = {
  ...emptyCreateUserForm('orgAdmin'),
  name: '  Pat Doe ',
  email: ' Pat@Acme.TEST',
  passwordChoice: 'set' as const,
  password: 'correct-horse-42',
};

describe('the create-user form', () => {
  it('starts as an Org User without a Tableau license or direct data access, sending an invitation', () => {
    expect(emptyCreateUserForm('orgAdmin')).toMatchObject({
      passwordChoice: 'invite',
      role: 'orgUser',
      tableau: 'none',
      directDataAccess: false,
    });
    expect(emptyCreateUserForm('systemAdmin').role).toBe('orgUser');
  });

  it('says what is wrong next to each field, in the schema validators’ words', () => {
    expect(validateCreateUserForm({ ...emptyCreateUserForm('orgAdmin'), passwordChoice: 'set' })).toEqual({
      name: 'Name is required.',
      email: EMAIL_MESSAGE,
      password: PASSWORD_POLICY_MESSAGE,
    });
    // An invitation needs no password.
    expect(validateCreateUserForm(emptyCreateUserForm('orgAdmin'))).toEqual({
      name: 'Name is required.',
      email: EMAIL_MESSAGE,
    });
    expect(
      validateCreateUserForm({
        ...filled,
        alternateEmail: 'not-an-email',
        jobTitle: 'x'.repeat(129),
        password: 'short1',
      }),
    ).toEqual({
      alternateEmail: EMAIL_MESSAGE,
      jobTitle: 'Job title must be at most 128 characters.',
      password: PASSWORD_POLICY_MESSAGE,
    });
    expect(validateCreateUserForm(filled)).toEqual({});
  });

  it('lets only an operator confirm an email outside the domains; anyone else is told why at the email', () => {
    const acme = { name: 'Acme Health', domains: ['acme.test'] };
    const outside = { ...filled, email: 'admin@meridian.test' };
    expect(validateCreateUserForm(outside, acme, { role: 'orgAdmin', productName: 'Meridian' })).toEqual({
      email: outsideDomainsOperatorsOnlyMessage('admin@meridian.test', 'Acme Health', ['acme.test'], 'Meridian'),
    });
    // Confirming changes nothing for an Org Admin: the platform refuses them alike.
    expect(
      validateCreateUserForm({ ...outside, allowOutsideDomain: true }, acme, {
        role: 'orgAdmin',
        productName: 'Meridian',
      }),
    ).toHaveProperty('email');
    expect(validateCreateUserForm(outside, acme, { role: 'systemAdmin', productName: 'Meridian' })).toEqual({
      allowOutsideDomain: outsideDomainsMessage('admin@meridian.test', 'Acme Health', ['acme.test']),
    });
    expect(
      validateCreateUserForm({ ...outside, allowOutsideDomain: true }, acme, {
        role: 'systemAdmin',
        productName: 'Meridian',
      }),
    ).toEqual({});
    expect(validateCreateUserForm(filled, acme, { role: 'orgAdmin', productName: 'Meridian' })).toEqual({});
  });

  it('sends trimmed, lowercase values and the contract’s enums, leaving out what is empty', () => {
    expect(toCreateUserInput(filled)).toEqual({
      name: 'Pat Doe',
      email: 'pat@acme.test',
      password: 'correct-horse-42',
      role: 'ORG_USER',
      directDataAccessEnabled: false,
    });
    expect(toCreateUserInput({ ...filled, passwordChoice: 'invite' })).not.toHaveProperty('password');
    // A blank job title is left out, not sent as null.
    expect(toCreateUserInput({ ...filled, jobTitle: '   ' })).not.toHaveProperty('jobTitle');
    expect(
      toCreateUserInput({
        ...filled,
        alternateEmail: 'Pat@Home.test',
        jobTitle: '  Charge nurse ',
        role: 'orgAdmin',
        tableau: 'explorer',
        directDataAccess: true,
      }),
    ).toMatchObject({
      alternateEmail: 'pat@home.test',
      jobTitle: 'Charge nurse',
      role: 'ORG_ADMIN',
      tableauLicense: 'EXPLORER',
      directDataAccessEnabled: true,
    });
  });
});
