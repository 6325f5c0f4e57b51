// An organization's single sign-on connection through GraphQL (issue 30), against the real platform:
// operators and the organization's Org Admins set, test and remove it, only operators change the Org
// Admins' emergency access (issue 39); the client secret goes in and never comes out; the platform's
// refusals come back in words, on the field; what a save would change is counted before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@meridian/schema';
import { startSamlIdp, type SamlIdp } from '@meridian/platform/test-support';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;
let operator: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  operator = await gateway.tokens.user('admin@meridian.test');
});
afterAll(async () => {
  await gateway?.close();
});

async function answer(query: string, variables: Record<string, unknown>, token: string) {
  const { status, body } = await gateway.request(query, variables, token);
  return { status, body, text: JSON.stringify(body) };
}

async function data<T = Json>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { status, body } = await answer(query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

/** The first error's message and code (the field resolves to null with it). */
async function refusal(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await answer(query, variables, token);
  const error = body.errors?.[0];
  return { message: error?.message, code: error?.extensions?.code };
}

const SSO_FIELDS = `protocol ssoOnly defaultRole trustIdpMfa adminEmergencyAccess issuer clientId hasClientSecret redirectUri
  idpEntityId idpSsoUrl idpMetadataUrl spEntityId acsUrl spMetadataUrl updatedAt`;
const READ = `query($id: ID!) { organization(id: $id) { id sso { ${SSO_FIELDS} } } }`;
const SET = `mutation($id: ID!, $input: OrganizationSsoInput!) { setOrganizationSso(id: $id, input: $input) {
  organization { id sso { ${SSO_FIELDS} } } inputErrors { field message } } }`;
const REMOVE = `mutation($id: ID!) { removeOrganizationSso(id: $id) {
  organization { id sso { protocol } } inputErrors { field message } } }`;
const TEST = `mutation($id: ID!, $input: OrganizationSsoInput!) { testOrganizationSso(id: $id, input: $input) {
  test { ok message } inputErrors { field message } } }`;
const UPDATE_DOMAINS = `mutation($id: ID!, $domain: [String!]!) { updateOrganization(id: $id, input: { domain: $domain }) {
  organization { id domain } inputErrors { field message } } }`;

/** Saving does not contact the issuer: nothing listens on port 1. */
const ISSUER = 'http://127.0.0.1:1/';
const SECRET = 'acme-client-secret-7f3c9a1e';
const OIDC = { protocol: 'OIDC', issuer: ISSUER, clientId: 'meridian-console', clientSecret: SECRET };

const FORBIDDEN = { message: MESSAGES.permissionDenied, code: 'FORBIDDEN' };

describe('setting an OIDC connection', () => {
  it('lets an operator set it, answers what the customer’s IT needs, and never reads the secret back', async () => {
    const sent = await answer(
      SET,
      { id: 'acme', input: { ...OIDC, ssoOnly: true, defaultRole: 'ORG_ADMIN', trustIdpMfa: true } },
      operator,
    );
    expect(sent.body.errors, sent.text).toBeUndefined();
    const { organization, inputErrors } = (sent.body.data as Json).setOrganizationSso;
    expect(inputErrors).toEqual([]);
    expect(organization.sso).toEqual({
      protocol: 'OIDC',
      ssoOnly: true,
      defaultRole: 'ORG_ADMIN',
      trustIdpMfa: true,
      adminEmergencyAccess: true,
      issuer: ISSUER,
      clientId: 'meridian-console',
      hasClientSecret: true,
      redirectUri: `${gateway.platform.issuer.replace(/\/$/, '')}/sso/oidc/callback`,
      idpEntityId: null,
      idpSsoUrl: null,
      idpMetadataUrl: null,
      spEntityId: null,
      acsUrl: null,
      spMetadataUrl: null,
      updatedAt: expect.any(String),
    });
    expect(sent.text).not.toContain(SECRET);

    // Read again, the same; the contract has no field that could carry the secret.
    const read = await answer(READ, { id: 'acme' }, operator);
    expect((read.body.data as Json).organization.sso).toEqual(organization.sso);
    expect(read.text).not.toContain(SECRET);
    const asked = await gateway.request(`query { organization(id: "acme") { sso { clientSecret } } }`, {}, operator);
    expect(asked.body.errors?.[0]?.message).toMatch(/Cannot query field "clientSecret"/);
  });

  it('keeps the stored secret when a later save leaves it out', async () => {
    const { setOrganizationSso } = await data(
      SET,
      { id: 'acme', input: { protocol: 'OIDC', issuer: ISSUER, clientId: 'meridian-console-2' } },
      operator,
    );
    expect(setOrganizationSso.inputErrors).toEqual([]);
    expect(setOrganizationSso.organization.sso).toMatchObject({
      clientId: 'meridian-console-2',
      hasClientSecret: true,
      // Left out, these fall back to their defaults; the trust in the provider's factor stays as saved.
      ssoOnly: false,
      defaultRole: 'ORG_USER',
      trustIdpMfa: true,
    });
  });

  it('lets the organization’s Org Admin set, test and remove it, but never change their admins’ emergency access', async () => {
    const orgAdmin = await gateway.tokens.user('orgadmin@acme.test');
    const { organization } = await data(READ, { id: 'acme' }, orgAdmin);
    expect(organization.sso).toMatchObject({ protocol: 'OIDC', hasClientSecret: true });
    expect(organization.sso.redirectUri).toMatch(/\/sso\/oidc\/callback$/);
    const own = await data(SET, { id: 'acme', input: { ...OIDC, ssoOnly: true } }, orgAdmin);
    expect(own.setOrganizationSso.inputErrors).toEqual([]);
    expect(own.setOrganizationSso.organization.sso).toMatchObject({ ssoOnly: true, adminEmergencyAccess: true });
    for (const adminEmergencyAccess of [false, true])
      expect(
        await refusal(SET, { id: 'acme', input: { ...OIDC, ssoOnly: true, adminEmergencyAccess } }, orgAdmin),
      ).toEqual(FORBIDDEN);
    expect((await data(TEST, { id: 'acme', input: OIDC }, orgAdmin)).testOrganizationSso.test.ok).toBe(false);

    // An operator takes it away; the Org Admin's next save of the rest leaves it away.
    const taken = await data(
      SET,
      { id: 'acme', input: { ...OIDC, ssoOnly: true, adminEmergencyAccess: false } },
      operator,
    );
    expect(taken.setOrganizationSso.organization.sso).toMatchObject({ adminEmergencyAccess: false });
    const later = await data(SET, { id: 'acme', input: { ...OIDC, ssoOnly: false } }, orgAdmin);
    expect(later.setOrganizationSso.organization.sso).toMatchObject({ ssoOnly: false, adminEmergencyAccess: false });

    // Removed by the Org Admin, then set again for the operator's removal below.
    expect((await data(REMOVE, { id: 'acme' }, orgAdmin)).removeOrganizationSso.organization.sso).toBeNull();
    expect((await data(SET, { id: 'acme', input: OIDC }, orgAdmin)).setOrganizationSso.inputErrors).toEqual([]);

    // Another organization's admin does not see it at all, nor change it.
    const globex = await gateway.tokens.user('orgadmin@globex.test');
    expect((await refusal(READ, { id: 'acme' }, globex)).code).toBe('FORBIDDEN');
    expect(await refusal(SET, { id: 'acme', input: OIDC }, globex)).toEqual(FORBIDDEN);
    expect(await refusal(REMOVE, { id: 'acme' }, globex)).toEqual(FORBIDDEN);
  });

  it('names each missing field under input', async () => {
    const { setOrganizationSso } = await data(
      SET,
      { id: 'globex', input: { protocol: 'OIDC', issuer: ISSUER } },
      operator,
    );
    expect(setOrganizationSso.organization).toBeNull();
    expect(setOrganizationSso.inputErrors).toEqual([
      { field: 'input.clientId', message: 'Enter the client id Meridian has at your provider.' },
      { field: 'input.clientSecret', message: 'Enter the client secret Meridian has at your provider.' },
    ]);
    const noIssuer = await data(SET, { id: 'globex', input: { ...OIDC, issuer: ' ' } }, operator);
    expect(noIssuer.setOrganizationSso.inputErrors).toEqual([
      { field: 'input.issuer', message: 'Enter the issuer of your OpenID provider.' },
    ]);
    expect((await data(READ, { id: 'globex' }, operator)).organization.sso).toBeNull();
  });

  it('names the metadata field when SAML metadata is missing or not XML', async () => {
    const missing = await data(SET, { id: 'globex', input: { protocol: 'SAML' } }, operator);
    expect(missing.setOrganizationSso.inputErrors).toEqual([
      { field: 'input.metadataXml', message: expect.any(String) },
    ]);
    const notXml = await data(
      SET,
      { id: 'globex', input: { protocol: 'SAML', metadataXml: 'not metadata' } },
      operator,
    );
    expect(notXml.setOrganizationSso.inputErrors).toEqual([
      { field: 'input.metadataXml', message: expect.stringContaining('not XML') },
    ]);
  });

  it('refuses, in words, an organization without email domains', async () => {
    const cleared = await data(UPDATE_DOMAINS, { id: 'initech', domain: [] }, operator);
    expect(cleared.updateOrganization.organization.domain).toEqual([]);
    const { setOrganizationSso } = await data(SET, { id: 'initech', input: OIDC }, operator);
    expect(setOrganizationSso.organization).toBeNull();
    expect(setOrganizationSso.inputErrors).toEqual([{ field: null, message: expect.stringMatching(/email domains/) }]);
    expect((await data(READ, { id: 'initech' }, operator)).organization.sso).toBeNull();
  });
});

describe('testing a connection', () => {
  it('says in words that an issuer cannot be reached, and names a missing field', async () => {
    const { testOrganizationSso } = await data(TEST, { id: 'globex', input: OIDC }, operator);
    expect(testOrganizationSso.inputErrors).toEqual([]);
    expect(testOrganizationSso.test.ok).toBe(false);
    expect(testOrganizationSso.test.message.length).toBeGreaterThan(10);
    const missing = await data(TEST, { id: 'globex', input: { protocol: 'OIDC', clientId: 'x' } }, operator);
    expect(missing.testOrganizationSso).toEqual({
      test: null,
      inputErrors: [{ field: 'input.issuer', message: 'Enter the issuer of your OpenID provider.' }],
    });
    // A test saves nothing.
    expect((await data(READ, { id: 'globex' }, operator)).organization.sso).toBeNull();
  });
});

describe('domains, compared lower-case and by label (issue 39)', () => {
  it('names the domain field and the rule for a domain equal to, under or above another organization’s', async () => {
    for (const [domain, message] of [
      [
        'ACME.test',
        'Domain acme.test is already a domain of Acme Health: no organization may hold a domain equal to, under or above another organization’s.',
      ],
      [
        'Clinic.Acme.Test',
        'Domain clinic.acme.test lies under acme.test, a domain of Acme Health: no organization may hold a domain equal to, under or above another organization’s.',
      ],
    ] as const) {
      const { updateOrganization } = await data(
        UPDATE_DOMAINS,
        { id: 'globex', domain: ['globex.test', domain] },
        operator,
      );
      expect(updateOrganization).toEqual({ organization: null, inputErrors: [{ field: 'input.domain', message }] });
    }
    expect(
      (await data(UPDATE_DOMAINS, { id: 'globex', domain: ['Globex.TEST'] }, operator)).updateOrganization,
    ).toEqual({ organization: { id: 'globex', domain: ['globex.test'] }, inputErrors: [] });
  });
});

describe('a test sign-in (issue 39)', () => {
  const START = `mutation($id: ID!) { startOrganizationSsoTestSignIn(id: $id) {
    testSignIn { url state expiresAt } inputErrors { field message } } }`;
  const RESULT = `query($id: ID!, $state: String!) { organizationSsoTestSignIn(id: $id, state: $state) {
    state protocol answered verified message returned { name value }
    preview { email outcome refusal role existingUser secondFactor } } }`;
  let idp: SamlIdp;
  beforeAll(async () => {
    idp = await startSamlIdp();
    await data(SET, { id: 'globex', input: { protocol: 'SAML', metadataXml: idp.metadataXml } }, operator);
  });
  afterAll(async () => {
    await data(REMOVE, { id: 'globex' }, operator);
    await idp?.close();
  });

  it('starts one through the saved connection and answers its result to the operator who started it', async () => {
    const { startOrganizationSsoTestSignIn } = await data(START, { id: 'globex' }, operator);
    expect(startOrganizationSsoTestSignIn.inputErrors).toEqual([]);
    const { url, state } = startOrganizationSsoTestSignIn.testSignIn;
    expect(new URL(url).origin).toBe(new URL(idp.metadataUrl).origin);
    expect((await data(RESULT, { id: 'globex', state }, operator)).organizationSsoTestSignIn).toEqual({
      state,
      protocol: 'SAML',
      answered: false,
      verified: null,
      message: null,
      returned: [],
      preview: null,
    });
    // The IdP answers; the platform keeps the result (what the browser would post to the ACS URL).
    const post = await idp.respond(url, { email: 'gia.new@globex.test', givenName: 'Gia' });
    const acs = await fetch(post.acsUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: post.SAMLResponse, RelayState: post.RelayState }),
    });
    expect(acs.status).toBe(303);
    const { organizationSsoTestSignIn } = await data(RESULT, { id: 'globex', state }, operator);
    expect(organizationSsoTestSignIn).toMatchObject({
      answered: true,
      verified: true,
      preview: {
        email: 'gia.new@globex.test',
        outcome: 'CREATE',
        refusal: null,
        role: 'ORG_USER',
        existingUser: false,
        secondFactor: 'NONE',
      },
    });
    expect(organizationSsoTestSignIn.returned).toContainEqual({ name: 'nameID', value: 'gia.new@globex.test' });
    // Whoever did not start it reads nothing; the Org Admin, who connects the organization too, starts
    // one of their own.
    const globexAdmin = await gateway.tokens.user('orgadmin@globex.test');
    expect((await data(RESULT, { id: 'globex', state }, globexAdmin)).organizationSsoTestSignIn).toBeNull();
    const own = (await data(START, { id: 'globex' }, globexAdmin)).startOrganizationSsoTestSignIn;
    expect(own.inputErrors).toEqual([]);
    expect(
      (await data(RESULT, { id: 'globex', state: own.testSignIn.state }, globexAdmin)).organizationSsoTestSignIn,
    ).toMatchObject({ answered: false });
  });

  it('says in words why a test cannot start', async () => {
    const { startOrganizationSsoTestSignIn } = await data(START, { id: 'acme' }, operator);
    expect(startOrganizationSsoTestSignIn).toEqual({
      testSignIn: null,
      inputErrors: [{ field: null, message: expect.stringMatching(/could not be reached/) }],
    });
  });
});

