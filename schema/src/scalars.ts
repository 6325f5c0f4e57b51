import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { normalizeEmail, validateDateTime, validateEmail, validateNpi, validateZip } from './validators.js';

/**
 * The contract's custom scalars, each refusing bad input with the validator's own message, so the
 * gateway answers in the words the console shows next to the field.
 */
function stringScalar(
  name: string,
  description: string,
  validate: (value: string) => string | null,
  normalize = (v: string) => v,
) {
  const parse = (value: unknown, ast?: ValueNode): string => {
    if (typeof value !== 'string')
      throw new GraphQLError(`${name} must be a string.`, ast ? { nodes: ast } : undefined);
    const normalized = normalize(value);
    const problem = validate(normalized);
    if (problem) throw new GraphQLError(problem, { nodes: ast, extensions: { code: 'BAD_USER_INPUT' } });
    return normalized;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => {
      if (value instanceof Date) return value.toISOString();
      if (typeof value !== 'string') throw new GraphQLError(`${name} cannot represent ${typeof value}.`);
      return value;
    },
    parseValue: (value) => parse(value),
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be a string.`, { nodes: ast });
      return parse(ast.value, ast);
    },
  });
}

export const NPIScalar = stringScalar(
  'NPI',
  'A National Provider Identifier with a valid check digit.',
  validateNpi,
  (v) => v.trim(),
);
export const ZipCodeScalar = stringScalar('ZipCode', 'A US zip code.', validateZip, (v) => v.trim());
export const EmailScalar = stringScalar(
  'Email',
  'An email address, compared case-insensitively.',
  validateEmail,
  normalizeEmail,
);
export const DateTimeScalar = stringScalar('DateTime', 'An ISO 8601 date and time with a time zone.', validateDateTime);

export const SCALARS = { NPI: NPIScalar, ZipCode: ZipCodeScalar, Email: EmailScalar, DateTime: DateTimeScalar };
