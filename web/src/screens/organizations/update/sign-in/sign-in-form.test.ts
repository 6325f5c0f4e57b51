import { IDENTITY_PROVIDER_URL_MESSAGE } from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID_REQUIRED_MESSAGE,
  CLIENT_SECRET_REQUIRED_MESSAGE,
  ISSUER_REQUIRED_MESSAGE,
  METADATA_URL_REQUIRED_MESSAGE,
  METADATA_XML_REQUIRED_MESSAGE,
  signInValuesOf,
  toConnectionInput,
  toSetInput,
  validateSignIn,
  type SignInValues,
} from './sign-in-form.js';
import { saveConsequencesOf } from './save-consequences.js';

const ISSUER = 'https://login.acme.test/v2.0';
const oidc = {
  protocol: 'OIDC',
  ssoOnly: true,
  defaultRole: 'ORG_ADMIN',
  adminEmergencyAccess: true,
  issuer: ISSUER,
  clientId: 'meridian',
  hasClientSecret: true,
  idpMetadataUrl: null,
} as const;
const samlFromUrl = {
  protocol: 'SAML',
  ssoOnly: false,
  defaultRole: 'ORG_USER',
  adminEmergencyAccess: true,
  issuer: null,
  clientId: null,
  hasClientSecret: false,
  idpMetadataUrl: 'https://idp.acme.test/metadata',
} as const;

const none = signInValuesOf(null);
const savedOidc = signInValuesOf(oidc);
const STORED = { hasClientSecret: true };
const NO_SECRET = { hasClientSecret: false };

describe('sign-in form', () => {
  it('starts a new connection as OIDC for Org Users, passwords still allowed', () => {
    expect(none).toEqual({
      protocol: 'OIDC',
      issuer: '',
      clientId: '',
      clientSecret: '',
      metadataSource: 'url',
      metadataUrl: '',
      metadataXml: '',
      ssoOnly: false,
      defaultRole: 'ORG_USER',
      trustIdpMfa: false,
      adminEmergencyAccess: true,
    });
    // Untouched, there is nothing to save yet.
    expect(toSetInput(none, none)).toBeNull();
  });

  it('reads a saved connection, never a secret, and SAML metadata from where it came', () => {
    expect(savedOidc).toMatchObject({ protocol: 'OIDC', issuer: ISSUER, clientId: 'meridian', clientSecret: '' });
    expect(signInValuesOf(samlFromUrl)).toMatchObject({
      protocol: 'SAML',
      metadataSource: 'url',
      metadataUrl: 'https://idp.acme.test/metadata',
    });
    // Metadata pasted as XML is not read back: the form asks for it again.
    expect(signInValuesOf({ ...samlFromUrl, idpMetadataUrl: null })).toMatchObject({
      metadataSource: 'xml',
      metadataXml: '',
    });
  });

  it('sends the whole connection once anything changed, the secret only when typed', () => {
    expect(toSetInput(savedOidc, savedOidc)).toBeNull();
    expect(toSetInput({ ...savedOidc, issuer: ` ${ISSUER} ` }, savedOidc)).toBeNull();
    expect(toSetInput({ ...savedOidc, ssoOnly: false }, savedOidc)).toEqual({
      protocol: 'OIDC',
      issuer: ISSUER,
      clientId: 'meridian',
      ssoOnly: false,
      defaultRole: 'ORG_ADMIN',
      trustIdpMfa: false,
    });
    expect(toSetInput({ ...savedOidc, clientSecret: ' new-secret ' }, savedOidc)).toEqual({
      protocol: 'OIDC',
      issuer: ISSUER,
      clientId: 'meridian',
      clientSecret: 'new-secret',
      ssoOnly: true,
      defaultRole: 'ORG_ADMIN',
      trustIdpMfa: false,
    });
  });

  it('sends only the fields of the protocol chosen, and the metadata from the source chosen', () => {
    const saml = { ...savedOidc, protocol: 'SAML' as const, metadataUrl: ' https://idp.acme.test/md ' };
    expect(toSetInput(saml, savedOidc)).toEqual({
      protocol: 'SAML',
      metadataUrl: 'https://idp.acme.test/md',
      ssoOnly: true,
      defaultRole: 'ORG_ADMIN',
      trustIdpMfa: false,
    });
    const pasted = { ...saml, metadataSource: 'xml' as const, metadataXml: '<EntityDescriptor/>' };
    expect(toConnectionInput(pasted)).toEqual({
      protocol: 'SAML',
      metadataXml: '<EntityDescriptor/>',
      ssoOnly: true,
      defaultRole: 'ORG_ADMIN',
      trustIdpMfa: false,
    });
    const savedSaml = signInValuesOf(samlFromUrl);
    expect(toSetInput(savedSaml, savedSaml)).toBeNull();
    expect(toSetInput({ ...savedSaml, metadataSource: 'xml' }, savedSaml)).not.toBeNull();
  });

  it('reads and sends whether the provider’s second factor counts, a change of it alone being one', () => {
    const trusting = signInValuesOf({ ...oidc, trustIdpMfa: true });
    expect(trusting.trustIdpMfa).toBe(true);
    expect(toSetInput(trusting, trusting)).toBeNull();
    expect(toSetInput({ ...trusting, trustIdpMfa: false }, trusting)).toMatchObject({ trustIdpMfa: false });
  });

  it('names what an OIDC connection misses, the secret only when none is stored and only for a save', () => {
    expect(validateSignIn(savedOidc, STORED)).toEqual({});
    expect(validateSignIn(none, NO_SECRET)).toEqual({
      issuer: ISSUER_REQUIRED_MESSAGE,
      clientId: CLIENT_ID_REQUIRED_MESSAGE,
      clientSecret: CLIENT_SECRET_REQUIRED_MESSAGE,
    });
    // A test reads only the discovery document: no secret needed.
    expect(validateSignIn({ ...none, issuer: ISSUER, clientId: 'x' }, NO_SECRET, { requireSecret: false })).toEqual({});
    expect(validateSignIn({ ...savedOidc, issuer: 'login.acme.test' }, STORED)).toEqual({
      issuer: IDENTITY_PROVIDER_URL_MESSAGE,
    });
    expect(validateSignIn({ ...savedOidc, issuer: 'http://login.acme.test' }, STORED)).toEqual({
      issuer: IDENTITY_PROVIDER_URL_MESSAGE,
    });
  });

  it('names the SAML metadata field of the source chosen', () => {
    const saml = { ...none, protocol: 'SAML' as const };
    expect(validateSignIn(saml, NO_SECRET)).toEqual({ metadataUrl: METADATA_URL_REQUIRED_MESSAGE });
    expect(validateSignIn({ ...saml, metadataUrl: 'ftp://idp' }, NO_SECRET)).toEqual({
      metadataUrl: IDENTITY_PROVIDER_URL_MESSAGE,
    });
    expect(validateSignIn({ ...saml, metadataSource: 'xml', metadataXml: '  ' }, NO_SECRET)).toEqual({
      metadataXml: METADATA_XML_REQUIRED_MESSAGE,
    });
    expect(validateSignIn({ ...saml, metadataSource: 'xml', metadataXml: '<EntityDescriptor/>' }, NO_SECRET)).toEqual(
      {},
    );
  });
});

