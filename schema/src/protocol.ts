// What the gateway and the platform agree on over HTTP, beyond the REST contract.

/** The header in which the gateway forwards the address of its own client to the platform. */
export const CLIENT_IP_HEADER = 'x-meridian-client-ip';

// An incoming request id is kept only when it is short and plain, so it cannot inject into logs,
// headers or the audit trail.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request's id: the caller's x-request-id when acceptable, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE_REQUEST_ID.test(value) ? value : globalThis.crypto.randomUUID();
}

/**
 * Fastify's `trustProxy` for a server whose every connection comes through one proxy, nginx
 * (TRUST_PROXY=true): the peer (hop 0) is trusted, no address it forwards is, so `request.ip` is the
 * X-Forwarded-For entry nginx appended, never one the client wrote before it. (`trustProxy: true`
 * would take the first entry, the client's own; a hop count Fastify refuses to apply at all.)
 */
export const behindOneProxy = (_address: string, hop: number): boolean => hop === 0;

/**
 * HSTS on every answer served over https (issue 39 §2): browsers then refuse plain http to the host and
 * its subdomains for two years. Browsers ignore it on plain http, where it is not sent.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The header naming the replica that answered (REPLICA_NAME, else the host's name: platform-1,
 * gateway-2); nginx passes it on, never an address of its own.
 */
export const REPLICA_HEADER = 'x-meridian-replica';
