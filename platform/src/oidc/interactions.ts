import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, normalizeEmail, validateEmail } from '@meridian/schema';
import { checkLogin, recordSignIn } from '../domain/login.js';
import { PASSWORD_ONLY } from '../domain/mfa/methods.js';
import { relyingPartyOf } from '../domain/mfa/passkeys.js';
import { beginSecondStep, endStep, interactionStepId } from '../domain/mfa/second-step.js';
import { sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { connectionForEmail, emergencyAccessNeedsFactorMessage } from '../domain/sso/routing.js';
import { findOrganization } from '../domain/organizations.js';
import type { SsoConnectionRow } from '../stores/sso.js';
import { formOf } from './bodies.js';
import { finishInteraction, originOf, seeOther, sendHtml } from './http.js';
import {
  EMERGENCY_ACCESS_INTENT,
  identifierPage,
  noticePage,
  passwordPage,
  type LoginFormError,
} from './login-page.js';
import type { Interaction, StepContext } from './second-factor.js';
import type { SsoPages } from './sso-pages.js';

/** An interaction page's answer, once the browser's interaction is loaded. */
export type InteractionAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
) => Promise<void>;

/** Interaction pages live under the issuer's path (a proxy may mount the provider below a prefix). */
export function interactionPath(issuer: string, uid: string): string {
  return `${new URL(issuer).pathname.replace(/\/$/, '')}/interaction/${uid}`;
}

/** First-party consent: grant what the console asked for (scopes and the gateway's api_access). */
async function grantRequested(provider: Provider, interaction: Interaction): Promise<InteractionResults> {
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant =
    existing ??
    new provider.Grant({ accountId: interaction.session?.accountId, clientId: String(interaction.params.client_id) });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return { consent: { grantId: await grant.save() } };
}

/** What every provider page needs: the provider, storage, settings, the secret sealer and the passkey RP. */
export function stepContextOf(provider: Provider, db: StepContext['db'], config: StepContext['config']): StepContext {
  return {
    provider,
    db,
    config,
    sealer: sealedSecrets(config.mfaEncryptionKeys),
    rp: relyingPartyOf(config.issuer, config.productName),
    path: (uid) => interactionPath(provider.issuer, uid),
  };
}

/**
 * The sign-in's own pages (routes.ts says where): GET /interaction/:uid shows the sign-in form (or
 * settles consent without a screen), POST /interaction/:uid/login checks the password, POST …/sso goes
 * to the organization's identity provider. Only the browser holding the interaction's signed cookie
 * (SameSite=Lax, so never sent with a cross-site POST) can see or finish an interaction, which is what
 * makes its forms CSRF-safe: each answer is given the interaction that cookie names (`during`).
 */
