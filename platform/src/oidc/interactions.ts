import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@meridian/schema';
import { requestIdOf } from '../http/request.js';
import type { PlatformConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { AuditOrigin } from '../domain/audit.js';
import { checkLogin } from '../domain/login.js';
import { loginPage, noticePage, pageSecurityPolicy, type LoginFormError } from './login-page.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  config: PlatformConfig;
}

/** Interaction pages live under the issuer's path (a proxy may mount the provider below a prefix). */
export function interactionPath(issuer: string, uid: string): string {
  return `${new URL(issuer).pathname.replace(/\/$/, '')}/interaction/${uid}`;
}

const ROUTE = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?$/;
const MAX_FORM_BYTES = 16 * 1024;

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': pageSecurityPolicy(),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

/** The posted form's fields; null when the body is larger than any sign-in form. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Where a sign-in attempt came from, for the audit trail: the provider's own (Koa's) reading of the
 * request, which behind nginx takes the X-Forwarded-For entry nginx appended (provider.ts).
 */
function originOf(provider: Provider, req: IncomingMessage, res: ServerResponse): AuditOrigin {
  return { requestId: requestIdOf(req), clientIp: provider.createContext(req, res).ip || null };
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

/**
 * The provider's interaction routes, on the provider's own server: GET /interaction/:uid shows the
 * sign-in form (or settles consent without a screen), POST /interaction/:uid/login checks the password.
 * Only the browser holding the interaction's signed cookie (SameSite=Lax, so never sent with a
 * cross-site POST) can see or finish an interaction, which is what makes the form CSRF-safe.
 * Returns false for any other path.
 */
export function interactionHandler({ provider, db, config }: InteractionDeps) {
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

  const showForm = (
    res: ServerResponse,
    status: number,
    interaction: Interaction,
    email?: string,
    error?: LoginFormError,
  ) =>
    sendHtml(
      res,
      status,
      loginPage({
        productName: config.productName,
        action: `${interactionPath(provider.issuer, interaction.uid)}/login`,
        email: email ?? (typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : ''),
        ...(error ? { error } : {}),
      }),
    );

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
    if (prompt === 'login') showForm(res, 200, interaction);
    else if (prompt === 'consent')
      await provider.interactionFinished(req, res, await grantRequested(provider, interaction));
    else
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: `Unsupported prompt ${prompt}`,
      });
  };

  const submitLogin = async (req: IncomingMessage, res: ServerResponse, interaction: Interaction) => {
    if (interaction.prompt.name !== 'login') return expired(res);
    const form = await readForm(req);
    if (!form) return void res.writeHead(413, { connection: 'close' }).end();
    const email = (form.get('email') ?? '').trim();
    // "Forgot password?" is the form's second button, so the email typed so far comes along.
    if (form.get('intent') === 'forgot') return void res.writeHead(303, { location: forgotPasswordUrl(email) }).end();
    const password = form.get('password') ?? '';
    if (!email || !password)
      return showForm(res, 400, interaction, email, { message: 'Enter your email and password.' });
    // Text the database could not store (NUL) is no email of anyone's: said, never a server error.
    if (hasControlCharacters(email) || hasControlCharacters(password))
      return showForm(res, 400, interaction, '', { message: `Email and password: ${CONTROL_CHARACTERS_MESSAGE}` });
    const result = await checkLogin(db, config, email, password, originOf(provider, req, res));
    if (!result.ok) return showForm(res, result.status, interaction, email, result.body);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: result.user.email } },
      { mergeWithLastSubmission: false },
    );
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const match = ROUTE.exec(new URL(req.url ?? '/', 'http://local').pathname);
    if (!match) return false;
    const [, uid = '', login] = match;
    const expectedMethod = login ? 'POST' : 'GET';
    if (req.method !== expectedMethod) {
      res.writeHead(405, { allow: expectedMethod }).end();
      return true;
    }
    const interaction = await load(req, res, uid);
    if (!interaction) expired(res);
    else if (login) await submitLogin(req, res, interaction);
    else await show(req, res, interaction);
    return true;
  };
}
