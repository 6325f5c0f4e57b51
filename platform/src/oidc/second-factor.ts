import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PlatformConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { recordSignIn, signedInUserOf, type SignedInUser } from '../domain/login.js';
import { confirmTotp, passkeyRegistrationOptions, registerPasskey, totpKeyOf } from '../domain/mfa/enrollment.js';
import { ownerSource, recoveryCodesOnce } from '../domain/mfa/factors.js';
import type { RelyingParty } from '../domain/mfa/passkeys.js';
import { enrollmentReason } from '../domain/mfa/policy.js';
import {
  advanceStep,
  interactionStepId,
  endStep,
  factorsOf,
  findStep,
  passkeySignInOptions,
  proveWithCode,
  proveWithPasskey,
} from '../domain/mfa/second-step.js';
import type { SecretSealer } from '../domain/secrets/sealed-secrets.js';
import { totpQrCode, totpUri } from '../domain/mfa/totp.js';
import type { PendingRow } from '../stores/mfa.js';
import { assetUrl } from './assets.js';
import { formOf, jsonOf } from './bodies.js';
import { finishInteraction, fromOwnPage, originOf, seeOther, sendHtml, sendJson } from './http.js';
import {
  codesOfForm,
  codesSaved,
  enrollPage,
  recoveryCodesPage,
  SAVE_CODES_MESSAGE,
  secondFactorPage,
  type PasskeyEndpoints,
} from './mfa-pages.js';

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What the second factor's pages need: the provider, storage, settings, the secret sealer and the passkey RP. */
export interface StepContext {
  provider: Provider;
  db: Database;
  config: PlatformConfig;
  sealer: SecretSealer;
  rp: RelyingParty;
  /** The interaction's page path (under the issuer's path). */
  path: (uid: string) => string;
}

/** The passkey scripts every page with a passkey button loads: the library, then ours. */
export const passkeyScripts = (issuer: string) => [assetUrl(issuer, 'webauthn.js'), assetUrl(issuer, 'passkey.js')];

const STEP_GONE = 'This sign-in step has expired. Return to the console and sign in again.';

/**
 * The second step of a sign-in (/interaction/:uid/mfa…): after a right password, the person proves a
 * factor (an app code, a recovery code or a passkey) or, when one is required and they have none, sets
 * one up and saves their recovery codes. The interaction then finishes with the methods used (amr).
 */
