import { TABLEAU_LICENSES } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import {
  roleEnumOf,
  roleKeyOf,
  roleOptions,
  roleText,
  systemRolesHint,
  TABLEAU_OPTIONS,
  tableauChoiceOf,
  tableauEnumOf,
  tableauText,
} from './user-fields.js';

describe('roles in the users screens', () => {
  it('offers only the roles the signed-in user may grant, labelled with the product name', () => {
    expect(roleOptions('systemAdmin', 'Acme Cloud', 'Acme Cloud').map((option) => option.label)).toEqual([
      'Acme Cloud Admin',
      'Acme Cloud Viewer',
      'Org Admin',
      'Org User',
    ]);
    expect(roleOptions('orgAdmin', 'Meridian', 'Acme Health')).toEqual([
      { value: 'orgAdmin', label: 'Org Admin' },
      { value: 'orgUser', label: 'Org User' },
    ]);
    expect(roleOptions('systemViewer', 'Meridian', 'Meridian')).toEqual([]);
    expect(roleOptions('orgUser', 'Meridian', null)).toEqual([]);
  });

  it('offers system roles only for users of the operators’ organization, and says why', () => {
    expect(roleOptions('systemAdmin', 'Meridian', 'Acme Health').map((option) => option.value)).toEqual([
      'orgAdmin',
      'orgUser',
    ]);
    expect(systemRolesHint('systemAdmin', 'Meridian', 'Acme Health')).toBe(
      'Meridian Admin and Meridian Viewer reach every organization, so they are only for users of the Meridian organization.',
    );
    expect(systemRolesHint('systemAdmin', 'Meridian', 'Meridian')).toBeUndefined();
    // An Org Admin could not grant them anyway: nothing to explain.
    expect(systemRolesHint('orgAdmin', 'Meridian', 'Acme Health')).toBeUndefined();
  });

  it('converts between role keys and the contract’s enum', () => {
    expect(roleEnumOf('systemViewer')).toBe('SYSTEM_VIEWER');
    expect(roleKeyOf('ORG_ADMIN')).toBe('orgAdmin');
    expect(roleKeyOf('SUPERUSER')).toBeNull();
    expect(roleText('SYSTEM_ADMIN', 'Meridian')).toBe('Meridian Admin');
  });
});

describe('Tableau license levels', () => {
  it('offers Viewer, Explorer and Creator (and none), keyed by the schema’s lowercase levels', () => {
    expect(TABLEAU_OPTIONS.map((option) => option.label)).toEqual(['No license', 'Viewer', 'Explorer', 'Creator']);
    expect(TABLEAU_OPTIONS.slice(1).map((option) => option.value)).toEqual([...TABLEAU_LICENSES]);
  });

  it('sends the enum whose lowercase is the level the platform stores, and reads it back', () => {
    for (const level of TABLEAU_LICENSES) {
      expect(tableauEnumOf(level).toLowerCase()).toBe(level);
      expect(tableauChoiceOf(tableauEnumOf(level))).toBe(level);
    }
    expect(tableauChoiceOf(null)).toBe('none');
    expect(tableauText('EXPLORER')).toBe('Explorer');
    expect(tableauText(undefined)).toBe('No license');
  });
});
