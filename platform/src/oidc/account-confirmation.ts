import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { SignedInUser } from '../domain/login.js';
import { factorDetailsOf } from '../domain/mfa/factors.js';
import {
  REAUTHENTICATION_MESSAGE,
  confirmWithCode,
  confirmWithPasskey,
  confirmationPasskeyOptions,
  type FactorSession,
} from '../domain/mfa/reauthentication.js';
import { originOf, readForm, readJson, seeOther, sendHtml, sendJson, tooLarge } from './http.js';
import { secondFactorPage } from './mfa-pages.js';
import { passkeyScripts, type StepContext } from './second-factor.js';

/** An account page's address: its sub-path, with the page's `return` and any further query. */
export type AccountPageUrl = (sub: string, back: string | undefined, extra?: Record<string, string>) => string;

/**
 * "Confirm it's you" on the account security page (`/account/security/confirm…`): the person proves a
 * factor (a code, or a passkey) before changing their factors, and may then change them for 5 minutes
 * (domain/mfa/reauthentication.ts). The same page as the sign-in's second step, with why it asks.
 */
export function accountConfirmation(
  { provider, db, config, sealer, rp }: Omit<StepContext, 'path'>,
  page: AccountPageUrl,
) {
  /** The confirmation page: a code (app or recovery), or a passkey when the person has one. */
  const show = async (
    res: ServerResponse,
    user: SignedInUser,
    back: string | undefined,
    status = 200,
    error?: string,
  ) => {
    const details = await factorDetailsOf(db, user.email);
    sendHtml(
      res,
      status,
      secondFactorPage({
        productName: config.productName,
        action: page('/confirm', back),
        hasTotp: details.hasTotp,
        ...(details.passkeys.length > 0
          ? {
              passkey: {
                options: page('/confirm/passkey/options', back),
                verify: page('/confirm/passkey/verify', back),
                scripts: passkeyScripts(provider.issuer),
              },
            }
          : {}),
        intro: REAUTHENTICATION_MESSAGE,
        cancel: { href: page('', back), text: 'Back to sign-in security' },
        ...(error ? { error } : {}),
      }),
    );
  };

  /** POST /confirm: a code typed. A right one leads back to the account page, saying for how long. */
  const withCode = async (
    req: IncomingMessage,
    res: ServerResponse,
    user: SignedInUser,
    session: FactorSession,
    back: string | undefined,
  ) => {
    const form = await readForm(req);
    if (!form) return tooLarge(res);
    const origin = originOf(provider, req, res);
    const result = await confirmWithCode(db, sealer, user, session.uid, form.get('code') ?? '', origin);
    if (!result.ok) return show(res, user, back, result.status, result.message);
    seeOther(res, page('', back, { done: 'confirmed' }));
  };

  /** POST /confirm/passkey/verify: the browser's WebAuthn answer to the confirmation's challenge. */
  const withPasskey = async (
    req: IncomingMessage,
    res: ServerResponse,
    user: SignedInUser,
    session: FactorSession,
    back: string | undefined,
  ) => {
    const read = await readJson(req);
    if ('refused' in read) return sendJson(res, 400, { message: read.refused });
    const body = read.value;
    if (typeof body.response !== 'object' || body.response === null)
      return sendJson(res, 400, { message: 'The passkey answer is missing.' });
    const response = body.response as AuthenticationResponseJSON;
    const result = await confirmWithPasskey(db, rp, user, session.uid, response, originOf(provider, req, res));
    if (!result.ok) return sendJson(res, result.status, { message: result.message });
    sendJson(res, 200, { next: page('', back, { done: 'confirmed' }) });
  };

  /** Serves the confirmation's posts (from the page itself, checked by the caller); false for any other. */
  const handle = async (
    req: IncomingMessage,
    res: ServerResponse,
    sub: string,
    user: SignedInUser,
    session: FactorSession,
    back: string | undefined,
  ): Promise<boolean> => {
    if (sub === '/confirm') await withCode(req, res, user, session, back);
    else if (sub === '/confirm/passkey/verify') await withPasskey(req, res, user, session, back);
    else if (sub === '/confirm/passkey/options') {
      const options = await confirmationPasskeyOptions(db, rp, user, session.uid);
      if (options) sendJson(res, 200, { options });
      else sendJson(res, 409, { message: 'You have no passkey to confirm with. Enter a code instead.' });
    } else return false;
    return true;
  };

  return { show, handle };
}
