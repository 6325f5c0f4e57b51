import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';
import type { Provider } from 'oidc-provider';
import { accountSecurityPages } from './account-security.js';
import { ASSET_NAME, serveAsset } from './assets.js';
import { interactionPages, stepContextOf } from './interactions.js';
import { secondFactorHandlers, type StepContext } from './second-factor.js';
import { MAX_SAML_FORM_BYTES, ssoHandlers } from './sso-pages.js';

// The provider's own pages, every one of them: which path and methods reach which answer. Any other
// request is the provider's (provider-app.ts).

// Each answer types its own path parameters; the route table gives them.
type PageHandler = (request: never, reply: FastifyReply) => Promise<void> | void;

/** The pages' answers for one provider (a new provider, after a key rotation, gets its own). */
export function providerPages(provider: Provider, db: StepContext['db'], config: StepContext['config']) {
  const context = stepContextOf(provider, db, config);
  const sso = ssoHandlers(context);
  const interaction = interactionPages(context, sso);
  const secondFactor = secondFactorHandlers(context);
  const account = accountSecurityPages(context);
  const duringLogin = (answer: Parameters<typeof interaction.during>[0]) =>
    interaction.during(answer, { loginOnly: true });
  const duringLoginJson = (answer: Parameters<typeof interaction.during>[0]) =>
    interaction.during(answer, { loginOnly: true, gone: secondFactor.expiredJson });
  return {
    asset: serveAsset,
    signIn: interaction.show,
    login: interaction.login,
    ssoStart: interaction.sso,
    ssoComplete: duringLogin(sso.complete),
    mfa: duringLogin(secondFactor.show),
    mfaSubmit: duringLogin(secondFactor.submit),
    mfaPasskeyOptions: duringLoginJson(secondFactor.passkeyOptions),
    mfaPasskeyVerify: duringLoginJson(secondFactor.passkeyVerify),
    oidcCallback: sso.oidcCallback,
    samlAcs: sso.samlAcs,
    samlMetadata: sso.samlMetadata,
    account: account.show,
    accountTotp: account.addTotp,
    accountTotpConfirm: account.confirmTotp,
    accountPasskeyOptions: account.passkeyOptions,
    accountPasskeyVerify: account.passkeyVerify,
    accountCodes: account.showNewCodes,
    accountCodesRenew: account.renewCodes,
    accountCodesSaved: account.codesDone,
    accountRemove: account.remove,
    accountConfirm: account.showConfirm,
    accountConfirmSubmit: account.confirm,
    accountConfirmPasskeyOptions: account.confirmPasskeyOptions,
    accountConfirmPasskeyVerify: account.confirmPasskeyVerify,
  } satisfies Record<string, PageHandler>;
}

export type ProviderPages = ReturnType<typeof providerPages>;

interface PageRoute {
  url: string;
  /** What each method there answers; any other method gets 405 with Allow. */
  methods: Partial<Record<HTTPMethods, keyof ProviderPages>>;
  /** Larger than the pages' forms (bodies.ts). */
  bodyLimit?: number;
}

/** An interaction's id as oidc-provider makes them; a path with another is not one of ours. */
const UID = ':uid(^[A-Za-z0-9_-]{1,64}$)';
const INTERACTION = `/interaction/${UID}`;
const ACCOUNT = '/account/security';
const ORGANIZATION = ':organizationId(^[^/]{1,200}$)';

export const PAGE_ROUTES: readonly PageRoute[] = [
  { url: `/assets/:name(^${ASSET_NAME}$)`, methods: { GET: 'asset', HEAD: 'asset' } },
  { url: INTERACTION, methods: { GET: 'signIn' } },
  { url: `${INTERACTION}/login`, methods: { POST: 'login' } },
  { url: `${INTERACTION}/sso`, methods: { POST: 'ssoStart' } },
  { url: `${INTERACTION}/sso/complete`, methods: { GET: 'ssoComplete' } },
  { url: `${INTERACTION}/mfa`, methods: { GET: 'mfa', POST: 'mfaSubmit' } },
  { url: `${INTERACTION}/mfa/passkey/options`, methods: { POST: 'mfaPasskeyOptions' } },
  { url: `${INTERACTION}/mfa/passkey/verify`, methods: { POST: 'mfaPasskeyVerify' } },
  { url: '/sso/oidc/callback', methods: { GET: 'oidcCallback' } },
  { url: `/sso/saml/${ORGANIZATION}/acs`, methods: { POST: 'samlAcs' }, bodyLimit: MAX_SAML_FORM_BYTES },
  { url: `/sso/saml/${ORGANIZATION}/metadata`, methods: { GET: 'samlMetadata' } },
  { url: ACCOUNT, methods: { GET: 'account' } },
  { url: `${ACCOUNT}/totp`, methods: { POST: 'accountTotp' } },
  { url: `${ACCOUNT}/totp/confirm`, methods: { POST: 'accountTotpConfirm' } },
  { url: `${ACCOUNT}/passkey/options`, methods: { POST: 'accountPasskeyOptions' } },
  { url: `${ACCOUNT}/passkey/verify`, methods: { POST: 'accountPasskeyVerify' } },
  { url: `${ACCOUNT}/recovery-codes`, methods: { GET: 'accountCodes', POST: 'accountCodesRenew' } },
  { url: `${ACCOUNT}/recovery-codes/saved`, methods: { POST: 'accountCodesSaved' } },
  { url: `${ACCOUNT}/remove`, methods: { POST: 'accountRemove' } },
  { url: `${ACCOUNT}/confirm`, methods: { GET: 'accountConfirm', POST: 'accountConfirmSubmit' } },
  { url: `${ACCOUNT}/confirm/passkey/options`, methods: { POST: 'accountConfirmPasskeyOptions' } },
  { url: `${ACCOUNT}/confirm/passkey/verify`, methods: { POST: 'accountConfirmPasskeyVerify' } },
];

/**
 * Registers the table, each answer given by the provider bound now (`current`; 503 until there is
 * one). HEAD is answered only where the table says (no HEAD route made for each GET).
 */
export function registerPageRoutes(app: FastifyInstance, current: () => ProviderPages | undefined): void {
  for (const { url, methods, bodyLimit } of PAGE_ROUTES) {
    const allowed = Object.keys(methods) as HTTPMethods[];
    const limit = bodyLimit ? { bodyLimit } : {};
    for (const method of allowed) {
      const name = methods[method]!;
      app.route({
        method,
        url,
        exposeHeadRoute: false,
        ...limit,
        handler: (request, reply) => {
          const pages = current();
          if (!pages) return void reply.code(503).send();
          return pages[name](request as never, reply);
        },
      });
    }
    const others = app.supportedMethods.filter((method) => !allowed.includes(method));
    app.route({
      method: others,
      url,
      exposeHeadRoute: false,
      handler: (_request, reply) => void reply.code(405).header('allow', allowed.join(', ')).send(),
    });
  }
}
