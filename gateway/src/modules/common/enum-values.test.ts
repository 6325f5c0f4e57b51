// The contract's enums and the REST values they stand for: each mapped enum names every value of its
// list, in upper snake case, and nothing else; the sort enums are exactly the REST lists' sort keys
// (@meridian/schema's list-sort.ts), so an SDL enum and the platform's keys cannot disagree.
import { isEnumType, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ORGANIZATION_SORT_KEYS,
  PROVIDER_LINK_SORT_KEYS,
  ROLES,
  RELEASE_STAGES,
  USER_SORT_KEYS,
} from '@meridian/schema';
import { buildGatewaySchema } from '../../app.js';
import { resolvers } from '../index.js';
import { enumValues, upperSnake } from './enum-values.js';

const schema = buildGatewaySchema();
const enumType = (name: string) => schema.getType(name) as GraphQLEnumType;
const internalValues = (name: string) =>
  enumType(name)
    .getValues()
    .map((value) => value.value as string);

describe('enum values', () => {
  it('spell a REST value in upper snake case', () => {
    expect(enumValues(ROLES)).toEqual({
      SYSTEM_ADMIN: 'systemAdmin',
      SYSTEM_VIEWER: 'systemViewer',
      ORG_ADMIN: 'orgAdmin',
      ORG_USER: 'orgUser',
    });
    expect(enumValues(RELEASE_STAGES)).toEqual({ BETA: 'beta', GENERAL_AVAILABILITY: 'general-availability' });
    expect(upperSnake('customer_segment')).toBe('CUSTOMER_SEGMENT');
    expect(upperSnake('not_found')).toBe('NOT_FOUND');
  });

  it('map every value of each mapped SDL enum, and no other', () => {
    const mapped = Object.entries(resolvers).filter(([name]) => isEnumType(schema.getType(name)));
    expect(mapped.length).toBeGreaterThanOrEqual(14);
    for (const [name, values] of mapped) {
      const sdl = enumType(name)
        .getValues()
        .map((value) => value.name);
      expect(Object.keys(values).sort(), name).toEqual([...sdl].sort());
    }
  });

  it("make each sort enum the REST list's sort keys", () => {
    const lists = {
      OrganizationSortField: ORGANIZATION_SORT_KEYS,
      UserSortField: USER_SORT_KEYS,
      ProviderLinkSortField: PROVIDER_LINK_SORT_KEYS,
    };
    for (const [name, keys] of Object.entries(lists))
      expect(internalValues(name).sort(), name).toEqual([...keys].sort());
    const sortEnums = Object.values(schema.getTypeMap()).filter((type) => /SortField$/.test(type.name));
    expect(sortEnums.map((type) => type.name).sort()).toEqual(Object.keys(lists).sort());
  });
});
