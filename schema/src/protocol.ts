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
