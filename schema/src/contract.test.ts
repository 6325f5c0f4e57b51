import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isEnumType, isObjectType, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printContract } from './contract.js';
import { operationOfField } from './field-operations.js';
import { OPERATIONS } from './operations.js';
import { SCALARS } from './scalars.js';
import { NPI_FORMAT_MESSAGE, ZIP_MESSAGE } from './validators.js';

const root = path.resolve(import.meta.dirname, '..');
const sdlDir = path.join(root, 'src/graphql');
const sources = readdirSync(sdlDir)
  .filter((f) => f.endsWith('.graphql'))
  .sort()
  .map((f) => readFileSync(path.join(sdlDir, f), 'utf8'));
const printed = readFileSync(path.join(root, 'schema.graphql'), 'utf8');
const schema = buildSchema(printed);

describe('the printed contract', () => {
  it('is current: run `pnpm codegen` after changing the SDL or the operation table', () => {
    expect(printed).toBe(printContract(sources));
  });

  it('guards every root field with an operation of the table', () => {
    for (const type of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.keys(type.getFields()))
        expect(operationOfField(type.name, field), `${type.name}.${field}`).toBeDefined();
    }
  });

  it('carries the table onto the fields as directives', () => {
    const organization = schema.getQueryType()!.getFields().organization!;
    const requires = organization.astNode!.directives!.find((d) => d.name.value === 'requires')!;
    expect(requires.arguments!.map((a) => a.name.value)).toEqual(['any', 'scope']);
    const createPassword = schema.getMutationType()!.getFields().createPassword!;
    expect(createPassword.astNode!.directives!.map((d) => d.name.value)).toEqual(['public']);
    const upsert = schema.getMutationType()!.getFields().upsertProviderLinks!;
    expect(upsert.astNode!.directives!.map((d) => d.name.value)).toEqual(['requires', 'feature']);
    expect(Object.keys(OPERATIONS)).toContain('upsertProviderLinks');
  });

  it('documents every type and every root field', () => {
    const undocumented: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (
        type.name.startsWith('__') ||
        ['String', 'Int', 'Boolean', 'ID', 'Float', 'Query', 'Mutation'].includes(type.name)
      )
        continue;
      if (!type.description) undocumented.push(type.name);
    }
    for (const type of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(type.getFields()))
        if (!field.description) undocumented.push(`${type.name}.${field.name}`);
    }
    expect(undocumented).toEqual([]);
  });

  it('says in words what each enum value means (the sandbox shows it beside SYSTEM_ADMIN and the rest)', () => {
    const undocumented = Object.values(schema.getTypeMap())
      .filter((type) => isEnumType(type) && !type.name.startsWith('__'))
      .flatMap((type) =>
        (type as GraphQLEnumType)
          .getValues()
          .filter((value) => !value.description)
          .map((value) => `${type.name}.${value.name}`),
      );
    expect(undocumented).toEqual([]);
    // A role's value names the label the console shows for it.
    const roles = (schema.getType('Role') as GraphQLEnumType).getValues();
    expect(roles.find((role) => role.name === 'SYSTEM_ADMIN')?.description).toContain('"Meridian Admin"');
    expect(roles.find((role) => role.name === 'ORG_ADMIN')?.description).toContain('"Org Admin"');
  });

  it('declares each custom scalar the validators back', () => {
    for (const name of Object.keys(SCALARS)) expect(isObjectType(schema.getType(name))).toBe(false);
    expect(Object.keys(SCALARS).every((name) => schema.getType(name))).toBe(true);
  });
});

describe('scalars', () => {
  it('refuse bad values with the validators messages', () => {
    expect(() => SCALARS.NPI.parseValue('123')).toThrow(NPI_FORMAT_MESSAGE);
    expect(() => SCALARS.NPI.parseValue('1234567890')).toThrow('NPI 1234567890 fails its check digit.');
    expect(SCALARS.NPI.parseValue('808401234567893')).toBe('808401234567893');
    expect(() => SCALARS.ZipCode.parseValue('1234')).toThrow(ZIP_MESSAGE);
    expect(SCALARS.Email.parseValue(' Pat@Acme.TEST ')).toBe('pat@acme.test');
    expect(() => SCALARS.DateTime.parseValue('yesterday')).toThrow(/ISO 8601/);
  });
});
