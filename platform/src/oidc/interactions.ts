import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, normalizeEmail, validateEmail } from '@meridian/schema';
import type { PlatformConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { checkLogin, recordSignIn } from '../domain/login.js';
import { PASSWORD_ONLY } from '../domain/mfa/methods.js';
import { relyingPartyOf } from '../domain/mfa/passkeys.js';
import { beginSecondStep, endStep, interactionStepId } from '../domain/mfa/second-step.js';
import { sealedSecrets } from '../domain/secrets/sealed-secrets.js';
import { connectionForEmail, emergencyAccessNeedsFactorMessage } from '../domain/sso/routing.js';
import { findOrganization } from '../domain/organizations.js';
import type { SsoConnectionRow } from '../stores/sso.js';
import { accountSecurityHandler } from './account-security.js';
import { serveAsset } from './assets.js';
import { originOf, readForm, seeOther, sendHtml, tooLarge } from './http.js';
import {
  EMERGENCY_ACCESS_INTENT,
  identifierPage,
  noticePage,
  passwordPage,
  type LoginFormError,
} from './login-page.js';
import { secondFactorHandlers, type Interaction, type StepContext } from './second-factor.js';
import { ssoHandlers } from './sso-pages.js';

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  config: PlatformConfig;
}

/** Interaction pages live under the issuer's path (a proxy may mount the provider below a prefix). */
export function interactionPath(issuer: string, uid: string): string {
  return `${new URL(issuer).pathname.replace(/\/$/, '')}/interaction/${uid}`;
}

/**
 * The interaction's pages: the form, the email and password posts, the way to the organization's
 * identity provider and back, and the second factor's pages and JSON calls.
 */
const ROUTE =
  /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login|\/sso(?:\/complete)?|\/mfa(?:\/passkey\/(?:options|verify))?)?$/;

/** Which method each interaction path answers. */
const METHODS: Record<string, readonly string[]> = {
  '': ['GET'],
  '/login': ['POST'],
  '/sso': ['POST'],
  '/sso/complete': ['GET'],
  '/mfa': ['GET', 'POST'],
  '/mfa/passkey/options': ['POST'],
  '/mfa/passkey/verify': ['POST'],
};

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

/**
 * The provider's own pages, on the provider's server: GET /interaction/:uid shows the sign-in form
 * (or settles consent without a screen), POST /interaction/:uid/login checks the password, and
 * /interaction/:uid/mfa… asks for the second factor or sets one up (second-factor.ts). Only the browser
 * holding the interaction's signed cookie (SameSite=Lax, so never sent with a cross-site POST) can see
 * or finish an interaction, which is what makes its forms CSRF-safe. Also served here: the pages'
 * scripts (/assets, assets.ts) and the account security page (/account/security). Returns false for
 * any other path.
 */
