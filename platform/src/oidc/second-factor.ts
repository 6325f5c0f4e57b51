import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { fromOwnPage, originOf, readForm, readJson, seeOther, sendHtml, sendJson, tooLarge } from './http.js';
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

  const finish = async (req: IncomingMessage, res: ServerResponse, step: PendingRow, user: SignedInUser) => {
    // The proof's methods name the password as the first factor; a federated sign-in began elsewhere.
    const methods = (step.amr ?? []).map((method) => (method === 'pwd' ? step.first_method : method));
    await recordSignIn(db, originOf(provider, req, res), user, methods);
    await endStep(db, step.id);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.email, amr: methods } },
      { mergeWithLastSubmission: false },
    );
  };

  const showVerify = async (res: ServerResponse, uid: string, email: string, status = 200, error?: string) => {
    const factors = await factorsOf(db, email);
    sendHtml(
      res,
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
    res: ServerResponse,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
    status = 200,
    error?: string,
  ) => {
    const key = await totpKeyOf(db, sealer, step);
    if (!key) return seeOther(res, `${path(uid)}/mfa`);
    const uri = totpUri(config.productName, user.email, key);
    sendHtml(
      res,
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
  const showCodes = (res: ServerResponse, uid: string, user: SignedInUser, codes: readonly string[], error?: string) =>
    sendHtml(
      res,
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
  const show = async (req: IncomingMessage, res: ServerResponse, uid: string, step: PendingRow, user: SignedInUser) => {
    if (step.stage === 'verify') return showVerify(res, uid, user.email);
    if (step.stage === 'enroll') return showEnroll(res, uid, step, user);
    if (step.stage === 'enrolled') {
      const codes = await recoveryCodesOnce(db, step.id, ownerSource(user, originOf(provider, req, res)), user);
      if (codes) return showCodes(res, uid, user, codes);
      // Shown already (another tab): carry on from where that left the step.
      return seeOther(res, `${path(uid)}/mfa`);
    }
    // Shown already (a reload): only "I have saved these codes" goes on; the codes are not shown again.
    if (step.stage === 'codes') return showCodes(res, uid, user, []);
    return finish(req, res, step, user);
  };

  /** POST /mfa: a code at the verify step, the new app's first code at enrollment, or the codes saved. */
  const submit = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
  ) => {
    const form = await readForm(req);
    if (!form) return tooLarge(res);
    const code = form.get('code') ?? '';
    const origin = originOf(provider, req, res);
    if (step.stage === 'verify') {
      const result = await proveWithCode(db, sealer, user, code, origin);
      if (!result.ok) return showVerify(res, uid, user.email, result.status, result.message);
      return finish(req, res, { ...step, amr: result.methods }, user);
    }
    if (step.stage === 'enroll') {
      const result = await confirmTotp(db, sealer, step, user, ownerSource(user, origin), code);
      if (!result.ok) return showEnroll(res, uid, step, user, 400, result.message);
    }
    // The recovery codes' Continue: only once the person says they saved them (the box is required in
    // the form too; a post without it shows the codes it carried again).
    if (step.stage === 'codes') {
      if (!codesSaved(form)) return showCodes(res, uid, user, codesOfForm(form), SAVE_CODES_MESSAGE);
      await advanceStep(db, step.id, 'codes', { stage: 'done' });
    }
    return seeOther(res, `${path(uid)}/mfa`);
  };

  /** POST /mfa/passkey/options: WebAuthn options for signing in with a passkey, or for registering one. */
  const passkeyOptions = async (res: ServerResponse, step: PendingRow, user: SignedInUser) => {
    const options =
      step.stage === 'verify'
        ? await passkeySignInOptions(db, rp, step)
        : step.stage === 'enroll'
          ? await passkeyRegistrationOptions(db, rp, step, user)
          : null;
    if (!options) return sendJson(res, 409, { message: 'A passkey cannot be used at this step. Reload the page.' });
    sendJson(res, 200, { options });
  };

  /** POST /mfa/passkey/verify: the browser's WebAuthn answer; the answer names the page to go to. */
  const passkeyVerify = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    step: PendingRow,
    user: SignedInUser,
  ) => {
    const read = await readJson(req);
    if ('refused' in read) return sendJson(res, 400, { message: read.refused });
    const body = read.value;
    if (typeof body.response !== 'object' || body.response === null)
      return sendJson(res, 400, { message: 'The passkey answer is missing.' });
    const origin = originOf(provider, req, res);
    const next = { next: `${path(uid)}/mfa` };
    if (step.stage === 'verify') {
      const response = body.response as AuthenticationResponseJSON;
      const result = await proveWithPasskey(db, rp, step.id, user, response, origin);
      if (!result.ok) return sendJson(res, result.status, { message: result.message });
      await advanceStep(db, step.id, 'verify', { stage: 'done', amr: result.methods });
      return sendJson(res, 200, next);
    }
    if (step.stage === 'enroll') {
      const response = body.response as RegistrationResponseJSON;
      const name = typeof body.name === 'string' ? body.name : undefined;
      const result = await registerPasskey(db, rp, step, user, ownerSource(user, origin), response, name);
      if (!result.ok) return sendJson(res, 400, { message: result.message });
      return sendJson(res, 200, next);
    }
    sendJson(res, 409, { message: 'A passkey cannot be used at this step. Reload the page.' });
  };

  return {
    expiredJson: (res: ServerResponse) => sendJson(res, 400, { message: STEP_GONE }),

    async handle(req: IncomingMessage, res: ServerResponse, interaction: Interaction, sub: string, stepId: string) {
      const step = await findStep(db, stepId);
      const user = step ? await signedInUserOf(db, step.email) : undefined;
      const json = sub.startsWith('/mfa/passkey');
      if (!step || !user) {
        if (json) return sendJson(res, 400, { message: STEP_GONE });
        // No second step under way (never started, or finished): the sign-in starts at its form.
        return seeOther(res, path(interaction.uid));
      }
      // The JSON calls come from our page's script: a cross-site fetch carries another Origin.
      if (json && !fromOwnPage(req, provider.issuer))
        return sendJson(res, 403, { message: 'This request did not come from the sign-in page.' });
      if (sub === '/mfa/passkey/options') return passkeyOptions(res, step, user);
      if (sub === '/mfa/passkey/verify') return passkeyVerify(req, res, interaction.uid, step, user);
      if (req.method === 'POST') return submit(req, res, interaction.uid, step, user);
      return show(req, res, interaction.uid, step, user);
    },
  };
}
