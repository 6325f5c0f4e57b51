import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults, Provider } from 'oidc-provider';
import { requestIdOf } from '../http/request.js';
import type { AuditOrigin } from '../domain/audit.js';
import { logFailure } from '../observability/error-log.js';
import { pageSecurityPolicy } from './login-page.js';

// What the provider's own pages (sign-in steps, account security, assets) share of HTTP.

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const FAILURE_MESSAGE = 'Something went wrong on our end.';

export function sendHtml(reply: FastifyReply, status: number, html: string): void {
  void reply
    .code(status)
    .headers({
      ...PAGE_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': pageSecurityPolicy(),
    })
    .send(html);
}

export function sendJson(reply: FastifyReply, status: number, body: unknown): void {
  void reply
    .code(status)
    .headers({ ...PAGE_HEADERS, 'content-type': 'application/json; charset=utf-8' })
    .send(JSON.stringify(body));
}

/** A redirect after a post (303: the browser follows with GET). */
export function seeOther(reply: FastifyReply, location: string): void {
  void reply
    .code(303)
    .headers({ ...PAGE_HEADERS, location })
    .send();
}

/** A page's failure is a bug: printed even when request logs are off, answered in plain words. */
export function answerFailure(res: ServerResponse, error: unknown): void {
  logFailure('Sign-in page failed', error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(FAILURE_MESSAGE);
}

/**
 * The interaction's end: oidc-provider writes its redirect on the raw response, past Fastify (which
 * therefore lets go of the reply first); a failure there is answered here, Fastify no longer can.
 */
export async function finishInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: InteractionResults,
  options?: { mergeWithLastSubmission?: boolean },
): Promise<void> {
  reply.hijack();
  try {
    await provider.interactionFinished(request.raw, reply.raw, result, options);
  } catch (error) {
    answerFailure(reply.raw, error);
  }
}

/**
 * Where a sign-in attempt came from, for the audit trail: the provider's own (Koa's) reading of the
 * request, which behind nginx takes the X-Forwarded-For entry nginx appended (provider.ts).
 */
export function originOf(provider: Provider, request: FastifyRequest, reply: FastifyReply): AuditOrigin {
  return { requestId: requestIdOf(request.raw), clientIp: provider.createContext(request.raw, reply.raw).ip || null };
}

/**
 * A state-changing request from one of our own pages: the browser says where it was sent from (every
 * current browser sends Origin with a POST and with fetch), and it must be the provider itself. With
 * the cookies' SameSite=Lax this keeps other sites from posting on a signed-in person's behalf.
 */
export function fromOwnPage(req: Pick<IncomingMessage, 'headers'>, issuer: string): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origin === new URL(issuer).origin;
}
