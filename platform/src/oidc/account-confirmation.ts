import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { formOf, jsonOf } from './bodies.js';
import { originOf, seeOther, sendHtml, sendJson } from './http.js';
import { secondFactorPage } from './mfa-pages.js';
import { passkeyScripts, type StepContext } from './second-factor.js';

/** A request on the account page by its signed-in person, with the console page it returns to. */
export interface AccountVisit {
  user: SignedInUser;
  session: FactorSession;
  back: string | undefined;
}

/** An account page's answer (routes.ts says where), given who asks. */
export type AccountAnswer = (request: FastifyRequest, reply: FastifyReply, visit: AccountVisit) => Promise<void>;

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
    reply: FastifyReply,
    user: SignedInUser,
    back: string | undefined,
    status = 200,
    error?: string,
  ) => {
    const details = await factorDetailsOf(db, user.email);
    sendHtml(
      reply,
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
  const withCode: AccountAnswer = async (request, reply, { user, session, back }) => {
    const form = formOf(request);
    const origin = originOf(provider, request, reply);
    const result = await confirmWithCode(db, sealer, user, session.uid, form.get('code') ?? '', origin);
    if (!result.ok) return show(reply, user, back, result.status, result.message);
    seeOther(reply, page('', back, { done: 'confirmed' }));
  };

  /** POST /confirm/passkey/verify: the browser's WebAuthn answer to the confirmation's challenge. */
  const withPasskey: AccountAnswer = async (request, reply, { user, session, back }) => {
    const read = jsonOf(request);
    if ('refused' in read) return sendJson(reply, 400, { message: read.refused });
    const body = read.value;
    if (typeof body.response !== 'object' || body.response === null)
      return sendJson(reply, 400, { message: 'The passkey answer is missing.' });
    const response = body.response as AuthenticationResponseJSON;
    const result = await confirmWithPasskey(db, rp, user, session.uid, response, originOf(provider, request, reply));
    if (!result.ok) return sendJson(reply, result.status, { message: result.message });
    sendJson(reply, 200, { next: page('', back, { done: 'confirmed' }) });
  };

  /** POST /confirm/passkey/options: the challenge for a passkey the person has. */
  const passkeyOptions: AccountAnswer = async (_request, reply, { user, session }) => {
    const options = await confirmationPasskeyOptions(db, rp, user, session.uid);
    if (options) sendJson(reply, 200, { options });
    else sendJson(reply, 409, { message: 'You have no passkey to confirm with. Enter a code instead.' });
  };

  return { show, withCode, withPasskey, passkeyOptions };
}
