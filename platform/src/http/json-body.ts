import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '@meridian/schema';

/** The code of the refusal of a body nested too deep (errors.ts and SCIM say it in their words). */
export const JSON_TOO_DEEP = 'MERIDIAN_JSON_TOO_DEEP';

/** A JSON body nested past MAX_JSON_DEPTH: refused before it is parsed, as Fastify refuses bad JSON. */
export class JsonTooDeep extends Error {
  readonly statusCode = 400;
  readonly code = JSON_TOO_DEEP;
  constructor() {
    super(JSON_TOO_DEEP_MESSAGE);
    this.name = 'JsonTooDeep';
  }
}

/**
 * `parse` (Fastify's own JSON parser, keeping its refusal of __proto__ and constructor keys) behind the
 * depth limit: the text is scanned once before parsing, so nothing that walks the value afterwards
 * (schema validation, the control-character check) can recurse past the stack.
 */
export function depthLimited(parse: FastifyBodyParser<string>): FastifyBodyParser<string> {
  return function parseWithinDepth(this: FastifyInstance, request, body, done) {
    if (jsonNestsDeeperThan(body)) {
      done(new JsonTooDeep());
      return;
    }
    return parse.call(this, request, body, done);
  };
}

/** The REST API's JSON parser: Fastify's, depth-limited. */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthLimited(parse));
}
