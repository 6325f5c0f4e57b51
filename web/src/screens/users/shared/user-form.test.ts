import { EMAIL_MESSAGE, USER_TEXT_FIELDS } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { emptyCreateUserForm, validateCreateUserForm } from '../create/create-user-form.js';
import { changesOf, editFormOf } from '../profile/general/user-edit-form.js';
import { emptyUserFields, SHARED_USER_FORM_FIELDS, userFieldsInput, validateUserFields } from './user-form.js';

describe('the fields a user’s create and edit forms share', () => {
  it('are checked alike by both forms, in the schema validators’ words', () => {
    const fields = { ...emptyUserFields('orgAdmin'), name: ' ', alternateEmail: 'nope' };
    expect(validateUserFields(fields)).toEqual({ name: 'Name is required.', alternateEmail: EMAIL_MESSAGE });
    expect(validateCreateUserForm({ ...emptyCreateUserForm('orgAdmin'), ...fields })).toMatchObject(
      validateUserFields(fields),
    );
    expect(validateUserFields({ ...fields, name: 'Pat', alternateEmail: '  ' })).toEqual({});
  });

  it('hold every text field of schema’s list, empty, checked in words naming it', () => {
    expect(emptyUserFields('orgAdmin')).toMatchObject({ jobTitle: '' });
    const tooLong = { ...emptyUserFields('orgAdmin'), name: 'Pat', jobTitle: 'x'.repeat(129) };
    expect(validateUserFields(tooLong)).toEqual({ jobTitle: 'Job title must be at most 128 characters.' });
    expect(validateUserFields({ ...tooLong, jobTitle: 'x'.repeat(128) })).toEqual({});
    expect(validateUserFields({ ...tooLong, jobTitle: 'Nurse\u0000' }).jobTitle).toMatch(/^Job title /);
    // The gateway's input errors about each text field land beside its control, in both forms.
    for (const { field } of USER_TEXT_FIELDS) expect(SHARED_USER_FORM_FIELDS).toContain(field);
  });

  it('are sent trimmed, lowercase and as the contract’s enums, null for none', () => {
    const form = {
      ...emptyUserFields('orgAdmin'),
      name: ' Pat ',
      alternateEmail: ' Pat@Home.TEST ',
      jobTitle: ' Charge nurse ',
    };
    expect(userFieldsInput(form)).toEqual({
      name: 'Pat',
      alternateEmail: 'pat@home.test',
      jobTitle: 'Charge nurse',
      role: 'ORG_USER',
      tableauLicense: null,
      directDataAccessEnabled: false,
    });
    // The edit form sends what differs of the same values.
    const saved = editFormOf({
      name: 'Pat',
      alternateEmail: 'pat@home.test',
      jobTitle: 'Charge nurse',
      role: 'ORG_USER',
      directDataAccessEnabled: false,
    });
    expect(changesOf(saved, form)).toBeNull();
    expect(userFieldsInput({ ...form, jobTitle: '   ' }).jobTitle).toBeNull();
  });
});
