import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { beginSecondStep } from '../domain/mfa/second-step.js';
import { recordSignIn } from '../domain/login.js';
import {
  findSsoConnection,
  idpOf,
  oidcRedirectUri,
  oidcSettingsOf,
  serviceProviderOf,
  transportOf,
} from '../domain/sso/connections.js';
import { newOidcRequest, oidcAuthorizationUrl, oidcIdentity } from '../domain/sso/oidc.js';
import { samlAuthorizeUrl, samlIdentity, serviceProviderMetadata } from '../domain/sso/saml.js';
import { acceptIdentity, auditSsoFailure, providerFactorCounts } from '../domain/sso/sign-in.js';
import { recordTestAnswer, testResultUrl } from '../domain/sso/test-sign-in.js';
import { SsoRefusal, type IdpReturned, type VerifiedIdentity } from '../domain/sso/types.js';
import { findOrganization } from '../domain/organizations.js';
import { answerSsoPending, findSsoPending, insertSsoPending, takeAnsweredSsoPending } from '../domain/sso/pending.js';
import type { SsoConnectionRow, SsoPendingRow } from '../stores/sso.js';
import { originOf, readForm, seeOther, sendHtml, tooLarge } from './http.js';
import { noticePage } from './login-page.js';
import type { Interaction, StepContext } from './second-factor.js';

/** A SAML response with its signatures and certificates runs to tens of kilobytes; none is larger. */
const MAX_SAML_FORM_BYTES = 512 * 1024;

/** The paths this file answers outside an interaction: the OIDC callback and each organization's SAML endpoints. */
const OIDC_CALLBACK = /^\/sso\/oidc\/callback$/;
const SAML_ENDPOINT = /^\/sso\/saml\/([^/]{1,200})\/(acs|metadata)$/;

const decodedSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The organization's people as the pages name them: "Acme Health's sign-in". */
const organizationNameOf = async (context: StepContext, organizationId: string) =>
  (await findOrganization(context.db, organizationId))?.name ?? 'your organization';

/**
 * Sign-in through a customer organization's identity provider (issue 30), at the provider's pages:
 *
 * 1. start (POST /interaction/:uid/sso, or the first step's redirect): a pending sign-in under a new
 *    random state (PKCE verifier and nonce for OIDC, the AuthnRequest's id for SAML), then off to the
 *    customer's provider;
 * 2. its answer comes back to /sso/oidc/callback (GET) or /sso/saml/:org/acs (POST, cross-site): the
 *    answer is verified there by openid-client or node-saml and the identity kept with the state,
 *    once. Those URLs are outside the interaction's cookie path, so they cannot finish the sign-in:
 * 3. the browser goes on to /interaction/:uid/sso/complete, where only the holder of that
 *    interaction's cookie may take the identity and finish: the sign-in rules (domain/sso/sign-in.ts),
 *    then a second factor when the organization requires one the provider did not vouch for.
 *
 * All state is in PostgreSQL (sso_pending, sso_saml_requests): any replica answers any step.
 */