describe('removing a connection', () => {
  it('lets an operator remove it: the organization’s people sign in with passwords again', async () => {
    const { removeOrganizationSso } = await data(REMOVE, { id: 'acme' }, operator);
    expect(removeOrganizationSso).toEqual({ organization: { id: 'acme', sso: null }, inputErrors: [] });
    expect((await data(READ, { id: 'acme' }, operator)).organization.sso).toBeNull();
    // Removing what is not there is said, not ignored.
    const again = await refusal(REMOVE, { id: 'acme' }, operator);
    expect(again.message).toMatch(/not found/i);
  });
});

describe('what the console asks before a save', () => {
  const NEEDS = `query($id: ID!) { organization(id: $id) { id sso { protocol }
    ssoServiceProvider { redirectUri entityId acsUrl metadataUrl }
    signInImpact { ssoOnlyPeople ssoOnlyOrgAdmins ssoOnlyOrgAdminsWithSecondFactor recentSsoPeople peopleWithoutSecondFactor } } }`;

  it('answers what the customer’s IT enters at their provider before any connection is saved', async () => {
    const orgAdmin = await gateway.tokens.user('orgadmin@globex.test');
    const { organization } = await data(NEEDS, { id: 'globex' }, orgAdmin);
    const issuer = gateway.platform.issuer.replace(/\/$/, '');
    expect(organization.sso).toBeNull();
    expect(organization.ssoServiceProvider).toEqual({
      redirectUri: `${issuer}/sso/oidc/callback`,
      entityId: `${issuer}/sso/saml/globex`,
      acsUrl: `${issuer}/sso/saml/globex/acs`,
      metadataUrl: `${issuer}/sso/saml/globex/metadata`,
    });
  });

  it('counts whom the sign-in settings would touch, for those who read the organization only', async () => {
    const { organization } = await data(NEEDS, { id: 'globex' }, await gateway.tokens.user('viewer@meridian.test'));
    // Globex's fixture people: its Org Admin and an Org User, neither with a second factor.
    expect(organization.signInImpact).toEqual({
      ssoOnlyPeople: 2,
      ssoOnlyOrgAdmins: 1,
      ssoOnlyOrgAdminsWithSecondFactor: 0,
      recentSsoPeople: 0,
      peopleWithoutSecondFactor: 2,
    });
    const user = await gateway.tokens.user('user@globex.test');
    const refused = await gateway.request(
      `query { organization(id: "globex") { id signInImpact { ssoOnlyPeople } } }`,
      {},
      user,
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
