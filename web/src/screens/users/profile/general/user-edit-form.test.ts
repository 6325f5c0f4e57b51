import { EMAIL_MESSAGE } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { validateUserFields } from '../../shared/user-form.js';
import { changesOf, editFormOf, turnsDataAccessOff } from './user-edit-form.js';

const saved = editFormOf({
  name: 'Pat Doe',
  alternateEmail: 'pat@home.test',
  jobTitle: 'Charge nurse',
  role: 'ORG_USER',
  tableauLicense: 'VIEWER',
  directDataAccessEnabled: true,
});

describe('the user edit form', () => {
  it('reads a record’s enums as schema keys and levels', () => {
    expect(saved).toEqual({
      name: 'Pat Doe',
      alternateEmail: 'pat@home.test',
      jobTitle: 'Charge nurse',
      role: 'orgUser',
      tableau: 'viewer',
      directDataAccess: true,
    });
    expect(
      editFormOf({ name: 'X', jobTitle: null, role: 'SYSTEM_ADMIN', directDataAccessEnabled: false }),
    ).toMatchObject({
      alternateEmail: '',
      jobTitle: '',
      role: 'systemAdmin',
      tableau: 'none',
    });
  });

  it('sends only what changed, nothing at all when nothing did', () => {
    expect(changesOf(saved, { ...saved, name: ' Pat Doe ' })).toBeNull();
    expect(changesOf(saved, { ...saved, name: 'Patricia Doe ', role: 'orgAdmin' })).toEqual({
      name: 'Patricia Doe',
      role: 'ORG_ADMIN',
    });
  });

  it('sends a changed job title trimmed, and none when only its spaces changed', () => {
    expect(changesOf(saved, { ...saved, jobTitle: ' Head of nursing ' })).toEqual({ jobTitle: 'Head of nursing' });
    expect(changesOf(saved, { ...saved, jobTitle: ' Charge nurse  ' })).toBeNull();
  });

  it('clears the alternate email and job title with null and the Tableau license with clearTableauLicense', () => {
    expect(changesOf(saved, { ...saved, alternateEmail: ' ', tableau: 'none' })).toEqual({
      alternateEmail: null,
      clearTableauLicense: true,
    });
    expect(changesOf(saved, { ...saved, jobTitle: '  ' })).toEqual({ jobTitle: null });
    expect(changesOf(saved, { ...saved, tableau: 'creator', directDataAccess: false })).toEqual({
      tableauLicense: 'CREATOR',
      directDataAccessEnabled: false,
    });
  });

  it('knows when saving turns direct data access off, and validates name and alternate email', () => {
    expect(turnsDataAccessOff(saved, { ...saved, directDataAccess: false })).toBe(true);
    expect(turnsDataAccessOff({ ...saved, directDataAccess: false }, saved)).toBe(false);
    expect(validateUserFields({ ...saved, name: '  ', alternateEmail: 'nope' })).toEqual({
      name: 'Name is required.',
      alternateEmail: EMAIL_MESSAGE,
    });
  });
});
