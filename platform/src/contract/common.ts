/**
 * The REST contract's shared parts: error bodies, parameters and the list wrapper. Every route's
 * schema is built from these and its domain's file in this folder; Fastify validates requests and
 * compiles response serializers from them, @fastify/swagger prints them as /openapi.json, and the
 * handlers' types are derived from them (FromSchema), so none of the three can drift.
 */

export const messageBody = {
  type: 'object',
  additionalProperties: false,
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const validationBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          msg: { type: 'string', description: 'What is wrong, in words.' },
          param: { type: 'string', description: 'The field, as a dotted path (licenses.user_limit).' },
        },
        required: ['msg', 'param'],
      },
    },
  },
  required: ['message'],
  examples: [{ message: 'The request has invalid fields.', details: [{ param: 'name', msg: 'A value is required' }] }],
} as const;

export const conflictBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    conflicts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          message: { type: 'string' },
          param: { type: 'string', description: 'The field whose value conflicts, when one does.' },
        },
        required: ['message'],
      },
    },
  },
  required: ['conflicts'],
} as const;

const refusalBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    feature: { type: 'string', description: 'The unlicensed feature, when that is the reason.' },
  },
  required: ['message'],
} as const;

/**
 * Every error answer the REST API gives, by status. A route lists the ones it can give with
 * `responses`; the contract test produces each one for real and fails on any status not listed.
 */
export const ERROR_RESPONSES = {
  400: { description: 'Invalid fields, each named in details', ...validationBody },
  401: { description: 'Missing, invalid or expired token; inactive user', ...messageBody },
  403: {
    description: 'Permission, tenant scope or feature refused; `feature` names an unlicensed feature',
    ...refusalBody,
  },
  404: { description: 'Not found (also what another tenant’s record answers)', ...messageBody },
  409: { description: 'Conflicts with the stored state; each conflict in words', ...conflictBody },
  413: { description: 'The body is larger than 5 MB', ...messageBody },
  415: { description: 'The body is neither JSON, text nor a form', ...messageBody },
  423: { description: 'Too many attempts; the message says how many minutes to wait', ...messageBody },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** A route's `response` map: its success answers and the listed error answers. */
export function responses<const Success extends Record<number, object>, const Errors extends readonly ErrorStatus[]>(
  success: Success,
  errors: Errors,
): Success & Pick<typeof ERROR_RESPONSES, Errors[number]> {
  const picked = Object.fromEntries(errors.map((status) => [status, ERROR_RESPONSES[status]]));
  return { ...success, ...picked } as Success & Pick<typeof ERROR_RESPONSES, Errors[number]>;
}

/** The errors of a route that reads its body (besides its own): too large, or not JSON. */
export const BODY_ERRORS = [400, 413, 415] as const;

/** The answer of an empty success (204). */
export const noContent = { description: 'Done; no body', type: 'null' } as const;

/** The data wrapper of spec section 7 around `item`. */
export function listOf<const Item extends object>(item: Item, description: string) {
  return {
    description,
    type: 'object',
    additionalProperties: false,
    properties: {
      data: { type: 'array', items: item },
      total: { type: 'integer', description: 'Records matching, over every page.' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
    required: ['data', 'total', 'limit', 'offset'],
  } as const;
}

export const emailParam = {
  type: 'object',
  properties: { email: { type: 'string', minLength: 3, maxLength: 254 } },
  required: ['email'],
} as const;

export const organizationIdParam = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

export const organizationIdQuery = {
  type: 'object',
  properties: { organizationId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['organizationId'],
} as const;

export const stringList = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 253 },
  maxItems: 100,
} as const;

export const isoDateTime = { type: 'string', format: 'date-time' } as const;

/** Query parameters every list accepts (limit 0 = all records, spec section 9). */
export const listQuerySchema = {
  limit: { type: 'integer', minimum: 0, maximum: 100000, default: 0, description: 'Page size; 0 returns all records.' },
  offset: { type: 'integer', minimum: 0, maximum: 2147483647, default: 0 },
  search: { type: 'string', maxLength: 200, description: 'Case-insensitive substring of the searchable fields.' },
  sort: { type: 'string', maxLength: 40, description: 'A sortable field; prefix with - for descending.' },
} as const;

/**
 * The list parameters of a list sorted by `keys` (@meridian/schema's list-sort.ts), which its `sort`
 * names. The store checks the key (its "Cannot sort by" answer), so the schema stays a string.
 */
export function listQueryOf(keys: readonly string[]) {
  const description = `One of: ${keys.join(', ')}; prefix with - for descending.`;
  return { ...listQuerySchema, sort: { ...listQuerySchema.sort, description } } as const;
}
