import { startCustomerOidc, startSamlIdp } from '@meridian/platform/test-support';

/**
 * Two customer identity providers for trying single sign-on on the embedded product (`npm start`): an
 * OpenID provider and a SAML IdP, the very ones the tests sign in through, on fixed local ports. The
 * README's "Try single sign-on" says what to enter in an organization's Sign-in section. Local only:
 * anyone may sign in as anyone here.
 */
const ISSUER = process.env.OIDC_ISSUER ?? 'http://localhost:4011';
const OIDC_PORT = Number(process.env.DEMO_OIDC_PORT ?? 4020);
const SAML_PORT = Number(process.env.DEMO_SAML_PORT ?? 4021);
const DOMAIN = process.env.DEMO_SSO_DOMAIN ?? 'acme.test';

const oidc = await startCustomerOidc({
  port: OIDC_PORT,
  clients: [
    { clientId: 'meridian-demo', clientSecret: 'meridian-demo-secret', redirectUris: [`${ISSUER}/sso/oidc/callback`] },
  ],
  accounts: {
    pat: { email: `pat.demo@${DOMAIN}`, givenName: 'Pat', familyName: 'Demo' },
    uma: { email: `user@${DOMAIN}`, givenName: 'Uma', familyName: 'Acme' },
    mfa: { email: `mia.demo@${DOMAIN}`, givenName: 'Mia', familyName: 'Demo', amr: ['pwd', 'otp', 'mfa'] },
  },
});
const saml = await startSamlIdp({ port: SAML_PORT });

console.info(`Customer OpenID provider: issuer ${oidc.issuer}, client id meridian-demo, secret meridian-demo-secret`);
console.info(
  `  usernames: pat (pat.demo@${DOMAIN}, new), uma (user@${DOMAIN}), mfa (mia.demo@${DOMAIN}, says it used MFA)`,
);
console.info(`Customer SAML IdP: metadata URL ${saml.metadataUrl} (signs in whatever email you type)`);
console.info('Ctrl-C stops them.');

const stop = () => void Promise.all([oidc.close(), saml.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
