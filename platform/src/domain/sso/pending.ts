import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import {
  answerSsoPending,
  findSsoPending,
  insertSsoPending,
  takeAnsweredSsoPending,
  type SsoConnectionRow,
  type SsoPendingRow,
} from '../../stores/sso.js';
import type { SecretSealer } from '../secrets/sealed-secrets.js';
import {
  idpOf,
  oidcRedirectUri,
  oidcSettingsOf,
  serviceProviderOf,
  transportOf,
  type SsoConfig,
} from './connections.js';
import { newOidcRequest, oidcAuthorizationUrl } from './oidc.js';
import { samlAuthorizeUrl } from './saml.js';
import type { VerifiedIdentity } from './types.js';

// The sign-ins sent to an organization's identity provider and waiting for its answer (sso_pending):
// a person's, from the sign-in pages (oidc/sso-pages.ts), and an operator's test (test-sign-in.ts).
// Each is sent the same way and remembered under a new random state with what the answer must match
// (PKCE verifier and nonce for OIDC, the AuthnRequest's id for SAML); any replica takes the answer.

/** Whose sign-in is sent: a person's, in the provider's interaction, or an operator's test. */
export type PendingFor =
  { purpose: 'sign-in'; interactionUid: string; email: string } | { purpose: 'test'; startedBy: string };

/**
 * Sends a sign-in to the connection's provider: its URL for the browser, and the state the answer must
 * bring back, remembered until `expiresAt`. Null when the connection's client secret cannot be read
 * (sealed under a key no longer configured): each caller says so in its own words. A provider that
 * cannot be reached is an SsoRefusal.
 */
export async function sendToProvider(
  db: Queryable,
  sealer: SecretSealer,
  config: SsoConfig,
  connection: SsoConnectionRow,
  pendingFor: PendingFor,
  expiresAt: Date,
): Promise<{ url: string; state: string } | null> {
  const base = {
    purpose: pendingFor.purpose,
    interaction_uid: pendingFor.purpose === 'sign-in' ? pendingFor.interactionUid : null,
    started_by: pendingFor.purpose === 'test' ? pendingFor.startedBy : null,
    email: pendingFor.purpose === 'sign-in' ? pendingFor.email : null,
    organization_id: connection.organization_id,
    protocol: connection.protocol,
    expires_at: expiresAt,
  };
  if (connection.protocol === 'oidc') {
    const settings = await oidcSettingsOf(sealer, connection);
    if (!settings) return null;
    const request = newOidcRequest();
    // The typed email as login_hint: the provider need not ask for it again (a test has none).
    const url = await oidcAuthorizationUrl(
      settings,
      oidcRedirectUri(config),
      request,
      transportOf(config),
      base.email ?? undefined,
    );
    await insertSsoPending(db, {
      ...base,
      state: request.state,
      code_verifier: request.codeVerifier,
      nonce: request.nonce,
      request_id: null,
    });
    return { url, state: request.state };
  }
  const state = randomBytes(24).toString('base64url');
  const sp = serviceProviderOf(config, connection.organization_id);
  const { url, requestId } = await samlAuthorizeUrl(db, idpOf(connection), sp, state);
  await insertSsoPending(db, { ...base, state, code_verifier: null, nonce: null, request_id: requestId });
  return { url, state };
}

/**
 * The sign-in waiting under `state` for an answer by `protocol` (from `organizationId`'s provider, when
 * the answer's URL names it): undefined when there is none, it expired, it was answered, or the answer
 * came by another way than it was sent.
 */
export async function awaitingAnswer(
  db: Queryable,
  state: string,
  protocol: SsoPendingRow['protocol'],
  organizationId?: string,
): Promise<SsoPendingRow | undefined> {
  const pending = state ? await findSsoPending(db, state, new Date()) : undefined;
  if (!pending || pending.protocol !== protocol) return undefined;
  if (organizationId !== undefined && pending.organization_id !== organizationId) return undefined;
  return pending;
}

/** Keeps the identity the provider vouched for with its state; false when another request answered first. */
export const recordAnswer = (db: Queryable, state: string, identity: VerifiedIdentity) =>
  answerSsoPending(db, state, identity);

/**
 * Takes, once, the answered sign-in of the interaction `interactionUid` (only its cookie holder gets
 * here), with the identity it kept; undefined when there is none or it expired.
 */
export async function takeAnswered(
  db: Queryable,
  state: string,
  interactionUid: string,
): Promise<{ pending: SsoPendingRow; identity: VerifiedIdentity } | undefined> {
  const pending = await takeAnsweredSsoPending(db, state, interactionUid, new Date());
  return pending ? { pending, identity: pending.identity as VerifiedIdentity } : undefined;
}