export function secondFactorHandlers({ provider, db, config, sealer, rp, path }: StepContext) {
  const passkeyEndpoints = (uid: string): PasskeyEndpoints => ({
    options: `${path(uid)}/mfa/passkey/options`,
    verify: `${path(uid)}/mfa/passkey/verify`,
    scripts: passkeyScripts(provider.issuer),
  });

  const finish = async (request: FastifyRequest, reply: FastifyReply, step: PendingRow, user: SignedInUser) => {
    // The proof's methods name the password as the first factor; a federated sign-in began elsewhere.
    const methods = (step.amr ?? []).map((method) => (method === 'pwd' ? step.first_method : method));
    await recordSignIn(db, originOf(provider, request, reply), user, methods);
    await endStep(db, step.id);
    await finishInteraction(
      provider,
      request,
      reply,
      { login: { accountId: user.email, amr: methods } },
      { mergeWithLastSubmission: false },
    );
  };

  const showVerify = async (reply: FastifyReply, uid: string, email: string, status = 200, error?: string) => {
    const factors = await factorsOf(db, email);
    sendHtml(
      reply,
      status,
      secondFactorPage({
        productName: config.productName,
        action: `${path(uid)}/mfa`,
        hasTotp: factors.totp,
        ...(factors.passkeys > 0 ? { passkey: passkeyEndpoints(uid) } : {}),
        ...(error ? { error } : {}),
      }),
    );
  };

  const showEnroll = async (
    reply: FastifyReply,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
    status = 200,
    error?: string,
  ) => {
    const key = await totpKeyOf(db, sealer, step);
    if (!key) return seeOther(reply, `${path(uid)}/mfa`);
    const uri = totpUri(config.productName, user.email, key);
    sendHtml(
      reply,
      status,
      enrollPage({
        productName: config.productName,
        intro: enrollmentReason(config, user),
        action: `${path(uid)}/mfa`,
        key,
        uri,
        qrCode: await totpQrCode(uri),
        passkey: passkeyEndpoints(uid),
        ...(error ? { error } : {}),
      }),
    );
  };

  /** The recovery codes of a first factor, Continue posting back to /mfa once they are saved. */
  const showCodes = (reply: FastifyReply, uid: string, user: SignedInUser, codes: readonly string[], error?: string) =>
    sendHtml(
      reply,
      error ? 400 : 200,
      recoveryCodesPage({
        productName: config.productName,
        email: user.email,
        codes,
        next: { action: `${path(uid)}/mfa`, text: 'Continue' },
        scripts: [assetUrl(provider.issuer, 'recovery-codes.js')],
        ...(error ? { error } : {}),
      }),
    );

  /** GET /mfa: the page of where the step stands. */
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
  ) => {
    if (step.stage === 'verify') return showVerify(reply, uid, user.email);
    if (step.stage === 'enroll') return showEnroll(reply, uid, step, user);
    if (step.stage === 'enrolled') {
      const codes = await recoveryCodesOnce(db, step.id, ownerSource(user, originOf(provider, request, reply)), user);
      if (codes) return showCodes(reply, uid, user, codes);
      // Shown already (another tab): carry on from where that left the step.
      return seeOther(reply, `${path(uid)}/mfa`);
    }
    // Shown already (a reload): only "I have saved these codes" goes on; the codes are not shown again.
    if (step.stage === 'codes') return showCodes(reply, uid, user, []);
    return finish(request, reply, step, user);
  };

  /** POST /mfa: a code at the verify step, the new app's first code at enrollment, or the codes saved. */
  const submit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
  ) => {
    const form = formOf(request);
    const code = form.get('code') ?? '';
    const origin = originOf(provider, request, reply);
    if (step.stage === 'verify') {
      const result = await proveWithCode(db, sealer, user, code, origin);
      if (!result.ok) return showVerify(reply, uid, user.email, result.status, result.message);
      return finish(request, reply, { ...step, amr: result.methods }, user);
    }
    if (step.stage === 'enroll') {
      const result = await confirmTotp(db, sealer, step, user, ownerSource(user, origin), code);
      if (!result.ok) return showEnroll(reply, uid, step, user, 400, result.message);
    }
    // The recovery codes' Continue: only once the person says they saved them (the box is required in
    // the form too; a post without it shows the codes it carried again).
    if (step.stage === 'codes') {
      if (!codesSaved(form)) return showCodes(reply, uid, user, codesOfForm(form), SAVE_CODES_MESSAGE);
      await advanceStep(db, step.id, 'codes', { stage: 'done' });
    }
    return seeOther(reply, `${path(uid)}/mfa`);
  };

  /** POST /mfa/passkey/options: WebAuthn options for signing in with a passkey, or for registering one. */
  const passkeyOptions = async (reply: FastifyReply, step: PendingRow, user: SignedInUser) => {
    const options =
      step.stage === 'verify'
        ? await passkeySignInOptions(db, rp, step)
        : step.stage === 'enroll'
          ? await passkeyRegistrationOptions(db, rp, step, user)
          : null;
    if (!options) return sendJson(reply, 409, { message: 'A passkey cannot be used at this step. Reload the page.' });
    sendJson(reply, 200, { options });
  };

  /** POST /mfa/passkey/verify: the browser's WebAuthn answer; the answer names the page to go to. */
  const passkeyVerify = async (
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
  ) => {
    const read = jsonOf(request);
    if ('refused' in read) return sendJson(reply, 400, { message: read.refused });
    const body = read.value;
    if (typeof body.response !== 'object' || body.response === null)
      return sendJson(reply, 400, { message: 'The passkey answer is missing.' });
    const origin = originOf(provider, request, reply);
    const next = { next: `${path(uid)}/mfa` };
    if (step.stage === 'verify') {
      const response = body.response as AuthenticationResponseJSON;
      const result = await proveWithPasskey(db, rp, step.id, user, response, origin);
      if (!result.ok) return sendJson(reply, result.status, { message: result.message });
      await advanceStep(db, step.id, 'verify', { stage: 'done', amr: result.methods });
      return sendJson(reply, 200, next);
    }
    if (step.stage === 'enroll') {
      const response = body.response as RegistrationResponseJSON;
      const name = typeof body.name === 'string' ? body.name : undefined;
      const result = await registerPasskey(db, rp, step, user, ownerSource(user, origin), response, name);
      if (!result.ok) return sendJson(reply, 400, { message: result.message });
      return sendJson(reply, 200, next);
    }
    sendJson(reply, 409, { message: 'A passkey cannot be used at this step. Reload the page.' });
  };

  /**
   * `answer` with the interaction's second step and its person; without one (never started, or
   * finished) the sign-in starts at its form, or the JSON calls say it is gone. The JSON calls come
   * from our page's script: a cross-site fetch carries another Origin.
   */
  const withStep =
    (answer: StepAnswer, { json = false } = {}) =>
    async (request: FastifyRequest, reply: FastifyReply, interaction: Interaction) => {
      const step = await findStep(db, interactionStepId(interaction.uid));
      const user = step ? await signedInUserOf(db, step.email) : undefined;
      if (!step || !user) {
        if (json) return sendJson(reply, 400, { message: STEP_GONE });
        return seeOther(reply, path(interaction.uid));
      }
      if (json && !fromOwnPage(request, provider.issuer))
        return sendJson(reply, 403, { message: 'This request did not come from the sign-in page.' });
      return answer(request, reply, interaction.uid, step, user);
    };

  return {
    expiredJson: (reply: FastifyReply) => sendJson(reply, 400, { message: STEP_GONE }),
    show: withStep(show),
    submit: withStep(submit),
    passkeyOptions: withStep((_request, reply, _uid, step, user) => passkeyOptions(reply, step, user), { json: true }),
    passkeyVerify: withStep(passkeyVerify, { json: true }),
  };
}

type StepAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
  step: PendingRow,
  user: SignedInUser,
) => Promise<void>;
