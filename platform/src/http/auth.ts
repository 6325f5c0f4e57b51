import type { FastifyRequest } from 'fastify';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { DEFAULT_ROLE, MESSAGES, isRole, personMayWork, sessionEndedMessageOf, type Role } from '@meridian/schema';
import type { Queryable } from '../db/database.js';
import { findUserStanding } from '../domain/users.js';
import { forbidden, unauthorized } from './errors.js';

/** Who is calling: a signed-in user, or an internal tool acting as the role of its client. */
export interface Principal {
  kind: 'user' | 'client';
  /** The user's email, or the client id. */
  subject: string;
  role: Role;
  organizationId: string;
  /** The sign-in session of a user's token (its `sid`); client-credentials tokens have none. */
  sessionId?: string;
}

export interface TokenVerifier {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}

// Asymmetric algorithms only: an HMAC token "signed" with the public key must never verify.
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/** Verifies the Bearer access token and loads the user it names; throws 401/403 in words. */
export async function authenticate(
  request: FastifyRequest,
  verifier: TokenVerifier,
  db: Queryable,
): Promise<Principal> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header) : null;
  if (!match) throw unauthorized('A Bearer access token is required.');
  let payload;
  try {
    ({ payload } = await jwtVerify(match[1]!, verifier.keys, {
      issuer: verifier.issuer,
      audience: verifier.audience,
      algorithms: ALGORITHMS,
      clockTolerance: 5,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch {
    throw unauthorized('The access token is invalid or expired.');
  }
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (!scopes.includes('api_access')) throw forbidden('The access token lacks the api_access scope.');

  // Client-credentials tokens carry the role and organization configured for their client.
  if (typeof payload.client_role === 'string') {
    if (!isRole(payload.client_role) || typeof payload.client_org !== 'string')
      throw unauthorized('The access token is invalid or expired.');
    return {
      kind: 'client',
      subject: typeof payload.client_id === 'string' ? payload.client_id : String(payload.sub),
      role: payload.client_role,
      organizationId: payload.client_org,
    };
  }

  const email = String(payload.sub).toLowerCase();
  const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
  const user = await findUserStanding(db, email, sessionId ?? null);
  if (!user) throw forbidden(MESSAGES.userMissing);
  // A person whose organization is not active (before activation, from the start of offboarding) is
  // refused as a deactivated one is; operators never are (schema's personMayWork).
  if (!user.active || !personMayWork(user.role, user.organization_status)) throw unauthorized(MESSAGES.inactiveUser);
  // Ended (signed out, revoked, or by deactivation or a reset): refused at once, not when the token
  // expires, in words that say why ("An administrator signed you out").
  if (user.session_ended) throw unauthorized(sessionEndedMessageOf(user.session_end_reason));
  return {
    kind: 'user',
    subject: email,
    role: isRole(user.role) ? user.role : DEFAULT_ROLE,
    organizationId: user.organization_id,
    ...(sessionId === undefined ? {} : { sessionId }),
  };
}
