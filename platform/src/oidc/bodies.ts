import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '@meridian/schema';

// How the pages' posts are read: by Fastify, in the pages' own context only (routes.ts), so that the
// provider's endpoints get their bodies unread.

export const MAX_FORM_BYTES = 16 * 1024;
/** A WebAuthn answer is a few kilobytes; nothing the pages post is larger. */
export const MAX_JSON_BYTES = 64 * 1024;

const NOT_JSON = 'Send a JSON object (Content-Type: application/json).';

/** A posted JSON object, or why it cannot be read (in words for the page's script to show). */
export type JsonBody = { value: Record<string, unknown> } | { refused: string };

/** The JSON object of `text`; refused when it is too deep, not JSON or not an object. */
export function jsonBodyOf(text: string): JsonBody {
  if (jsonNestsDeeperThan(text)) return { refused: JSON_TOO_DEEP_MESSAGE };
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? { value: value as Record<string, unknown> }
      : { refused: NOT_JSON };
  } catch {
    return { refused: NOT_JSON };
  }
}

/**
 * Forms as URLSearchParams (first value of a repeated field, as the handlers read them), JSON as a
 * JsonBody the handler refuses in its own words and at its own turn (after its Origin check), anything
 * else as no body. Past the limits (a route may give a larger one): 413.
 */
export async function registerPageBodies(app: FastifyInstance): Promise<void> {
  // URLSearchParams, not formbody's default object: its typings say an object, formOf reads what this gives.
  const parser = (text: string) => new URLSearchParams(text) as unknown as Record<string, unknown>;
  await app.register(formbody, { bodyLimit: MAX_FORM_BYTES, parser });
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_JSON_BYTES },
    (_request, text, done) => done(null, jsonBodyOf(text as string)),
  );
}

/** The posted form's fields (none when the post was not a form). */
export const formOf = (request: FastifyRequest): URLSearchParams =>
  request.body instanceof URLSearchParams ? request.body : new URLSearchParams();

/** The posted JSON object, or why it cannot be read (also when the post was not JSON). */
export const jsonOf = (request: FastifyRequest): JsonBody =>
  (request.body as JsonBody | undefined) ?? { refused: NOT_JSON };