export function ssoHandlers(context: StepContext) {
  const { provider, db, config } = context;
  const transport = transportOf(config);

  const refusedPage = (res: ServerResponse, message: string, status = 403) =>
    sendHtml(
      res,
      status,
      noticePage({
        productName: config.productName,
        title: 'Sign-in refused',
        message,
        link: { href: config.consoleUrl, text: `Return to ${config.productName}` },
        alert: true,
      }),
    );

  /** Sends the person to their organization's provider, remembering what its answer must match. */
  const start = async (
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    connection: SsoConnectionRow,
    email: string,
  ) => {
    const expiresAt = new Date(interaction.exp * 1000);
    const base = {
      purpose: 'sign-in' as const,
      interaction_uid: interaction.uid,
      started_by: null,
      email,
      organization_id: connection.organization_id,
      protocol: connection.protocol,
      expires_at: expiresAt,
    };
    try {
      if (connection.protocol === 'oidc') {
        const settings = await oidcSettingsOf(context.sealer, connection);
        if (!settings)
          return refusedPage(
            res,
            `The sign-in settings of ${await organizationNameOf(context, connection.organization_id)} cannot be read. Ask your administrator to enter the client secret again.`,
            503,
          );
        const request = newOidcRequest();
        const url = await oidcAuthorizationUrl(settings, oidcRedirectUri(config), request, transport, email);
        await insertSsoPending(db, {
          ...base,
          state: request.state,
          code_verifier: request.codeVerifier,
          nonce: request.nonce,
          request_id: null,
        });
        return seeOther(res, url);
      }
      const state = randomBytes(24).toString('base64url');
      const sp = serviceProviderOf(config, connection.organization_id);
      const { url, requestId } = await samlAuthorizeUrl(db, idpOf(connection), sp, state);
      await insertSsoPending(db, { ...base, state, code_verifier: null, nonce: null, request_id: requestId });
      return seeOther(res, url);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      await auditSsoFailure(db, connection, originOf(provider, req, res), email, error.failure);
      return refusedPage(res, error.message, 502);
    }
  };

  /**
   * A provider's answer that did not verify, or its refusal: a failed sign-in in the trail (with the
   * provider's reason), and the page that says why. A test sign-in's is its result instead.
   */
  const refused = async (req: IncomingMessage, res: ServerResponse, pending: SsoPendingRow, error: SsoRefusal) => {
    const connection = await findSsoConnection(db, pending.organization_id);
    if (pending.purpose === 'test') return testAnswered(res, pending, { ok: false, refusal: error });
    if (connection) await auditSsoFailure(db, connection, originOf(provider, req, res), pending.email, error.failure);
    return refusedPage(res, error.message);
  };

  /** A test sign-in's answer: kept for the operator who started it, who reads it in the console. Nobody signs in. */
  const testAnswered = async (
    res: ServerResponse,
    pending: SsoPendingRow,
    answer: { ok: true; identity: VerifiedIdentity; returned: IdpReturned } | { ok: false; refusal: SsoRefusal },
  ) => {
    const connection = await findSsoConnection(db, pending.organization_id);
    if (!connection || connection.protocol !== pending.protocol)
      return refusedPage(
        res,
        'This organization’s single sign-on has changed since the test began. Start the test again.',
        400,
      );
    if (!(await recordTestAnswer(db, config, connection, pending, answer)))
      return refusedPage(res, 'This test sign-in was already answered. Start the test again from the console.', 400);
    seeOther(res, testResultUrl(config, pending));
  };

  /** Keeps the verified identity with its state, then on to the interaction's own page to finish. */
  const answered = async (res: ServerResponse, state: string, interactionUid: string, identity: VerifiedIdentity) => {
    if (!(await answerSsoPending(db, state, identity)))
      return refusedPage(res, 'This sign-in was already answered. Return to the console and sign in again.', 400);
    const complete = new URL(`${context.path(interactionUid)}/sso/complete`, config.issuer);
    complete.searchParams.set('state', state);
    seeOther(res, complete.href);
  };

  const expiredAnswer = (res: ServerResponse) =>
    refusedPage(
      res,
      'This answer from your organization’s identity provider does not belong to a sign-in in progress (it expired, was already used, or was started elsewhere). Return to the console and sign in again.',
      400,
    );

  const oidcCallback = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const state = url.searchParams.get('state') ?? '';
    const pending = state ? await findSsoPending(db, state, new Date()) : undefined;
    if (!pending || pending.protocol !== 'oidc') return expiredAnswer(res);
    const connection = await findSsoConnection(db, pending.organization_id);
    const settings = connection?.protocol === 'oidc' ? await oidcSettingsOf(context.sealer, connection) : null;
    if (!settings) return refusedPage(res, 'This organization’s single sign-on has changed. Sign in again.', 400);
    try {
      const request = { state, nonce: pending.nonce!, codeVerifier: pending.code_verifier! };
      const { identity, returned } = await oidcIdentity(settings, oidcRedirectUri(config), url, request, transport);
      if (pending.purpose === 'test') return testAnswered(res, pending, { ok: true, identity, returned });
      return answered(res, state, pending.interaction_uid!, identity);
    } catch (error) {
      if (error instanceof SsoRefusal) return refused(req, res, pending, error);
      throw error;
    }
  };

  const samlAcs = async (req: IncomingMessage, res: ServerResponse, organizationId: string) => {
    const form = await readForm(req, MAX_SAML_FORM_BYTES);
    if (!form) return tooLarge(res);
    const state = form.get('RelayState') ?? '';
    const pending = state ? await findSsoPending(db, state, new Date()) : undefined;
    if (!pending || pending.protocol !== 'saml' || pending.organization_id !== organizationId)
      return expiredAnswer(res);
    const connection = await findSsoConnection(db, organizationId);
    if (connection?.protocol !== 'saml')
      return refusedPage(res, 'This organization’s single sign-on has changed. Sign in again.', 400);
    try {
      const identity = await samlIdentity(db, idpOf(connection), serviceProviderOf(config, organizationId), {
        SAMLResponse: form.get('SAMLResponse') ?? undefined,
        RelayState: state,
      });
      // The response must answer this very sign-in's request, not another one of ours.
      if (identity.inResponseTo !== pending.request_id) return expiredAnswer(res);
      if (pending.purpose === 'test')
        return testAnswered(res, pending, { ok: true, identity: identity.identity, returned: identity.returned });
      return answered(res, state, pending.interaction_uid!, identity.identity);
    } catch (error) {
      if (error instanceof SsoRefusal) return refused(req, res, pending, error);
      throw error;
    }
  };

  const samlMetadata = async (res: ServerResponse, organizationId: string) => {
    if (!(await findOrganization(db, organizationId))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No such organization.');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(serviceProviderMetadata(serviceProviderOf(config, organizationId)));
  };

  /** The interaction's holder takes the identity its provider vouched for, and is signed in (or told why not). */
  const complete = async (req: IncomingMessage, res: ServerResponse, interaction: Interaction) => {
    const state = new URL(req.url ?? '/', 'http://local').searchParams.get('state') ?? '';
    const pending = await takeAnsweredSsoPending(db, state, interaction.uid, new Date());
    const connection = pending ? await findSsoConnection(db, pending.organization_id) : undefined;
    if (!pending || !connection) return expiredAnswer(res);
    const identity = pending.identity as VerifiedIdentity;
    const origin = originOf(provider, req, res);
    const accepted = await acceptIdentity(db, config, connection, identity, origin);
    if (!accepted.ok) return refusedPage(res, accepted.message);
    // The provider's second factor counts only when it says one was used and the organization trusts
    // its word (trustIdpMfa); otherwise Meridian's own is asked for wherever one is required.
    const vouched = providerFactorCounts(connection, identity);
    if (!vouched) {
      const expiresAt = new Date(interaction.exp * 1000);
      const step = await beginSecondStep(db, config, accepted.user, interaction.uid, expiresAt, 'fed');
      if (step !== 'none') return seeOther(res, `${context.path(interaction.uid)}/mfa`);
    }
    const methods = vouched ? ['fed', 'mfa'] : ['fed'];
    await recordSignIn(db, origin, accepted.user, methods);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: accepted.user.email, amr: methods } },
      { mergeWithLastSubmission: false },
    );
  };

  /** The customer provider's answers and our SAML metadata: false for any other path. */
  const handleOutside = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', config.issuer);
    if (OIDC_CALLBACK.test(url.pathname)) {
      if (req.method !== 'GET') res.writeHead(405, { allow: 'GET' }).end();
      else await oidcCallback(req, res, url);
      return true;
    }
    const saml = SAML_ENDPOINT.exec(url.pathname);
    if (!saml) return false;
    const [, encodedId = '', endpoint] = saml;
    const organizationId = decodedSegment(encodedId);
    if (organizationId === null) return false;
    const method = endpoint === 'acs' ? 'POST' : 'GET';
    if (req.method !== method) res.writeHead(405, { allow: method }).end();
    else if (endpoint === 'acs') await samlAcs(req, res, organizationId);
    else await samlMetadata(res, organizationId);
    return true;
  };

  return { start, complete, handleOutside };
}
