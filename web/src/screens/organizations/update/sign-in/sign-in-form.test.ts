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
} from './sign-in-form.js';

const ISSUER = 'https://login.acme.test/v2.0';
const oidc = {
  protocol: 'OIDC',
  ssoOnly: true,
  defaultRole: 'ORG_ADMIN',
  issuer: ISSUER,
  clientId: 'meridian',
  hasClientSecret: true,
  idpMetadataUrl: null,
} as const;
const samlFromUrl = {
  protocol: 'SAML',
  ssoOnly: false,
  defaultRole: 'ORG_USER',
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
