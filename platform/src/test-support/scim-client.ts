import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestPlatform } from './platform.js';

/**
 * What the SCIM tests share (entra.test.ts, okta.test.ts, isolation.test.ts): a directory's side of
 * the conversation. Tokens are created the way an Org Admin does in the console (the REST route), and
 * requests are sent as a directory sends them: a bearer token and application/scim+json.
 */

export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

const OPERATOR = 'admin@meridian.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isUuid = (value: unknown) => typeof value === 'string' && UUID.test(value);

export interface IssuedToken {
  /** The token's record id (the audit trail names the directory `scim:<id>`). */
  id: string;
  /** The bearer value, shown once. */
  token: string;
}

interface TokenAnswer {
  scimToken: { id: string };
  token: string;
}

async function expectCreated(response: { statusCode: number; body: string; json: () => unknown }, what: string) {
  if (response.statusCode !== 201) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  const { scimToken, token } = response.json() as TokenAnswer;
  return { id: scimToken.id, token };
}

/** A new SCIM token of the organization, created by an operator through the REST API. */
export async function issueScimToken(platform: TestPlatform, organizationId: string, label = 'Directory') {
  const response = await platform.rest.inject({
    method: 'POST',
    url: `/organization/${organizationId}/scim-tokens`,
    headers: await platform.auth(OPERATOR),
    payload: { label },
  });
  return expectCreated(response, `creating a SCIM token of ${organizationId}`);
}

/** Rotates the token: the answer is its successor; the old value stops working. */
export async function rotateScimToken(platform: TestPlatform, organizationId: string, tokenId: string) {
  const response = await platform.rest.inject({
    method: 'POST',
    url: `/organization/${organizationId}/scim-tokens/${tokenId}/rotate`,
    headers: await platform.auth(OPERATOR),
  });
  return expectCreated(response, `rotating SCIM token ${tokenId}`);
}

/** Revokes the token through the REST API. */
export async function revokeScimToken(platform: TestPlatform, organizationId: string, tokenId: string) {
  const response = await platform.rest.inject({
    method: 'DELETE',
    url: `/organization/${organizationId}/scim-tokens/${tokenId}`,
    headers: await platform.auth(OPERATOR),
  });
  if (response.statusCode !== 200) throw new Error(`revoking ${tokenId}: ${response.statusCode} ${response.body}`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A directory holding `token`: `path` is relative to /scim/v2 (query string included, already
 * encoded as the vendor encodes it). Bodies go out as application/scim+json.
 */
export function scimClient(platform: TestPlatform, token: string) {
  const send = (method: Method, path: string, body?: unknown) =>
    platform.rest.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    put: (path: string, body: unknown) => send('PUT', path, body),
    patch: (path: string, body: unknown) => send('PATCH', path, body),
    delete: (path: string) => send('DELETE', path),
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

/** `/Users?filter=…` as a client encodes it (spaces and quotes percent-encoded), with more parameters after it. */
export const usersWhere = (filter: string, more = '') => `/Users?filter=${encodeURIComponent(filter)}${more}`;

/** A PatchOp message of these operations. */
export const patchOp = (...operations: Record<string, unknown>[]) => ({
  schemas: [SCIM.patchOp],
  Operations: operations,
});

/** The users row as the database holds it, to compare before and after a request. */
export async function userRow(platform: TestPlatform, email: string) {
  const { rows } = await platform.db.query<Record<string, unknown>>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0];
}

/** The SCIM id of a user (every user is a resource, console-created ones too). */
export async function scimIdOf(platform: TestPlatform, email: string): Promise<string> {
  const row = await userRow(platform, email);
  if (!row) throw new Error(`no user ${email}`);
  return String(row.scim_id);
}

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}

/** Asserts the answer is SCIM's media type. */
export const expectScimJson = (response: Pick<Answer, 'headers'>) =>
  expect(String(response.headers['content-type'])).toMatch(/^application\/scim\+json/);

/** Asserts an RFC 7644 §3.12 error: the Error schema, the status as a string, the scimType when one applies. */
export function expectScimError(response: Answer, status: number, scimType?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ schemas: [SCIM.error], status: String(status) });
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

/** A live sign-in session of the person (as the provider records one), to see a deactivation end it. */
export async function openSession(platform: TestPlatform, email: string): Promise<string> {
  const sid = `sid-${randomUUID()}`;
  await platform.db.query(
    `INSERT INTO user_sessions (sid, email, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [sid, email],
  );
  return sid;
}

/** When the session ended, or null while it lives. */
export async function sessionRevokedAt(platform: TestPlatform, sid: string) {
  const { rows } = await platform.db.query<{ revoked_at: Date | null }>(
    'SELECT revoked_at FROM user_sessions WHERE sid = $1',
    [sid],
  );
  return rows[0]?.revoked_at ?? null;
}
