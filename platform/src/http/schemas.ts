/** JSON schemas shared by several routes (they also describe the API in /openapi.json). */

export const messageBody = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const validationBody = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    details: {
      type: 'array',
      items: { type: 'object', properties: { msg: { type: 'string' }, param: { type: 'string' } } },
    },
  },
} as const;

export const conflictBody = {
  type: 'object',
  properties: {
    conflicts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          param: { type: 'string', description: 'The field whose value conflicts, when one does.' },
        },
      },
    },
  },
} as const;

/** Error responses every authenticated route may give, for the OpenAPI description. */
export const errorResponses = {
  400: { description: 'Invalid fields, each named in details', ...validationBody },
  401: { description: 'Missing, invalid or expired token; inactive user', ...messageBody },
  403: {
    description: 'Permission, tenant scope or feature refused; `feature` names an unlicensed feature',
    type: 'object',
    properties: { message: { type: 'string' }, feature: { type: 'string' } },
    required: ['message'],
  },
} as const;

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

export const licensesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tableau_user_licenses: {
      type: 'object',
      additionalProperties: false,
      properties: {
        explorer_count: { type: 'integer', minimum: 0, maximum: 1000000 },
        viewer_count: { type: 'integer', minimum: 0, maximum: 1000000 },
      },
    },
    user_limit: { type: 'integer', minimum: 0, maximum: 10000000 },
    products: {
      type: 'object',
      maxProperties: 500,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { enabled: { type: 'boolean' } },
        required: ['enabled'],
      },
    },
  },
} as const;
