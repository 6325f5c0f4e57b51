import type { FastifyInstance } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '@meridian/schema';

/** Fastify's error for a body in a charset other than utf-8 (the only one GraphQL over HTTP uses). */
export class UnsupportedCharset extends Error {
  readonly statusCode = 415;
  constructor(charset: string) {
    super(`Unsupported charset ${charset}: send utf-8.`);
    this.name = 'UnsupportedCharset';
  }
}

/** Fastify's error for a JSON body that does not parse, or nests past MAX_JSON_DEPTH. */
export class InvalidJson extends Error {
  readonly statusCode = 400;
  constructor(message = 'The request body is not valid JSON.') {
    super(message);
    this.name = 'InvalidJson';
  }
}

/**
 * Whether a GET request's JSON parameters (variables, extensions: Apollo parses them) nest past
 * MAX_JSON_DEPTH. GraphQL's variable coercion recurses, and 20,000 levels ran it out of stack (a 500).
 */
export function queryJsonTooDeep(url: string): boolean {
  const at = url.indexOf('?');
  if (at === -1) return false;
  const search = new URLSearchParams(url.slice(at + 1));
  return ['variables', 'extensions'].some((name) => jsonNestsDeeperThan(search.get(name) ?? ''));
}

export const tooDeep = () => new InvalidJson(JSON_TOO_DEEP_MESSAGE);

function charsetOf(contentType: string | undefined): string | undefined {
  // Most bodies say plain `application/json`: no parameters to read.
  if (!contentType?.includes(';')) return undefined;
  return contentType
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
}

/**
 * How /graphql reads bodies (within Fastify's bodyLimit): JSON in utf-8, parsed; any other type as its
 * text, which Apollo then refuses in words (CSRF prevention for the simple types, else a 400).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return done(new UnsupportedCharset(charset));
    // Read before parsing: the variables' coercion recurses, and 20,000 levels ran it out of stack.
    if (jsonNestsDeeperThan(text as string)) return done(tooDeep());
    try {
      done(null, JSON.parse(text as string) as unknown);
    } catch {
      done(new InvalidJson());
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, text, done) => done(null, text));
}
