import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Conflict } from '../domain/errors.js';
import { signedInUserOf, type SignedInUser } from '../domain/login.js';
import {
  accountStepId,
  beginAccountEnrollment,
  confirmTotp,
  enrollingKeyOf,
  passkeyRegistrationOptions,
  registerPasskey,
  totpKeyOf,
} from '../domain/mfa/enrollment.js';
import {
  factorDetailsOf,
  ownerSource,
  recoveryCodesOnce,
  removeFactor,
  renewRecoveryCodes,
} from '../domain/mfa/factors.js';
import {
  CONFIRMED_MESSAGE,
  REAUTHENTICATION_MESSAGE,
  mayChangeFactors,
  type FactorSession,
} from '../domain/mfa/reauthentication.js';
import { endStep, findStep } from '../domain/mfa/second-step.js';
import { totpQrCode, totpUri } from '../domain/mfa/totp.js';
import { accountSecurityPage } from './account-page.js';
import { fromOwnPage, originOf, readForm, readJson, seeOther, sendHtml, sendJson, tooLarge } from './http.js';
import { noticePage } from './login-page.js';
import { accountConfirmation } from './account-confirmation.js';
import { assetUrl } from './assets.js';
import { codesOfForm, codesSaved, enrollPage, recoveryCodesPage, SAVE_CODES_MESSAGE } from './mfa-pages.js';
import { passkeyScripts, type StepContext } from './second-factor.js';

/** An enrollment begun on the account page has this long to be confirmed. */
const ACCOUNT_STEP_MS = 15 * 60 * 1000;

const ROUTES: Record<string, readonly string[]> = {
  '': ['GET'],
  '/totp': ['POST'],
  '/totp/confirm': ['POST'],
  '/passkey/options': ['POST'],
  '/passkey/verify': ['POST'],
  '/recovery-codes': ['GET', 'POST'],
  '/recovery-codes/saved': ['POST'],
  '/remove': ['POST'],
  '/confirm': ['GET', 'POST'],
  '/confirm/passkey/options': ['POST'],
  '/confirm/passkey/verify': ['POST'],
};

/**
 * The posts that add, replace or remove a factor or issue new recovery codes: each asks a person who
 * has a factor to have proven one in the last 5 minutes (domain/mfa/reauthentication.ts). Finishing an
 * enrollment (/totp/confirm, /passkey/verify) continues a step only these could begin.
 */
const CHANGES = new Set(['/totp', '/passkey/options', '/recovery-codes', '/remove']);

const NOTICES: Record<string, string> = {
  totp: 'Your authenticator app is set up.',
  passkey: 'Your passkey is added.',
  removed: 'The second factor was removed.',
  confirmed: CONFIRMED_MESSAGE,
  codes: 'Your recovery codes are saved. Each one signs you in once.',
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The account security page on the provider (`${issuer}/account/security`): the signed-in person's
 * second factors, to add an authenticator app or a passkey, remove one, and issue new recovery codes.
 * It reads the provider's own session (the console's sign-in), so it needs no token. Every POST must
 * come from this page: its Origin is the issuer's (and the session cookie is SameSite=Lax).
 * `?return=` (a console origin only) gives the "Back to the console" link. A change to the factors of
 * someone who has one asks for one first (CHANGES, /confirm): re-authentication within 5 minutes.
 */
