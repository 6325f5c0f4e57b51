import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@meridian/schema';

/**
 * An error with the body shape of decisions.md "REST details": validation → {message, details},
 * conflicts → {conflicts: [{message}]} (409), other refusals → {message}.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

export interface FieldProblem {
  msg: string;
  param: string;
}

export const VALIDATION_MESSAGE = 'The request has invalid fields.';

export function validationError(details: FieldProblem[]): HttpError {
  return new HttpError(400, { message: VALIDATION_MESSAGE, details });
}

/** Throws a validation error for every field whose validator returned a message. */
export function assertValid(checks: { param: string; msg: string | null }[]): void {
  const problems = checks.filter((c): c is FieldProblem => c.msg !== null);
  if (problems.length > 0) throw validationError(problems);
}

/** A 409; `param` names the field whose value conflicts (an id or email already taken), when one does. */
export const conflict = (message: string, param?: string) =>
  new HttpError(409, { conflicts: [param ? { message, param } : { message }] });
export const forbidden = (message: string = MESSAGES.permissionDenied) => new HttpError(403, { message });
export const notFound = (what: string) => new HttpError(404, { message: `${what} not found.` });
export const unauthorized = (message: string) => new HttpError(401, { message });
export const badRequest = (message: string) => new HttpError(400, { message });

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

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.status(error.status).send(error.body);
    return;
  }
  if (error.validation) {
    void reply.status(400).send({ message: VALIDATION_MESSAGE, details: schemaProblems(error) });
    return;
  }
  if (error.statusCode && error.statusCode < 500) {
    void reply.status(error.statusCode).send({ message: error.message });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.status(500).send({ message: MESSAGES.defaultToastError });
}