describe('the Org Admins’ emergency access in the form', () => {
  it('is on for a new connection and sent only when an operator changes it', () => {
    expect(none.adminEmergencyAccess).toBe(true);
    const filled = { ...none, issuer: ISSUER, clientId: 'meridian', clientSecret: 's', ssoOnly: true };
    expect(toSetInput(filled, none)).not.toHaveProperty('adminEmergencyAccess');
    expect(toSetInput({ ...filled, adminEmergencyAccess: false }, none)).toMatchObject({ adminEmergencyAccess: false });
    // Changing it alone is a change; a test never sends it.
    expect(toSetInput({ ...savedOidc, adminEmergencyAccess: false }, savedOidc)).toMatchObject({
      adminEmergencyAccess: false,
    });
    expect(toConnectionInput({ ...savedOidc, adminEmergencyAccess: false })).not.toHaveProperty('adminEmergencyAccess');
  });
});

describe('what a save asks first', () => {
  const facts = (values: SignInValues) => ({
    protocol: values.protocol,
    ssoOnly: values.ssoOnly,
    defaultRole: values.defaultRole,
    adminEmergencyAccess: values.adminEmergencyAccess,
  });
  const passwordsToo = { ...savedOidc, ssoOnly: false, defaultRole: 'ORG_USER' as const };

  it('asks before single sign-on only goes on, for a new connection or a saved one', () => {
    expect(saveConsequencesOf({ ...none, ssoOnly: true }, null)).toEqual([
      { kind: 'ssoOnly', adminEmergencyAccess: true },
    ]);
    expect(saveConsequencesOf({ ...passwordsToo, ssoOnly: true }, facts(passwordsToo))).toEqual([
      { kind: 'ssoOnly', adminEmergencyAccess: true },
    ]);
    // Already on, and nothing else that matters changes: nothing to ask.
    expect(saveConsequencesOf({ ...savedOidc, clientId: 'other' }, facts(savedOidc))).toEqual([]);
    expect(saveConsequencesOf(passwordsToo, facts(passwordsToo))).toEqual([]);
  });

  it('asks before the Org Admins’ emergency access goes while single sign-on only stays', () => {
    const onlySso = { ...passwordsToo, ssoOnly: true };
    expect(saveConsequencesOf({ ...onlySso, adminEmergencyAccess: false }, facts(onlySso))).toEqual([
      { kind: 'adminsLoseEmergencyAccess' },
    ]);
    expect(
      saveConsequencesOf({ ...passwordsToo, ssoOnly: true, adminEmergencyAccess: false }, facts(passwordsToo)),
    ).toEqual([{ kind: 'ssoOnly', adminEmergencyAccess: false }]);
  });

  it('asks before a saved connection switches protocol, and before new people become Org Admins', () => {
    expect(saveConsequencesOf({ ...passwordsToo, protocol: 'SAML' }, facts(passwordsToo))).toEqual([
      { kind: 'protocolSwitch', from: 'OIDC', to: 'SAML' },
    ]);
    // A first connection switches nothing.
    expect(saveConsequencesOf({ ...none, protocol: 'SAML' }, null)).toEqual([]);
    expect(saveConsequencesOf({ ...none, defaultRole: 'ORG_ADMIN' }, null)).toEqual([{ kind: 'adminDefaultRole' }]);
    expect(saveConsequencesOf(savedOidc, facts(savedOidc))).toEqual([]);
  });
});