export function interactionHandler({ provider, db, config }: InteractionDeps) {
  const context: StepContext = {
    provider,
    db,
    config,
    sealer: sealedSecrets(config.mfaEncryptionKeys),
    rp: relyingPartyOf(config.issuer, config.productName),
    path: (uid) => interactionPath(provider.issuer, uid),
  };
  const secondFactor = secondFactorHandlers(context);
  const sso = ssoHandlers(context);
  const accountSecurity = accountSecurityHandler(context);

  const expired = (res: ServerResponse) =>
    sendHtml(
      res,
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
  const showIdentifier = (res: ServerResponse, status: number, interaction: Interaction, error?: LoginFormError) =>
    sendHtml(
      res,
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
    res: ServerResponse,
    status: number,
    interaction: Interaction,
    email: string,
    error?: LoginFormError,
    given?: SsoConnectionRow | null,
  ) => {
    const connection = given !== undefined ? given : await routedConnection(email);
    const organization = connection ? await findOrganization(db, connection.organization_id) : undefined;
    sendHtml(
      res,
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
  const load = async (req: IncomingMessage, res: ServerResponse, uid: string): Promise<Interaction | null> => {
    try {
      const interaction = await provider.interactionDetails(req, res);
      // The cookie names the interaction; a URL naming another one is stale or forged.
      return interaction.uid === uid ? interaction : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  };

  const show = async (req: IncomingMessage, res: ServerResponse, interaction: Interaction) => {
    const prompt = interaction.prompt.name;
    if (prompt === 'login') showIdentifier(res, 200, interaction);
    else if (prompt === 'consent')
      await provider.interactionFinished(req, res, await grantRequested(provider, interaction));
    else
      await provider.interactionFinished(req, res, {
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
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    email: string,
    emergency: boolean,
  ) => {
    const problem = hasControlCharacters(email) ? CONTROL_CHARACTERS_MESSAGE : validateEmail(normalizeEmail(email));
    if (problem) return showIdentifier(res, 400, interaction, { message: `Email: ${problem}` });
    const connection = await connectionForEmail(db, normalizeEmail(email));
    if (connection?.sso_only && !emergency) return sso.start(req, res, interaction, connection, normalizeEmail(email));
    await showPassword(res, 200, interaction, email, undefined, connection);
  };

  const submitLogin = async (req: IncomingMessage, res: ServerResponse, interaction: Interaction) => {
    if (interaction.prompt.name !== 'login') return expired(res);
    const form = await readForm(req);
    if (!form) return tooLarge(res);
    const email = (form.get('email') ?? '').trim();
    // "Forgot password?" is the form's second button, so the email typed so far comes along.
    if (form.get('intent') === 'forgot') return seeOther(res, forgotPasswordUrl(email));
    if (!email) return showIdentifier(res, 400, interaction, { message: 'Enter your email.' });
    // Without a password field this is the first step's post; with one (the password step, or a
    // client posting both at once) the password is checked.
    if (!form.has('password'))
      return identify(req, res, interaction, email, form.get('intent') === EMERGENCY_ACCESS_INTENT);
    const password = form.get('password') ?? '';
    if (!password) return showPassword(res, 400, interaction, email, { message: 'Enter your password.' });
    // Text the database could not store (NUL) is no email of anyone's: said, never a server error.
    if (hasControlCharacters(email) || hasControlCharacters(password))
      return showIdentifier(res, 400, interaction, { message: `Email and password: ${CONTROL_CHARACTERS_MESSAGE}` });
    const origin = originOf(provider, req, res);
    const result = await checkLogin(db, config, email, password, origin, new Date(), { secondStepMayFollow: true });
    if (!result.ok) return showPassword(res, result.status, interaction, email, result.body);
    // The second step lasts as long as the interaction it belongs to.
    const expiresAt = new Date(interaction.exp * 1000);
    const step = await beginSecondStep(db, config, result.user, interaction.uid, expiresAt);
    // Emergency access proves the factor checkLogin saw; one removed meanwhile leaves no way through.
    if (result.secondFactorRequired && step !== 'verify') {
      if (step !== 'none') await endStep(db, interactionStepId(interaction.uid));
      const organization = await findOrganization(db, result.user.organizationId);
      const message = emergencyAccessNeedsFactorMessage(organization?.name ?? 'Your organization', config.productName);
      return showPassword(res, 403, interaction, email, { message });
    }
    if (step !== 'none') return seeOther(res, `${context.path(interaction.uid)}/mfa`);
    await recordSignIn(db, origin, result.user, PASSWORD_ONLY);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: result.user.email, amr: PASSWORD_ONLY } },
      { mergeWithLastSubmission: false },
    );
  };

  /** The password step's "Continue with …'s sign-in": off to the email's organization's provider. */
  const submitSso = async (req: IncomingMessage, res: ServerResponse, interaction: Interaction) => {
    if (interaction.prompt.name !== 'login') return expired(res);
    const form = await readForm(req);
    if (!form) return tooLarge(res);
    const email = normalizeEmail(form.get('email') ?? '');
    const connection = email && !hasControlCharacters(email) ? await connectionForEmail(db, email) : null;
    if (!connection) return showIdentifier(res, 400, interaction, { message: 'Enter the email of your organization.' });
    await sso.start(req, res, interaction, connection, email);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (serveAsset(req, res)) return true;
    if (await accountSecurity(req, res)) return true;
    if (await sso.handleOutside(req, res)) return true;
    const match = ROUTE.exec(new URL(req.url ?? '/', 'http://local').pathname);
    if (!match) return false;
    const [, uid = '', sub = ''] = match;
    const allowed = METHODS[sub]!;
    if (!allowed.includes(req.method ?? '')) {
      res.writeHead(405, { allow: allowed.join(', ') }).end();
      return true;
    }
    const interaction = await load(req, res, uid);
    if (!interaction) {
      if (sub.startsWith('/mfa/passkey')) secondFactor.expiredJson(res);
      else expired(res);
    } else if (sub === '/login') await submitLogin(req, res, interaction);
    else if (sub === '/sso') await submitSso(req, res, interaction);
    else if (sub === '') await show(req, res, interaction);
    else if (interaction.prompt.name !== 'login') expired(res);
    else if (sub === '/sso/complete') await sso.complete(req, res, interaction);
    else await secondFactor.handle(req, res, interaction, sub, interactionStepId(interaction.uid));
    return true;
  };
}
