import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, requestIdFrom } from '@meridian/schema';
import { anonymousActor, type AuditOrigin, type AuditSource } from '../domain/audit.js';
import type { Guard, ServiceCaller } from '../domain/caller.js';
import { authorize } from './access.js';
import type { Principal } from './auth.js';

// What a route reads of its request besides its body: who calls, and where from (for the audit trail).

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without an access token (login, public password calls, the OpenAPI document). */
    public?: boolean;
  }
}

/** The signed-in caller of a route that is not public (set by the onRequest hook). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf called on a public route');
  return request.principal;
}

/** The gateway's x-request-id when acceptable (schema's rule), else a new one: Fastify's request.id and the log's reqId. */
export function requestIdOf(req: IncomingMessage): string {
  return requestIdFrom(req.headers['x-request-id']);
}

/**
 * Where a request came from, for the audit trail. The REST API is internal, reached only by the
 * gateway, so the client address the gateway forwards is taken as is (when it is an IP address); a
 * call without it (a test, a tool on the internal network) is recorded with its own address (behind
 * nginx, the X-Forwarded-For entry nginx appended: Fastify's trustProxy, app.ts).
 */
export function originOf(request: FastifyRequest): AuditOrigin {
  const header = request.headers[CLIENT_IP_HEADER];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.trim();
  return { requestId: request.id, clientIp: forwarded && isIP(forwarded) ? forwarded : request.ip };
}

/** The actor and origin of a request's audit events: its principal, or anonymous naming `email`. */
export function auditSourceOf(request: FastifyRequest, anonymousEmail?: string): AuditSource {
  const principal = request.principal;
  const actor = principal
    ? { id: principal.subject, kind: principal.kind, role: principal.role, organizationId: principal.organizationId }
    : anonymousActor(anonymousEmail ?? 'anonymous');
  return { actor, origin: originOf(request) };
}

/** The caller's permission check, for a service that must read a record before it can be made. */
export function guardOf(request: FastifyRequest): Guard {
  const principal = principalOf(request);
  return (operation, target) => authorize(principal, operation, target);
}

/** The caller as services that change records take them: who, their permission check, their audit source. */
export function callerOf(request: FastifyRequest): ServiceCaller {
  return { caller: principalOf(request), guard: guardOf(request), source: auditSourceOf(request) };
}
