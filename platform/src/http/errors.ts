import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, MESSAGES } from '@meridian/schema';
import { JSON_TOO_DEEP } from './json-body.js';
import { logRequest } from './request-log.js';
import { DomainError, VALIDATION_MESSAGE, type DomainErrorKind, type FieldProblem } from '../domain/errors.js';

// The refusals are the domain's (domain/errors.ts); re-exported for the HTTP layer's own checks.
export {
  VALIDATION_MESSAGE,
  assertValid,
  badRequest,
  conflict,
  featureUnavailable,
  forbidden,
  notFound,
  unauthorized,
  validationError,
  type FieldProblem,
} from '../domain/errors.js';

/** The one place a domain refusal becomes a status code; the body is the error's own. */
export const STATUS_OF: Readonly<Record<DomainErrorKind, number>> = {
  invalidFields: 400,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  featureUnavailable: 403,
  notFound: 404,
  conflict: 409,
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

/** An ajv error in words a person reads after the field's name (never ajv's own sentence). */
export function schemaErrorWords(keyword: string, params: Record<string, unknown>): string {
  const limit = Number(params.limit);
  switch (keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `Must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}`;
    }
    case 'minLength':
      return limit === 1 ? 'Must not be empty' : `Must be at least ${limit} characters`;
    case 'maxLength':
      return `Must be at most ${limit} characters`;
    case 'minimum':
      return `Must be ${limit} or more`;
    case 'maximum':
      return `Must be ${limit} or less`;
    case 'minItems':
      return `Must have at least ${limit} ${limit === 1 ? 'entry' : 'entries'}`;
    case 'maxItems':
      return `Must have at most ${limit} entries`;
    case 'enum':
      return `Must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'minProperties':
      return 'Must name at least one field to change';
    case 'pattern':
    case 'format':
      return 'Is not in the expected format';
    default:
      return 'Is not valid';
  }
}

/** Fastify's schema errors in our shape, each naming the field in words. */
function schemaProblems(error: FastifyError): FieldProblem[] {
  return (error.validation ?? []).map((item) => {
    const params = item.params;
    const base = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (item.keyword === 'required') {
      const param = [base, String(params.missingProperty)].filter(Boolean).join('.');
      return { param, msg: 'A value is required' };
    }
    if (item.keyword === 'additionalProperties') {
      const param = [base, String(params.additionalProperty)].filter(Boolean).join('.');
      return { param, msg: 'This field is not allowed' };
    }
    const where = error.validationContext === 'body' ? base : [error.validationContext, base].filter(Boolean).join('.');
    return { param: where || String(error.validationContext ?? 'body'), msg: schemaErrorWords(item.keyword, params) };
  });
}

/**
 * The longest path parameter the router takes: an email (254 characters) percent-encoded stays under
 * it, so a long value reaches the route's schema and is named there; past it the router refuses.
 */
export const MAX_PARAM_LENGTH = 1024;

/** Fastify's own refusals (its body parsers, its router) in our words, by code: never its sentence or code. */
function frameworkWords(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The body is not valid JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The body is empty. Send a JSON object.';
    case JSON_TOO_DEEP:
      return JSON_TOO_DEEP_MESSAGE;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The body is larger than ${Math.round(request.routeOptions.bodyLimit / (1024 * 1024))} MB.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The body is not as long as its Content-Length header says.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `A value in the address is longer than ${MAX_PARAM_LENGTH} characters.`;
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid: part of it is not correctly percent-encoded.';
    default:
      return 'The request could not be read.';
  }
}

/** An unknown route, in our body. */
export const NOT_FOUND_MESSAGE = 'There is no such route. The routes are listed at /openapi.json.';

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send({ message: NOT_FOUND_MESSAGE });
}

/**
 * What the router refuses before a route is found (a bad or too long path parameter): a 400 in our
 * words, 414 URI Too Long for a path value past MAX_PARAM_LENGTH (what it is, and what the gateway
 * turns into its own "too long" words). Fastify's log controller never hears of these answers, so their
 * line is written here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('finish', () => logRequest(request, reply));
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply.status(status).send({ message: frameworkWords(error, request) });
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof DomainError) {
    void reply.status(STATUS_OF[error.kind]).send(error.body);
    return;
  }
  if (error.validation) {
    void reply.status(400).send({ message: VALIDATION_MESSAGE, details: schemaProblems(error) });
    return;
  }
  if (error.statusCode && error.statusCode < 500) {
    void reply.status(error.statusCode).send({ message: frameworkWords(error, request) });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.status(500).send({ message: MESSAGES.defaultToastError });
}
