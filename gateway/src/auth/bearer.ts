/** What the Authorization header says: nothing (anonymous), a bearer token, or something malformed. */
export type Credentials = { kind: 'anonymous' } | { kind: 'bearer'; token: string } | { kind: 'malformed' };

// A compact JWS: three base64url parts. Anything else in a Bearer header is refused before parsing.
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

export function credentialsOf(header: string | string[] | undefined): Credentials {
  if (header === undefined) return { kind: 'anonymous' };
  if (Array.isArray(header)) return { kind: 'malformed' };
  const match = BEARER.exec(header.trim());
  return match ? { kind: 'bearer', token: match[1]! } : { kind: 'malformed' };
}
