import { EMAIL_MESSAGE } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { emptyCreateUserForm, validateCreateUserForm } from '../create/create-user-form.js';
import { changesOf, editFormOf } from '../profile/general/user-edit-form.js';
import { emptyUserFields, userFieldsInput, validateUserFields } from './user-form.js';

describe('the fields a user’s create and edit forms share', () => {
  it('are checked alike by both forms, in the schema validators’ words', () => {
    const fields = { ...emptyUserFields('orgAdmin'), name: ' ', alternateEmail: 'nope' };
    expect(validateUserFields(fields)).toEqual({ name: 'Name is required.', alternateEmail: EMAIL_MESSAGE });
    expect(validateCreateUserForm({ ...emptyCreateUserForm('orgAdmin'), ...fields })).toMatchObject(
      validateUserFields(fields),
    );
    expect(validateUserFields({ ...fields, name: 'Pat', alternateEmail: '  ' })).toEqual({});
  });

  it('are sent trimmed, lowercase and as the contract’s enums, null for none', () => {
    const form = { ...emptyUserFields('orgAdmin'), name: ' Pat ', alternateEmail: ' Pat@Home.TEST ' };
    expect(userFieldsInput(form)).toEqual({
      name: 'Pat',
      alternateEmail: 'pat@home.test',
      role: 'ORG_USER',
      tableauLicense: null,
      directDataAccessEnabled: false,
    });
    // The edit form sends what differs of the same values.
    const saved = editFormOf({
      name: 'Pat',
      alternateEmail: 'pat@home.test',
      role: 'ORG_USER',
      directDataAccessEnabled: false,
    });
    expect(changesOf(saved, form)).toBeNull();
  });
});
