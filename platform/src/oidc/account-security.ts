import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { formOf, jsonOf } from './bodies.js';
import { fromOwnPage, originOf, seeOther, sendHtml, sendJson } from './http.js';
import { noticePage } from './login-page.js';
import { accountConfirmation, type AccountAnswer, type AccountVisit } from './account-confirmation.js';
import { assetUrl } from './assets.js';
import { codesOfForm, codesSaved, enrollPage, recoveryCodesPage, SAVE_CODES_MESSAGE } from './mfa-pages.js';
import { passkeyScripts, type StepContext } from './second-factor.js';

/** An enrollment begun on the account page has this long to be confirmed. */
const ACCOUNT_STEP_MS = 15 * 60 * 1000;

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
 * someone who has one asks for one first (`change`, /confirm): re-authentication within 5 minutes.
 * routes.ts says which answer is at which path.
 */
export function accountSecurityPages({ provider, db, config, sealer, rp }: StepContext) {
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

  const signedOut = (reply: FastifyReply) =>
    sendHtml(
      reply,
      401,
      noticePage({
        productName: config.productName,
        title: 'Sign-in security',
        message: `Sign in to ${config.productName} first, then open this page again from your profile.`,
        link: { href: config.consoleUrl, text: `Sign in to ${config.productName}` },
      }),
    );

  const notFromPage = (reply: FastifyReply, json: boolean) =>
    json
      ? sendJson(reply, 403, { message: 'This request did not come from the account security page.' })
      : sendHtml(
          reply,
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
    reply: FastifyReply,
    user: SignedInUser,
    session: FactorSession,
    back: string | undefined,
    status = 200,
    messages: { notice?: string; error?: string } = {},
  ) => {
    const details = await factorDetailsOf(db, user.email);
    const confirmFirst = !(await mayChangeFactors(db, session, user.email));
    sendHtml(
      reply,
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
    reply: FastifyReply,
    user: SignedInUser,
    key: string,
    back: string | undefined,
    error?: string,
  ) => {
    const uri = totpUri(config.productName, user.email, key);
    sendHtml(
      reply,
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
    reply: FastifyReply,
    user: SignedInUser,
    back: string | undefined,
    codes: readonly string[],
    error?: string,
  ) =>
    sendHtml(
      reply,
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
  const afterEnrollment = (first: boolean, back: string | undefined, kind: 'totp' | 'passkey') =>
    first ? page('/recovery-codes', back, { new: '1' }) : page('', back, { done: kind });

  /** What an answer knows of its request besides who asks: the audit's source and the enrollment's step. */
  const sourceOf = (request: FastifyRequest, reply: FastifyReply, { user }: AccountVisit) =>
    ownerSource(user, originOf(provider, request, reply));
  const stepIdOf = ({ session }: AccountVisit) => accountStepId(session.uid);
  const beginEnrollment = ({ user, session }: AccountVisit) =>
    beginAccountEnrollment(db, accountStepId(session.uid), user.email, new Date(Date.now() + ACCOUNT_STEP_MS));

  /** GET '': the page, with a notice of what was just done. */
  const show: AccountAnswer = (request, reply, { user, session, back }) => {
    const done = new URL(request.url, 'http://local').searchParams.get('done') ?? '';
    return showAccount(reply, user, session, back, 200, NOTICES[done] ? { notice: NOTICES[done] } : {});
  };

  /** GET /confirm: nothing to confirm without a factor; with one, a confirmation may be renewed at any time. */
  const showConfirm: AccountAnswer = async (_request, reply, { user, back }) => {
    if (!(await factorDetailsOf(db, user.email)).hasFactor) return seeOther(reply, page('', back));
    return confirmation.show(reply, user, back);
  };

  /** GET /recovery-codes: the codes of a first factor just added, shown once. */
  const showNewCodes: AccountAnswer = async (request, reply, visit) => {
    const codes = await recoveryCodesOnce(db, stepIdOf(visit), sourceOf(request, reply, visit), visit.user);
    if (!codes) return seeOther(reply, page('', visit.back));
    await endStep(db, stepIdOf(visit));
    return showCodes(reply, visit.user, visit.back, codes);
  };

  /** POST /totp: a new authenticator app's key to confirm. */
  const addTotp: AccountAnswer = async (_request, reply, visit) => {
    const key = await totpKeyOf(db, sealer, await beginEnrollment(visit));
    return key ? showEnroll(reply, visit.user, key, visit.back) : seeOther(reply, page('', visit.back));
  };

  /** POST /totp/confirm: the new app's first code. */
  const confirmNewTotp: AccountAnswer = async (request, reply, visit) => {
    const { user, back } = visit;
    const step = await findStep(db, stepIdOf(visit));
    if (!step || step.email !== user.email || step.stage !== 'enroll') return seeOther(reply, page('', back));
    const code = formOf(request).get('code') ?? '';
    const result = await confirmTotp(db, sealer, step, user, sourceOf(request, reply, visit), code);
    if (!result.ok) {
      const key = await enrollingKeyOf(sealer, step);
      return key ? showEnroll(reply, user, key, back, result.message) : seeOther(reply, page('', back));
    }
    if (!result.first) await endStep(db, step.id);
    return seeOther(reply, afterEnrollment(result.first, back, 'totp'));
  };

  /** POST /passkey/options: WebAuthn options to register a passkey. */
  const passkeyOptions: AccountAnswer = async (_request, reply, visit) => {
    const options = await passkeyRegistrationOptions(db, rp, await beginEnrollment(visit), visit.user);
    return options
      ? sendJson(reply, 200, { options })
      : sendJson(reply, 409, { message: 'Reload the page and try again.' });
  };

  /** POST /passkey/verify: the browser's WebAuthn answer; the answer names the page to go to. */
  const passkeyVerify: AccountAnswer = async (request, reply, visit) => {
    const { user, back } = visit;
    const read = jsonOf(request);
    if ('refused' in read) return sendJson(reply, 400, { message: read.refused });
    const body = read.value;
    if (typeof body.response !== 'object' || body.response === null)
      return sendJson(reply, 400, { message: 'The passkey answer is missing.' });
    const step = await findStep(db, stepIdOf(visit));
    if (!step || step.email !== user.email) return sendJson(reply, 400, { message: 'Reload the page and try again.' });
    const name = typeof body.name === 'string' ? body.name : undefined;
    const response = body.response as RegistrationResponseJSON;
    const result = await registerPasskey(db, rp, step, user, sourceOf(request, reply, visit), response, name);
    if (!result.ok) return sendJson(reply, 400, { message: result.message });
    if (!result.first) await endStep(db, step.id);
    return sendJson(reply, 200, { next: afterEnrollment(result.first, back, 'passkey') });
  };

  /** POST /recovery-codes: new recovery codes, the old ones no longer sign in. */
  const renewCodes: AccountAnswer = async (request, reply, visit) => {
    const { user, session, back } = visit;
    try {
      const codes = await renewRecoveryCodes(db, sourceOf(request, reply, visit), user);
      return showCodes(reply, user, back, codes);
    } catch (error) {
      if (error instanceof Conflict)
        return showAccount(reply, user, session, back, 409, { error: error.conflicts[0]!.message });
      throw error;
    }
  };

  /** POST /recovery-codes/saved: Done, once the box says they are saved. */
  const codesDone: AccountAnswer = async (request, reply, { user, back }) => {
    const form = formOf(request);
    if (!codesSaved(form)) return showCodes(reply, user, back, codesOfForm(form), SAVE_CODES_MESSAGE);
    return seeOther(reply, page('', back, { done: 'codes' }));
  };

  /** POST /remove: one factor gone (never the last one a required second factor needs). */
  const remove: AccountAnswer = async (request, reply, visit) => {
    const { user, session, back } = visit;
    const form = formOf(request);
    const kind = form.get('kind');
    const factor =
      kind === 'totp' ? ({ kind } as const) : kind === 'passkey' ? ({ kind, id: form.get('id') ?? '' } as const) : null;
    try {
      if (!factor || !(await removeFactor(db, config, sourceOf(request, reply, visit), user, factor)))
        return showAccount(reply, user, session, back, 404, {
          error: 'That second factor was not found. It may have been removed already.',
        });
    } catch (error) {
      if (error instanceof Conflict)
        return showAccount(reply, user, session, back, 409, { error: error.conflicts[0]!.message });
      throw error;
    }
    return seeOther(reply, page('', back, { done: 'removed' }));
  };

  /**
   * `answer` for the provider session's signed-in person, or the page (`json`: the message) that says
   * to sign in. A post (`post`) must come from this page; one that changes the factors (`change`)
   * asks a person who has a factor to have proven one in the last 5 minutes, refused until then (the
   * form posts get the confirmation page itself).
   */
  const signedIn =
    (answer: AccountAnswer, { json = false, post = false, change = false } = {}) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
      const user = session.accountId ? await signedInUserOf(db, session.accountId) : undefined;
      if (!user) return json ? sendJson(reply, 401, { message: 'Sign in again, then retry.' }) : signedOut(reply);
      const visit: AccountVisit = {
        user,
        session: { uid: session.uid, loginTs: session.loginTs, amr: session.amr },
        back: returnOf(new URL(request.url, 'http://local')),
      };
      if (post && !fromOwnPage(request, provider.issuer)) return notFromPage(reply, json);
      if (change && !(await mayChangeFactors(db, visit.session, user.email))) {
        if (json) return sendJson(reply, 403, { message: REAUTHENTICATION_MESSAGE });
        return confirmation.show(reply, user, visit.back, 403);
      }
      await answer(request, reply, visit);
    };
  const post = (answer: AccountAnswer, options: { json?: boolean; change?: boolean } = {}) =>
    signedIn(answer, { ...options, post: true });

  return {
    show: signedIn(show),
    showConfirm: signedIn(showConfirm),
    showNewCodes: signedIn(showNewCodes),
    addTotp: post(addTotp, { change: true }),
    confirmTotp: post(confirmNewTotp),
    passkeyOptions: post(passkeyOptions, { json: true, change: true }),
    passkeyVerify: post(passkeyVerify, { json: true }),
    renewCodes: post(renewCodes, { change: true }),
    codesDone: post(codesDone),
    remove: post(remove, { change: true }),
    confirm: post(confirmation.withCode),
    confirmPasskeyOptions: post(confirmation.passkeyOptions, { json: true }),
    confirmPasskeyVerify: post(confirmation.withPasskey, { json: true }),
  };
}
