import { randomUUID } from 'node:crypto';

// An incoming id is kept only when it is short and plain, so it cannot inject into logs or headers.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's x-request-id when acceptable, else a new UUID; echoed back. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE.test(value) ? value : randomUUID();
}