export function interactionPages(context: StepContext, sso: SsoPages) {
  const { provider, db, config } = context;

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      noticePage({
        productName: config.productName,
        title: 'Sign-in expired',
        message:
          'This sign-in page has expired or was opened in another browser. Return to the console and sign in again.',
        link: { href: config.consoleUrl, text: `Go to ${config.productName}` },
        alert: true,
      }),
    );

  const loginAction = (interaction: Interaction) => `${context.path(interaction.uid)}/login`;

  /** The first step: the email alone. */
  const showIdentifier = (reply: FastifyReply, status: number, interaction: Interaction, error?: LoginFormError) =>
    sendHtml(
      reply,
      status,
      identifierPage({
        productName: config.productName,
        action: loginAction(interaction),
        email: typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '',
        ...(error ? { error } : {}),
      }),
    );

  /**
   * The password step for `email`; with the organization's identity provider first when it has a
   * connection (one that allows both, or one that signs in only through it: then the password is the
   * Org Admins' emergency access). The connection is found again from the email unless given, so a page
   * shown after a refused attempt offers the same way to the identity provider as the first one did.
   */
  const showPassword = async (
    reply: FastifyReply,
    status: number,
    interaction: Interaction,
    email: string,
    error?: LoginFormError,
    given?: SsoConnectionRow | null,
  ) => {
    const connection = given !== undefined ? given : await routedConnection(email);
    const organization = connection ? await findOrganization(db, connection.organization_id) : undefined;
    sendHtml(
      reply,
      status,
      passwordPage({
        productName: config.productName,
        action: loginAction(interaction),
        email,
        changeEmailHref: context.path(interaction.uid),
        ...(error ? { error } : {}),
        ...(organization
          ? {
              sso: {
                action: `${context.path(interaction.uid)}/sso`,
                organizationName: organization.name,
                ssoOnly: connection!.sso_only,
              },
            }
          : {}),
      }),
    );
  };

  /** The connection an email signs in through, or null (also for text that is no email of anyone's). */
  const routedConnection = async (email: string) => {
    const normalized = normalizeEmail(email);
    if (!normalized || hasControlCharacters(normalized) || validateEmail(normalized)) return null;
    return connectionForEmail(db, normalized);
  };

  const forgotPasswordUrl = (email: string) => {
    const url = new URL('/forgot-password', config.consoleUrl);
    if (email) url.searchParams.set('email', email);
    return url.href;
  };

  /** The interaction the browser's cookie names, or null when it is gone or not the one in the URL. */
  const load = async (request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Interaction | null> => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      // The cookie names the interaction; a URL naming another one is stale or forged.
      return interaction.uid === uid ? interaction : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  };

  const show: InteractionAnswer = async (request, reply, interaction) => {
    const prompt = interaction.prompt.name;
    if (prompt === 'login') showIdentifier(reply, 200, interaction);
    else if (prompt === 'consent')
      await finishInteraction(provider, request, reply, await grantRequested(provider, interaction));
    else
      await finishInteraction(provider, request, reply, {
        error: 'access_denied',
        error_description: `Unsupported prompt ${prompt}`,
      });
  };

  /**
   * The first step's post (an email alone): an email of a domain with a connection goes to that
   * identity provider (or, when its connection allows passwords too, to a choice of both); any other
   * email gets the password step. Asked for emergency access, every email gets the password step (with
   * its identity provider first), whoever it belongs to: checkLogin decides who may use it.
   */
  const identify = async (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    email: string,
    emergency: boolean,
  ) => {
    const problem = hasControlCharacters(email) ? CONTROL_CHARACTERS_MESSAGE : validateEmail(normalizeEmail(email));
    if (problem) return showIdentifier(reply, 400, interaction, { message: `Email: ${problem}` });
    const connection = await connectionForEmail(db, normalizeEmail(email));
    if (connection?.sso_only && !emergency)
      return sso.start(request, reply, interaction, connection, normalizeEmail(email));
    await showPassword(reply, 200, interaction, email, undefined, connection);
  };

  const submitLogin: InteractionAnswer = async (request, reply, interaction) => {
    if (interaction.prompt.name !== 'login') return expired(reply);
    const form = formOf(request);
    const email = (form.get('email') ?? '').trim();
    // "Forgot password?" is the form's second button, so the email typed so far comes along.
    if (form.get('intent') === 'forgot') return seeOther(reply, forgotPasswordUrl(email));
    if (!email) return showIdentifier(reply, 400, interaction, { message: 'Enter your email.' });
    // Without a password field this is the first step's post; with one (the password step, or a
    // client posting both at once) the password is checked.
    if (!form.has('password'))
      return identify(request, reply, interaction, email, form.get('intent') === EMERGENCY_ACCESS_INTENT);
    const password = form.get('password') ?? '';
    if (!password) return showPassword(reply, 400, interaction, email, { message: 'Enter your password.' });
    // Text the database could not store (NUL) is no email of anyone's: said, never a server error.
    if (hasControlCharacters(email) || hasControlCharacters(password))
      return showIdentifier(reply, 400, interaction, { message: `Email and password: ${CONTROL_CHARACTERS_MESSAGE}` });
    const origin = originOf(provider, request, reply);
    const result = await checkLogin(db, config, email, password, origin, new Date(), { secondStepMayFollow: true });
    if (!result.ok) return showPassword(reply, result.status, interaction, email, result.body);
    // The second step lasts as long as the interaction it belongs to.
    const expiresAt = new Date(interaction.exp * 1000);
    const step = await beginSecondStep(db, config, result.user, interaction.uid, expiresAt);
    // Emergency access proves the factor checkLogin saw; one removed meanwhile leaves no way through.
    if (result.secondFactorRequired && step !== 'verify') {
      if (step !== 'none') await endStep(db, interactionStepId(interaction.uid));
      const organization = await findOrganization(db, result.user.organizationId);
      const message = emergencyAccessNeedsFactorMessage(organization?.name ?? 'Your organization', config.productName);
      return showPassword(reply, 403, interaction, email, { message });
    }
    if (step !== 'none') return seeOther(reply, `${context.path(interaction.uid)}/mfa`);
    await recordSignIn(db, origin, result.user, PASSWORD_ONLY);
    await finishInteraction(
      provider,
      request,
      reply,
      { login: { accountId: result.user.email, amr: PASSWORD_ONLY } },
      { mergeWithLastSubmission: false },
    );
  };

  /** The password step's "Continue with …'s sign-in": off to the email's organization's provider. */
  const submitSso: InteractionAnswer = async (request, reply, interaction) => {
    if (interaction.prompt.name !== 'login') return expired(reply);
    const form = formOf(request);
    const email = normalizeEmail(form.get('email') ?? '');
    const connection = email && !hasControlCharacters(email) ? await connectionForEmail(db, email) : null;
    if (!connection)
      return showIdentifier(reply, 400, interaction, { message: 'Enter the email of your organization.' });
    await sso.start(request, reply, interaction, connection, email);
  };

  /**
   * `answer` for the interaction the browser's cookie names; the expired page (`gone`) when there is
   * none, or another than the URL's; `loginOnly`: only while the interaction asks for a sign-in.
   */
  const during =
    (answer: InteractionAnswer, { loginOnly = false, gone = expired } = {}) =>
    async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      const interaction = await load(request, reply, request.params.uid);
      if (!interaction) return gone(reply);
      if (loginOnly && interaction.prompt.name !== 'login') return expired(reply);
      await answer(request, reply, interaction);
    };

  return { during, show: during(show), login: during(submitLogin), sso: during(submitSso) };
}

export type InteractionPages = ReturnType<typeof interactionPages>;
