// Property-based fuzzing of the GraphQL contract: every root field of Query and Mutation, called with
// random arguments (control characters, lone surrogates, out-of-range Ints, unknown enum values, wrong
// types, long text), as an operator's internal tool and anonymously. Every answer must be a success or
// a documented client error: never an HTTP 5xx, never INTERNAL_SERVER_ERROR. FUZZ_SEED=<n> replays.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-support/gateway.js';

const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));

let gateway: TestGateway;
let tool: string;
beforeAll(async () => {
  gateway = await startTestGateway({ config: { rateLimitPerMinute: 0 } });
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
});
afterAll(() => gateway.close());

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  '',
  'acme',
  'admin@meridian.test',
  'x'.repeat(3000),
  '1e309',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 30 }));
const anything = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** A random value for an input type: mostly of the type, sometimes of another. */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type))
    return fc.oneof({ weight: 9, arbitrary: valueOf(type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  if (isListType(type)) return fc.oneof(fc.array(valueOf(type.ofType, depth + 1), { maxLength: 3 }), anything);
  if (isEnumType(type))
    return fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.name)), fc.constant('NOT_A_VALUE'), anything);
  if (isInputObjectType(type)) {
    if (depth > 2) return fc.constant({});
    const fields = Object.values(type.getFields());
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f.name, valueOf(f.type, depth + 1)])), {
          requiredKeys: [],
        }),
      },
      { weight: 1, arbitrary: anything },
    );
  }
  switch (type.name) {
    case 'Int':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e308), text);
    case 'Float':
      return fc.oneof(fc.double(), text);
    case 'Boolean':
      return fc.oneof(fc.boolean(), text);
    default:
      return fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: anything });
  }
}

/** The document calling `field` with every argument as a variable, selecting __typename of an object. */
function documentOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isObjectType(named) || isAbstractType(named) ? ' { __typename }' : '';
  return `${kind} Fuzz${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

describe(`every root field (fuzz seed ${seed})`, () => {
  it(
    'answers random arguments with data or a client error, never a 5xx or an internal error',
    { timeout: 120_000 },
    async () => {
      const roots = [
        ['query', schema.getQueryType()!],
        ['mutation', schema.getMutationType()!],
      ] as const;
      let fields = 0;
      for (const [kind, root] of roots) {
        for (const field of Object.values(root.getFields())) {
          fields++;
          const document = documentOf(kind, field);
          const variables = fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, valueOf(arg.type)])), {
            requiredKeys: [],
          });
          await fc.assert(
            fc.asyncProperty(variables, fc.boolean(), async (values, signedIn) => {
              const { status, body } = await gateway.request(document, values, signedIn ? tool : undefined);
              const internal = (body.errors ?? []).filter((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
              if (status >= 500 || internal.length > 0) {
                throw new Error(`${document} ${JSON.stringify(values)} → ${status} ${JSON.stringify(body.errors)}`);
              }
            }),
            { numRuns: 15, seed },
          );
        }
      }
      expect(fields).toBeGreaterThan(30);
    },
  );
});
