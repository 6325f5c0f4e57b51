import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { oidcIdentity } from '../domain/sso/oidc.js';
import { samlIdentity, serviceProviderMetadata } from '../domain/sso/saml.js';
import { acceptIdentity, auditSsoFailure, providerFactorCounts } from '../domain/sso/sign-in.js';
import { recordTestAnswer, testResultUrl } from '../domain/sso/test-sign-in.js';
import { SsoRefusal, type IdpReturned, type VerifiedIdentity } from '../domain/sso/types.js';
import { findOrganization } from '../domain/organizations.js';
import { awaitingAnswer, recordAnswer, sendToProvider, takeAnswered } from '../domain/sso/pending.js';
import type { SsoConnectionRow, SsoPendingRow } from '../stores/sso.js';
import { formOf } from './bodies.js';
import { finishInteraction, originOf, seeOther, sendHtml } from './http.js';
import { noticePage } from './login-page.js';
import type { InteractionAnswer } from './interactions.js';
import type { Interaction, StepContext } from './second-factor.js';

/** A SAML response with its signatures and certificates runs to tens of kilobytes; none is larger. */
export const MAX_SAML_FORM_BYTES = 512 * 1024;

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

  const refusedPage = (reply: FastifyReply, message: string, status = 403) =>
    sendHtml(
      reply,
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
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    connection: SsoConnectionRow,
    email: string,
  ) => {
    try {
      const sent = await sendToProvider(
        db,
        context.sealer,
        config,
        connection,
        { purpose: 'sign-in', interactionUid: interaction.uid, email },
        new Date(interaction.exp * 1000),
      );
      if (!sent)
        return refusedPage(
          reply,
          `The sign-in settings of ${await organizationNameOf(context, connection.organization_id)} cannot be read. Ask your administrator to enter the client secret again.`,
          503,
        );
      return seeOther(reply, sent.url);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      await auditSsoFailure(db, connection, originOf(provider, request, reply), email, error.failure);
      return refusedPage(reply, error.message, 502);
    }
  };

  /**
   * A provider's answer that did not verify, or its refusal: a failed sign-in in the trail (with the
   * provider's reason), and the page that says why. A test sign-in's is its result instead.
   */
  const refused = async (request: FastifyRequest, reply: FastifyReply, pending: SsoPendingRow, error: SsoRefusal) => {
    const connection = await findSsoConnection(db, pending.organization_id);
    if (pending.purpose === 'test') return testAnswered(reply, pending, { ok: false, refusal: error });
    if (connection)
      await auditSsoFailure(db, connection, originOf(provider, request, reply), pending.email, error.failure);
    return refusedPage(reply, error.message);
  };

  /** A test sign-in's answer: kept for the operator who started it, who reads it in the console. Nobody signs in. */
  const testAnswered = async (
    reply: FastifyReply,
    pending: SsoPendingRow,
    answer: { ok: true; identity: VerifiedIdentity; returned: IdpReturned } | { ok: false; refusal: SsoRefusal },
  ) => {
    const connection = await findSsoConnection(db, pending.organization_id);
    if (!connection || connection.protocol !== pending.protocol)
      return refusedPage(
        reply,
        'This organization’s single sign-on has changed since the test began. Start the test again.',
        400,
      );
    if (!(await recordTestAnswer(db, config, connection, pending, answer)))
      return refusedPage(reply, 'This test sign-in was already answered. Start the test again from the console.', 400);
    seeOther(reply, testResultUrl(config, pending));
  };

  /** Keeps the verified identity with its state, then on to the interaction's own page to finish. */
  const answered = async (reply: FastifyReply, state: string, interactionUid: string, identity: VerifiedIdentity) => {
    if (!(await recordAnswer(db, state, identity)))
      return refusedPage(reply, 'This sign-in was already answered. Return to the console and sign in again.', 400);
    const complete = new URL(`${context.path(interactionUid)}/sso/complete`, config.issuer);
    complete.searchParams.set('state', state);
    seeOther(reply, complete.href);
  };

  const expiredAnswer = (reply: FastifyReply) =>
    refusedPage(
      reply,
      'This answer from your organization’s identity provider does not belong to a sign-in in progress (it expired, was already used, or was started elsewhere). Return to the console and sign in again.',
      400,
    );

  /** GET /sso/oidc/callback: the organization's OpenID provider's answer. */
  const oidcCallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.issuer);
    const state = url.searchParams.get('state') ?? '';
    const pending = await awaitingAnswer(db, state, 'oidc');
    if (!pending) return expiredAnswer(reply);
    const connection = await findSsoConnection(db, pending.organization_id);
    const settings = connection?.protocol === 'oidc' ? await oidcSettingsOf(context.sealer, connection) : null;
    if (!settings) return refusedPage(reply, 'This organization’s single sign-on has changed. Sign in again.', 400);
    try {
      const request = { state, nonce: pending.nonce!, codeVerifier: pending.code_verifier! };
      const { identity, returned } = await oidcIdentity(settings, oidcRedirectUri(config), url, request, transport);
      if (pending.purpose === 'test') return testAnswered(reply, pending, { ok: true, identity, returned });
      return answered(reply, state, pending.interaction_uid!, identity);
    } catch (error) {
      if (error instanceof SsoRefusal) return refused(request, reply, pending, error);
      throw error;
    }
  };

  /** POST /sso/saml/:organizationId/acs: the organization's SAML IdP's answer (routes.ts gives its body limit). */
  const samlAcs = async (request: FastifyRequest<{ Params: OrganizationParams }>, reply: FastifyReply) => {
    const { organizationId } = request.params;
    const form = formOf(request);
    const state = form.get('RelayState') ?? '';
    const pending = await awaitingAnswer(db, state, 'saml', organizationId);
    if (!pending) return expiredAnswer(reply);
    const connection = await findSsoConnection(db, organizationId);
    if (connection?.protocol !== 'saml')
      return refusedPage(reply, 'This organization’s single sign-on has changed. Sign in again.', 400);
    try {
      const identity = await samlIdentity(db, idpOf(connection), serviceProviderOf(config, organizationId), {
        SAMLResponse: form.get('SAMLResponse') ?? undefined,
        RelayState: state,
      });
      // The response must answer this very sign-in's request, not another one of ours.
      if (identity.inResponseTo !== pending.request_id) return expiredAnswer(reply);
      if (pending.purpose === 'test')
        return testAnswered(reply, pending, { ok: true, identity: identity.identity, returned: identity.returned });
      return answered(reply, state, pending.interaction_uid!, identity.identity);
    } catch (error) {
      if (error instanceof SsoRefusal) return refused(request, reply, pending, error);
      throw error;
    }
  };

  /** GET /sso/saml/:organizationId/metadata: our service provider's metadata for the organization's IdP. */
  const samlMetadata = async (request: FastifyRequest<{ Params: OrganizationParams }>, reply: FastifyReply) => {
    const { organizationId } = request.params;
    if (!(await findOrganization(db, organizationId))) {
      void reply.code(404).type('text/plain; charset=utf-8').send('No such organization.');
      return;
    }
    void reply
      .headers({ 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'no-cache' })
      .send(serviceProviderMetadata(serviceProviderOf(config, organizationId)));
  };

  /** The interaction's holder takes the identity its provider vouched for, and is signed in (or told why not). */
  const complete: InteractionAnswer = async (request, reply, interaction) => {
    const state = new URL(request.url, 'http://local').searchParams.get('state') ?? '';
    const answer = await takeAnswered(db, state, interaction.uid);
    const connection = answer ? await findSsoConnection(db, answer.pending.organization_id) : undefined;
    if (!answer || !connection) return expiredAnswer(reply);
    const { identity } = answer;
    const origin = originOf(provider, request, reply);
    const accepted = await acceptIdentity(db, config, connection, identity, origin);
    if (!accepted.ok) return refusedPage(reply, accepted.message);
    // The provider's second factor counts only when it says one was used and the organization trusts
    // its word (trustIdpMfa); otherwise Meridian's own is asked for wherever one is required.
    const vouched = providerFactorCounts(connection, identity);
    if (!vouched) {
      const expiresAt = new Date(interaction.exp * 1000);
      const step = await beginSecondStep(db, config, accepted.user, interaction.uid, expiresAt, 'fed');
      if (step !== 'none') return seeOther(reply, `${context.path(interaction.uid)}/mfa`);
    }
    const methods = vouched ? ['fed', 'mfa'] : ['fed'];
    await recordSignIn(db, origin, accepted.user, methods);
    await finishInteraction(
      provider,
      request,
      reply,
      { login: { accountId: accepted.user.email, amr: methods } },
      { mergeWithLastSubmission: false },
    );
  };

  return { start, complete, oidcCallback, samlAcs, samlMetadata };
}

export type SsoPages = ReturnType<typeof ssoHandlers>;

/** The path parameter of the SAML endpoints (exported: the route table's declaration names it). */
export interface OrganizationParams {
  organizationId: string;
}
