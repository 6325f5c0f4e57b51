import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A GraphQL response carrying one error: how the gateway answers what it refuses before execution. */
export function errorBody(message: string, code: string, extensions: Record<string, unknown> = {}) {
  return { errors: [{ message, extensions: { code, ...extensions } }] };
}

export function sendJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type(JSON_CONTENT_TYPE).send(JSON.stringify(body));
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: string,
  headers: Record<string, string> = {},
  extensions: Record<string, unknown> = {},
) {
  return sendJson(reply, status, errorBody(message, code, extensions), headers);
}
