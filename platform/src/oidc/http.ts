import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '@meridian/schema';
import { requestIdOf } from '../http/request.js';
import type { AuditOrigin } from '../domain/audit.js';
import { pageSecurityPolicy } from './login-page.js';

// What the provider's own pages (sign-in steps, account security, assets) share of HTTP.

const MAX_FORM_BYTES = 16 * 1024;
/** A WebAuthn answer is a few kilobytes; nothing the pages post is larger. */
const MAX_JSON_BYTES = 64 * 1024;

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': pageSecurityPolicy(),
  });
  res.end(html);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...PAGE_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** A redirect after a post (303: the browser follows with GET). */
export function seeOther(res: ServerResponse, location: string): void {
  res.writeHead(303, { ...PAGE_HEADERS, location }).end();
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The posted form's fields; null when the body is larger than `limit` (any of our own forms by default). */
export async function readForm(req: IncomingMessage, limit = MAX_FORM_BYTES): Promise<URLSearchParams | null> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  const body = await readBody(req, limit);
  return body === null ? null : new URLSearchParams(body);
}

/** A posted JSON object, or why it cannot be read (in words for the page's script to show). */
export type JsonBody = { value: Record<string, unknown> } | { refused: string };

/** The posted JSON object; refused when it is too large, too deep, not JSON or not an object. */
export async function readJson(req: IncomingMessage): Promise<JsonBody> {
  const notJson = { refused: 'Send a JSON object (Content-Type: application/json).' };
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return notJson;
  const body = await readBody(req, MAX_JSON_BYTES);
  if (body === null) return { refused: `The body is larger than ${MAX_JSON_BYTES / 1024} kB.` };
  if (jsonNestsDeeperThan(body)) return { refused: JSON_TOO_DEEP_MESSAGE };
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? { value: value as Record<string, unknown> }
      : notJson;
  } catch {
    return notJson;
  }
}

export const tooLarge = (res: ServerResponse) => void res.writeHead(413, { connection: 'close' }).end();

/**
 * Where a sign-in attempt came from, for the audit trail: the provider's own (Koa's) reading of the
 * request, which behind nginx takes the X-Forwarded-For entry nginx appended (provider.ts).
 */
export function originOf(provider: Provider, req: IncomingMessage, res: ServerResponse): AuditOrigin {
  return { requestId: requestIdOf(req), clientIp: provider.createContext(req, res).ip || null };
}

/**
 * A state-changing request from one of our own pages: the browser says where it was sent from (every
 * current browser sends Origin with a POST and with fetch), and it must be the provider itself. With
 * the cookies' SameSite=Lax this keeps other sites from posting on a signed-in person's behalf.
 */
export function fromOwnPage(req: IncomingMessage, issuer: string): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origin === new URL(issuer).origin;
}
