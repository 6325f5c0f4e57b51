// Property-based fuzzing of every REST operation the platform describes in /openapi.json: random path
// parameters, query strings and bodies (control characters, lone surrogates, huge numbers, wrong types,
// long text), with an admin's token and with none. Every answer must be a client error or a success:
// never a 5xx. The seed is printed on failure; FUZZ_SEED=<n> replays it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../test-support/platform.js';

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyKeys: string[] | null;
}

let platform: TestPlatform;
let admin: Record<string, string>;
let operations: Operation[];

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.auth('admin@meridian.test');
  const document = (await platform.rest.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const body = operation.requestBody as
        { content?: { 'application/json'?: { schema?: { properties?: Record<string, unknown> } } } } | undefined;
      const properties = body?.content?.['application/json']?.schema?.properties;
      return {
        method: method.toUpperCase(),
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: body ? Object.keys(properties ?? {}) : null,
      };
    }),
  );
});
afterAll(() => platform.close());

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '1e309',
  '-1',
  '99999999999999999999',
  'NaN',
  '',
  ' ',
  'acme',
  'admin@meridian.test',
  'user@acme.test',
  '1234567893',
  '%',
  '../..',
  'x'.repeat(3000),
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(1e308));
const value = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);

/** A request for `operation`: path parameters, some query parameters, a body of its fields or of anything. */
function requestOf(operation: Operation) {
  const pathParams = fc.array(text, { minLength: 4, maxLength: 4 });
  const query = fc.dictionary(fc.constantFrom(...operation.query, 'extra'), text, { maxKeys: 4 });
  const body =
    operation.bodyKeys === null
      ? fc.constant(undefined)
      : fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          operation.bodyKeys.length > 0
            ? fc.dictionary(fc.constantFrom(...operation.bodyKeys), value, { maxKeys: operation.bodyKeys.length })
            : fc.constant({}),
        );
  return fc.record({ pathParams, query, body, signedIn: fc.boolean() });
}

/** Percent-encodes a path segment; a lone surrogate (which has no UTF-8) goes as the bytes a sloppy client sends. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

describe(`every REST operation (fuzz seed ${seed})`, () => {
  it('answers random input with a client error or a success, never a 5xx', { timeout: 120_000 }, async () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestOf(operation), async ({ pathParams, query, body, signedIn }) => {
          let index = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () => segment(pathParams[index++ % 4]!));
          const search = new URLSearchParams(query).toString();
          const response = await platform.rest.inject({
            method: operation.method as 'GET',
            url: `${path}${search ? `?${search}` : ''}`,
            headers: signedIn ? admin : {},
            ...(body === undefined
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: { ...(signedIn ? admin : {}), 'content-type': 'application/json' },
                }),
          });
          if (response.statusCode >= 500) {
            throw new Error(
              `${operation.method} ${path}?${search} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`,
            );
          }
        }),
        { numRuns: 25, seed },
      );
    }
  });
});