export function accountSecurityHandler({ provider, db, config, sealer, rp }: StepContext) {
  const base = `${new URL(provider.issuer).pathname.replace(/\/$/, '')}/account/security`;
  const consoleOrigins = new Set(
    [config.consoleUrl, ...config.consoleRedirectOrigins].map((url) => URL.parse(trimSlash(url))?.origin),
  );

  /** The console page to return to, when it is the console's. */
  const returnOf = (url: URL): string | undefined => {
    const value = url.searchParams.get('return');
    const target = value ? URL.parse(value) : null;
    return target && consoleOrigins.has(target.origin) ? target.href : undefined;
  };

  const page = (sub: string, back: string | undefined, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(back ? { return: back } : {}), ...extra }).toString();
    return `${base}${sub}${query ? `?${query}` : ''}`;
  };

  const signedOut = (res: ServerResponse) =>
    sendHtml(
      res,
      401,
      noticePage({
        productName: config.productName,
        title: 'Sign-in security',
        message: `Sign in to ${config.productName} first, then open this page again from your profile.`,
        link: { href: config.consoleUrl, text: `Sign in to ${config.productName}` },
      }),
    );

  const notFromPage = (res: ServerResponse, json: boolean) =>
    json
      ? sendJson(res, 403, { message: 'This request did not come from the account security page.' })
      : sendHtml(
          res,
          403,
          noticePage({
            productName: config.productName,
            title: 'Request refused',
            message: 'This request did not come from the account security page. Open the page and try again.',
            link: { href: base, text: 'Open the account security page' },
            alert: true,
          }),
        );

  const showAccount = async (
    res: ServerResponse,
    user: SignedInUser,
    session: FactorSession,
    back: string | undefined,
    status = 200,
    messages: { notice?: string; error?: string } = {},
  ) => {
    const details = await factorDetailsOf(db, user.email);
    const confirmFirst = !(await mayChangeFactors(db, session, user.email));
    sendHtml(
      res,
      status,
      accountSecurityPage({
        productName: config.productName,
        email: user.email,
        ...details,
        urls: {
          addTotp: page('/totp', back),
          remove: page('/remove', back),
          recoveryCodes: page('/recovery-codes', back),
          passkey: {
            options: page('/passkey/options', back),
            verify: page('/passkey/verify', back),
            scripts: passkeyScripts(provider.issuer),
          },
        },
        ...(confirmFirst ? { confirm: page('/confirm', back) } : {}),
        ...(back ? { back } : {}),
        ...messages,
      }),
    );
  };

  const confirmation = accountConfirmation({ provider, db, config, sealer, rp }, page);

  const showEnroll = async (
    res: ServerResponse,
    user: SignedInUser,
    key: string,
    back: string | undefined,
    error?: string,
  ) => {
    const uri = totpUri(config.productName, user.email, key);
    sendHtml(
      res,
      error ? 400 : 200,
      enrollPage({
        productName: config.productName,
        intro: 'Add an authenticator app: it shows a new 6-digit code every 30 seconds to sign in with.',
        action: page('/totp/confirm', back),
        key,
        uri,
        qrCode: await totpQrCode(uri),
        cancel: { href: page('', back), text: 'Cancel' },
        ...(error ? { error } : {}),
      }),
    );
  };

  /** Recovery codes, shown once; Done posts to /recovery-codes/saved, which needs the box ticked. */
  const showCodes = (
    res: ServerResponse,
    user: SignedInUser,
    back: string | undefined,
    codes: readonly string[],
    error?: string,
  ) =>
    sendHtml(
      res,
      error ? 400 : 200,
      recoveryCodesPage({
        productName: config.productName,
        email: user.email,
        codes,
        next: { action: page('/recovery-codes/saved', back), text: 'Done' },
        scripts: [assetUrl(provider.issuer, 'recovery-codes.js')],
        ...(error ? { error } : {}),
      }),
    );

  /** After an enrollment: the recovery codes when it was the first factor, else the page with a notice. */
  const afterEnrollment = (first: boolean, stepId: string, back: string | undefined, kind: 'totp' | 'passkey') =>
    first ? page('/recovery-codes', back, { new: '1' }) : page('', back, { done: kind });

  const handle = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    sub: string,
    user: SignedInUser,
    session: FactorSession,
  ) => {
    const back = returnOf(url);
    const origin = originOf(provider, req, res);
    const source = ownerSource(user, origin);
    const stepId = accountStepId(session.uid);

    if (sub === '') {
      const done = url.searchParams.get('done') ?? '';
      return showAccount(res, user, session, back, 200, NOTICES[done] ? { notice: NOTICES[done] } : {});
    }
    if (sub === '/confirm' && req.method === 'GET') {
      // Nothing to confirm without a factor; with one, a confirmation may be renewed at any time.
      if (!(await factorDetailsOf(db, user.email)).hasFactor) return seeOther(res, page('', back));
      return confirmation.show(res, user, back);
    }
    if (sub === '/recovery-codes' && req.method === 'GET') {
      // The codes of a first factor just added, shown once.
      const codes = await recoveryCodesOnce(db, stepId, source, user);
      if (!codes) return seeOther(res, page('', back));
      await endStep(db, stepId);
      return showCodes(res, user, back, codes);
    }
    const json = sub.includes('/passkey/');
    if (!fromOwnPage(req, provider.issuer)) return notFromPage(res, json);
    if (await confirmation.handle(req, res, sub, user, session, back)) return;
    if (CHANGES.has(sub) && !(await mayChangeFactors(db, session, user.email))) {
      // Refused until a factor is proven: the form posts get the confirmation page itself.
      if (json) return sendJson(res, 403, { message: REAUTHENTICATION_MESSAGE });
      return confirmation.show(res, user, back, 403);
    }

    if (sub === '/totp') {
      const step = await beginAccountEnrollment(db, stepId, user.email, new Date(Date.now() + ACCOUNT_STEP_MS));
      const key = await totpKeyOf(db, sealer, step);
      return key ? showEnroll(res, user, key, back) : seeOther(res, page('', back));
    }
    if (sub === '/totp/confirm') {
      const form = await readForm(req);
      if (!form) return tooLarge(res);
      const step = await findStep(db, stepId);
      if (!step || step.email !== user.email || step.stage !== 'enroll') return seeOther(res, page('', back));
      const result = await confirmTotp(db, sealer, step, user, source, form.get('code') ?? '');
      if (!result.ok) {
        const key = await enrollingKeyOf(sealer, step);
        return key ? showEnroll(res, user, key, back, result.message) : seeOther(res, page('', back));
      }
      if (!result.first) await endStep(db, stepId);
      return seeOther(res, afterEnrollment(result.first, stepId, back, 'totp'));
    }
    if (sub === '/passkey/options') {
      const step = await beginAccountEnrollment(db, stepId, user.email, new Date(Date.now() + ACCOUNT_STEP_MS));
      const options = await passkeyRegistrationOptions(db, rp, step, user);
      return options
        ? sendJson(res, 200, { options })
        : sendJson(res, 409, { message: 'Reload the page and try again.' });
    }
    if (sub === '/passkey/verify') {
      const read = await readJson(req);
      if ('refused' in read) return sendJson(res, 400, { message: read.refused });
      const body = read.value;
      if (typeof body.response !== 'object' || body.response === null)
        return sendJson(res, 400, { message: 'The passkey answer is missing.' });
      const step = await findStep(db, stepId);
      if (!step || step.email !== user.email) return sendJson(res, 400, { message: 'Reload the page and try again.' });
      const name = typeof body.name === 'string' ? body.name : undefined;
      const result = await registerPasskey(db, rp, step, user, source, body.response as RegistrationResponseJSON, name);
      if (!result.ok) return sendJson(res, 400, { message: result.message });
      if (!result.first) await endStep(db, stepId);
      return sendJson(res, 200, { next: afterEnrollment(result.first, stepId, back, 'passkey') });
    }
    if (sub === '/recovery-codes') {
      try {
        const codes = await renewRecoveryCodes(db, source, user);
        return showCodes(res, user, back, codes);
      } catch (error) {
        if (error instanceof Conflict)
          return showAccount(res, user, session, back, 409, { error: error.conflicts[0]!.message });
        throw error;
      }
    }
    if (sub === '/recovery-codes/saved') {
      const form = await readForm(req);
      if (!form) return tooLarge(res);
      if (!codesSaved(form)) return showCodes(res, user, back, codesOfForm(form), SAVE_CODES_MESSAGE);
      return seeOther(res, page('', back, { done: 'codes' }));
    }
    // '/remove'
    const form = await readForm(req);
    if (!form) return tooLarge(res);
    const kind = form.get('kind');
    const factor =
      kind === 'totp' ? ({ kind } as const) : kind === 'passkey' ? ({ kind, id: form.get('id') ?? '' } as const) : null;
    try {
      if (!factor || !(await removeFactor(db, config, source, user, factor)))
        return showAccount(res, user, session, back, 404, {
          error: 'That second factor was not found. It may have been removed already.',
        });
    } catch (error) {
      if (error instanceof Conflict)
        return showAccount(res, user, session, back, 409, { error: error.conflicts[0]!.message });
      throw error;
    }
    return seeOther(res, page('', back, { done: 'removed' }));
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/account/security' && !url.pathname.startsWith('/account/security/')) return false;
    const sub = url.pathname.slice('/account/security'.length);
    const allowed = ROUTES[sub];
    if (!allowed) return false;
    if (!allowed.includes(req.method ?? '')) {
      res.writeHead(405, { allow: allowed.join(', ') }).end();
      return true;
    }
    const session = await provider.Session.get(provider.createContext(req, res));
    const user = session.accountId ? await signedInUserOf(db, session.accountId) : undefined;
    if (!user) {
      if (sub.includes('/passkey/')) sendJson(res, 401, { message: 'Sign in again, then retry.' });
      else signedOut(res);
      return true;
    }
    await handle(req, res, url, sub, user, { uid: session.uid, loginTs: session.loginTs, amr: session.amr });
    return true;
  };
}
