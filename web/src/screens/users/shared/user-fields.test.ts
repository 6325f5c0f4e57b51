import { TABLEAU_LICENSES } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import {
  roleEnumOf,
  roleKeyOf,
  roleOptions,
  roleText,
  TABLEAU_OPTIONS,
  tableauChoiceOf,
  tableauEnumOf,
  tableauText,
} from './user-fields.js';

describe('roles in the users screens', () => {
  it('offers only the roles the signed-in user may grant, labelled with the product name', () => {
    expect(roleOptions('systemAdmin', 'Acme Cloud').map((option) => option.label)).toEqual([
      'Acme Cloud Admin',
      'Acme Cloud Viewer',
      'Org Admin',
      'Org User',
    ]);
    expect(roleOptions('orgAdmin', 'Meridian')).toEqual([
      { value: 'orgAdmin', label: 'Org Admin' },
      { value: 'orgUser', label: 'Org User' },
    ]);
    expect(roleOptions('systemViewer', 'Meridian')).toEqual([]);
    expect(roleOptions('orgUser', 'Meridian')).toEqual([]);
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
