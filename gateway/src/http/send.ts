import type { ServerResponse } from 'node:http';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A GraphQL response carrying one error: how the gateway answers what it refuses before execution. */
export function errorBody(message: string, code: string, extensions: Record<string, unknown> = {}) {
  return { errors: [{ message, extensions: { code, ...extensions } }] };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': JSON_CONTENT_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string,
  headers: Record<string, string> = {},
  extensions: Record<string, unknown> = {},
): void {
  sendJson(res, status, errorBody(message, code, extensions), headers);
}
