import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@meridian/schema';
import { validationError, type FieldProblem } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body fields whose entries a bulk route checks row by row (a bad row gets its own error instead of
     * failing the batch): the control-character check leaves them to the route.
     */
    rowsCheckedAlone?: readonly string[];
  }
}

const AJV_OPTIONS = { allErrors: true, removeAdditional: false, useDefaults: true } as const;

/**
 * Query strings and path parameters arrive as text, so their numbers and booleans are coerced; JSON
 * bodies carry their own types and are taken strictly ({"active": "false"} is a 400, not a false).
 */
export function strictBodyValidators(): { buildValidator: BuildCompilerFromPool } {
  const fromPool = AjvCompiler();
  // At run time the compiler receives the route definition ({schema, method, url, httpPart}); the
  // package's types describe it as a plain schema, hence the casts.
  type RouteCompiler = (route: { httpPart?: string }) => unknown;
  const buildValidator = (
    externalSchemas: Parameters<BuildCompilerFromPool>[0],
    options?: Parameters<BuildCompilerFromPool>[1],
  ) => {
    const plugins = options?.plugins ?? [];
    const strict = fromPool(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: false }, plugins });
    const lenient = fromPool(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' }, plugins });
    const byPart: RouteCompiler = (route) => {
      if (route.httpPart === 'body') return (strict as unknown as RouteCompiler)(route);
      return finiteNumbersOnly((lenient as unknown as RouteCompiler)(route) as Validate);
    };
    return byPart as unknown as ReturnType<BuildCompilerFromPool>;
  };
  return { buildValidator };
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * Coercion turns "1e309" into Infinity, which ajv then lets through integer and maximum alike (and the
 * database refuses): a number coerced from text must be finite.
 */
function finiteNumbersOnly(validate: Validate): Validate {
  const checked: Validate = (data) => {
    if (!validate(data)) {
      checked.errors = validate.errors ?? null;
      return false;
    }
    const bad = Object.entries((data ?? {}) as Record<string, unknown>).find(
      ([, value]) => typeof value === 'number' && !Number.isFinite(value),
    );
    checked.errors = bad
      ? [{ instancePath: `/${bad[0]}`, keyword: 'type', params: { type: 'number' }, schemaPath: '' }]
      : null;
    return !bad;
  };
  return checked;
}

/** Every string in `value` with a control character, by its dotted path under `prefix`. */
function controlCharacterProblems(value: unknown, path: string[], skip: readonly string[], found: FieldProblem[]) {
  if (found.length >= 20) return;
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) found.push({ param: path.join('.'), msg: CONTROL_CHARACTERS_MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterProblems(item, [...path, String(index)], skip, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (path.length === 0 && skip.includes(key)) continue;
      if (hasControlCharacters(key)) found.push({ param: [...path, key].join('.'), msg: CONTROL_CHARACTERS_MESSAGE });
      else controlCharacterProblems(item, [...path, key], skip, found);
    }
  }
}

/**
 * Refuses text holding a control character anywhere in a request (body, query string, path), once for
 * every route, before it can reach the database: PostgreSQL refuses NUL outright, which would be a 500.
 * Fields are named as schema errors name them (`primaryContact.name`, `querystring.search`, `params.id`).
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found: FieldProblem[] = [];
    const skip = request.routeOptions.config.rowsCheckedAlone ?? [];
    controlCharacterProblems(request.body, [], skip, found);
    for (const [part, value] of [
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const inPart: FieldProblem[] = [];
      controlCharacterProblems(value, [], [], inPart);
      found.push(...inPart.map((problem) => ({ ...problem, param: `${part}.${problem.param}` })));
    }
    if (found.length > 0) throw validationError(found);
  });
}
