// The SAML adapter against a real identity provider (samlify in IdP mode, over HTTP) and a real
// database (the request ids live in sso_saml_requests): what a good response yields, and each way a
// response is refused, in the words the person reads.
import { X509Certificate } from 'node:crypto';
import { SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { deleteExpiredSamlRequests } from '../../stores/saml-requests.js';
import { openTestDatabase } from '../../test-support/platform.js';
import { freePort } from '../../test-support/ports.js';
import { startSamlIdp, type SamlIdp, type SamlResponseOptions, type SamlUser } from '../../test-support/saml-idp.js';
import {
  SAML_REQUEST_EXPIRY_MS,
  certificateStanding,
  fetchIdpMetadata,
  readIdpMetadata,
  samlAuthorizeUrl,
  samlIdentity,
  serviceProviderMetadata,
} from './saml.js';
import { transportOf } from './connections.js';
import { SsoConfigProblem, SsoRefusal, type IdpMetadata } from './types.js';

/** Outside production: http:// and loopback allowed, no address guard. */
const local = transportOf({ appEnv: 'local' });

const SP = { entityId: 'https://meridian.test/sso/saml/acme', acsUrl: 'https://meridian.test/sso/saml/acme/acs' };
const DANA: SamlUser = { email: 'Dana.Reyes@Acme.test', givenName: 'Dana', familyName: 'Reyes' };
const IDP_ENTITY_ID = 'https://idp.acme.test/saml';

let db: Database;
let drop: () => Promise<void>;
let idp: SamlIdp;
/** Claims to be Acme's IdP, but signs with a key Acme's metadata does not name. */
let impostor: SamlIdp;
let acme: IdpMetadata;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  idp = await startSamlIdp({ entityId: IDP_ENTITY_ID });
  impostor = await startSamlIdp({ entityId: IDP_ENTITY_ID, signingKey: 'second' });
  acme = readIdpMetadata(idp.metadataXml);
});
afterAll(async () => {
  await Promise.all([idp?.close(), impostor?.close()]);
  await drop?.();
});

/** Starts a sign-in and has `from` (Acme's IdP unless set) answer it for `user`. */
async function signIn(user: SamlUser, options: SamlResponseOptions = {}, from: SamlIdp = idp) {
  const { url, requestId } = await samlAuthorizeUrl(db, acme, SP, 'relay-state-1');
  const post = await from.respond(url, user, options);
  return { requestId, post, form: { SAMLResponse: post.SAMLResponse, RelayState: post.RelayState } };
}

/** The refusal's words, or a failure when the response was accepted. */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SsoRefusal);
  return (error as SsoRefusal).message;
}

async function configProblem(work: () => unknown): Promise<SsoConfigProblem> {
  const error = await Promise.resolve()
    .then(work)
    .then(
      () => null,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(SsoConfigProblem);
  return error as SsoConfigProblem;
}

const requestRows = async (id: string) =>
  (await db.query('SELECT id FROM sso_saml_requests WHERE id = $1', [id])).rows.length;

const CERTIFICATE = 'MIIBszCCAVmgAwIBAgIUQ';
const idpMetadataXml = (descriptor: string) =>
  `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test">
     <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${descriptor}</md:IDPSSODescriptor>
   </md:EntityDescriptor>`;

describe('readIdpMetadata', () => {
  it("reads the IdP's entity id, HTTP-Redirect sign-in URL and signing certificate", () => {
    expect(acme.entityId).toBe(IDP_ENTITY_ID);
    expect(acme.ssoUrl).toBe(idp.metadataUrl.replace('/metadata', '/sso'));
    expect(acme.certificates).toHaveLength(1);
    expect(acme.certificates[0]).not.toMatch(/\s/);
    expect(new X509Certificate(Buffer.from(acme.certificates[0]!, 'base64')).subject).toBe(
      'CN=Meridian test SAML IdP 1',
    );
  });

  it('refuses what is not XML, in words', async () => {
    const problem = await configProblem(() => readIdpMetadata('https://idp.acme.test/metadata'));
    expect(problem.field).toBe('metadataXml');
    expect(problem.message).toMatch(/^The metadata is not XML/);
  });

  it('refuses a DOCTYPE (no entity tricks)', async () => {
    const xml = `<!DOCTYPE md:EntityDescriptor [<!ENTITY sso "https://idp.example.test/sso">]>${idpMetadataXml('')}`;
    expect((await configProblem(() => readIdpMetadata(xml))).message).toMatch(/contains a DOCTYPE declaration/);
  });

  it('refuses metadata without a signing certificate, in words', async () => {
    const xml = idpMetadataXml(
      '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/sso"/>',
    );
    const problem = await configProblem(() => readIdpMetadata(xml));
    expect(problem.field).toBe('metadataXml');
    expect(problem.message).toMatch(/has no signing certificate/);
  });

  it('refuses metadata whose only sign-in URL is for another binding', async () => {
    const xml = idpMetadataXml(
      '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.test/sso"/>',
    );
    expect((await configProblem(() => readIdpMetadata(xml))).message).toMatch(
      /no sign-in URL for the HTTP-Redirect binding/,
    );
  });

  it('refuses a sign-in URL in plain http on another machine (https, as every connection address)', async () => {
    const xml = idpMetadataXml(
      '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http://idp.example.test/sso"/>',
    );
    expect((await configProblem(() => readIdpMetadata(xml))).message).toMatch(/sign-in URL must be https/);
  });

  it("refuses a service provider's metadata (ours) as an IdP's", async () => {
    expect((await configProblem(() => readIdpMetadata(serviceProviderMetadata(SP)))).message).toMatch(
      /describes no identity provider/,
    );
  });

  it('refuses a certificate that is not one, and metadata over 256 KiB', async () => {
    const xml = idpMetadataXml(
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${CERTIFICATE}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
       <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/sso"/>`,
    );
    expect((await configProblem(() => readIdpMetadata(xml))).message).toMatch(/not a valid X\.509 certificate/);
    const huge = idpMetadataXml(`<!--${'x'.repeat(300 * 1024)}-->`);
    expect((await configProblem(() => readIdpMetadata(huge))).message).toMatch(/larger than 256 KiB/);
  });
});

describe('fetchIdpMetadata', () => {
  it("downloads the IdP's metadata", async () => {
    expect(await fetchIdpMetadata(idp.metadataUrl, local)).toBe(idp.metadataXml);
  });

  it('refuses http:// unless the transport allows it, an error status, and an address that does not answer', async () => {
    const http = await configProblem(() => fetchIdpMetadata(idp.metadataUrl, { ...local, allowHttp: false }));
    expect(http.field).toBe('metadataUrl');
    expect(http.message).toBe('The metadata URL must start with https://.');
    const missing = await configProblem(() => fetchIdpMetadata(`${idp.metadataUrl}/none`, local));
    expect(missing.message).toBe('The metadata URL answered HTTP 404 instead of the metadata.');
    const closed = await configProblem(() => fetchIdpMetadata('http://127.0.0.1:1/metadata', local));
    expect(closed.message).toBe('The metadata URL could not be reached, or did not answer within 5 seconds.');
  });

  it('in production reaches no loopback or private address, by name or by literal, in the same words open or closed', async () => {
    const production = transportOf({ appEnv: 'production' });
    const open = new URL(idp.metadataUrl).port;
    const closed = await freePort();
    for (const url of [
      `https://localhost:${open}/metadata`,
      `https://localhost:${closed}/metadata`,
      `https://127.0.0.1:${open}/metadata`,
      `https://[::1]:${closed}/metadata`,
      `https://[::ffff:7f00:1]:${closed}/metadata`,
      'https://10.0.0.5/metadata',
    ]) {
      const refused = await configProblem(() => fetchIdpMetadata(url, production));
      expect(refused.field, url).toBe('metadataUrl');
      expect(refused.message, url).toMatch(
        /^The metadata URL resolves to a private address \((127\.0\.0\.1|::1|::ffff:7f00:1|10\.0\.0\.5)\), which Meridian does not reach\.$/,
      );
    }
  });
});

describe('certificateStanding (the console’s Test connection)', () => {
  let certificate: string | undefined;
  beforeAll(() => {
    certificate = readIdpMetadata(idp.metadataXml).certificates[0];
  });
  const validTo = () => new Date(new X509Certificate(Buffer.from(certificate!, 'base64')).validTo);
  const day = 24 * 60 * 60_000;

  it('says nothing of a certificate valid for long', () => {
    expect(certificateStanding([certificate!], new Date())).toEqual({ ok: true, notes: [] });
  });

  it('warns of one that expires within 30 days', () => {
    const soon = new Date(validTo().getTime() - 10 * day);
    expect(certificateStanding([certificate!], soon)).toEqual({
      ok: true,
      notes: [`Its signing certificate expires on ${validTo().toISOString().slice(0, 10)}.`],
    });
  });

  it('refuses one that has expired, or is not valid yet', () => {
    expect(certificateStanding([certificate!], new Date(validTo().getTime() + day))).toEqual({
      ok: false,
      notes: [`Its signing certificate expired on ${validTo().toISOString().slice(0, 10)}.`],
    });
    expect(certificateStanding([certificate!], new Date('2000-01-01T00:00:00Z')).ok).toBe(false);
  });
});

describe('serviceProviderMetadata', () => {
  it("names Meridian's entity id and ACS URL (HTTP-POST) for the customer's IT", () => {
    const doc = new DOMParser().parseFromString(serviceProviderMetadata(SP), 'application/xml');
    const select = xpath.useNamespaces({ md: 'urn:oasis:names:tc:SAML:2.0:metadata' });
    expect(select('string(/md:EntityDescriptor/@entityID)', doc)).toBe(SP.entityId);
    expect(
      select(
        "string(//md:SPSSODescriptor/md:AssertionConsumerService[@Binding='urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST']/@Location)",
        doc,
      ),
    ).toBe(SP.acsUrl);
  });
});

describe('samlIdentity', () => {
  it('gives the identity of a good response and takes its request id', async () => {
    const { requestId, post, form } = await signIn(DANA);
    expect(post.acsUrl).toBe(SP.acsUrl);
    expect(post.RelayState).toBe('relay-state-1');
    expect(await requestRows(requestId)).toBe(1);
    const answer = await samlIdentity(db, acme, SP, form);
    expect(answer.identity).toEqual({
      subject: 'Dana.Reyes@Acme.test',
      email: 'dana.reyes@acme.test',
      emailVerified: true,
      name: 'Dana Reyes',
      givenName: 'Dana',
      familyName: 'Reyes',
      text: {},
      mfa: false,
    });
    expect(answer.inResponseTo).toBe(requestId);
    expect(await requestRows(requestId)).toBe(0);
  });

  it('says mfa when the AuthnContextClassRef is a multi-factor class', async () => {
    for (const authnContextClassRef of [
      'http://schemas.microsoft.com/claims/multipleauthn',
      'https://refeds.org/profile/mfa',
    ]) {
      const { form } = await signIn(DANA, { authnContextClassRef });
      expect((await samlIdentity(db, acme, SP, form)).identity.mfa).toBe(true);
    }
  });

  it('accepts a response signed as a whole, and reads email and names by their LDAP names', async () => {
    const { form } = await signIn(DANA, {
      sign: 'response',
      attributes: { mail: 'Dana@Acme.test', displayName: 'Dr. Dana Reyes', title: ' Head of pharmacy ' },
      nameId: { value: 'u-4711', format: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' },
    });
    expect((await samlIdentity(db, acme, SP, form)).identity).toMatchObject({
      subject: 'u-4711',
      email: 'dana@acme.test',
      name: 'Dr. Dana Reyes',
      text: { jobTitle: 'Head of pharmacy' },
    });
  });

  it('reads a job title by its OID, and leaves out one longer than the field keeps', async () => {
    const byOid = await signIn(DANA, { attributes: { mail: 'dana@acme.test', 'urn:oid:2.5.4.12': 'Pharmacist' } });
    expect((await samlIdentity(db, acme, SP, byOid.form)).identity.text).toEqual({ jobTitle: 'Pharmacist' });
    const long = await signIn(DANA, { attributes: { mail: 'dana@acme.test', title: 'x'.repeat(129) } });
    expect((await samlIdentity(db, acme, SP, long.form)).identity.text).toEqual({});
  });

  it('takes the email from an emailAddress NameID when no attribute carries it', async () => {
    const { form } = await signIn(DANA, { attributes: {} });
    expect((await samlIdentity(db, acme, SP, form)).identity.email).toBe('dana.reyes@acme.test');
  });

  it('refuses a response without an email address, in words', async () => {
    const { form } = await signIn(DANA, {
      attributes: {},
      nameId: { value: 'u-4711', format: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' },
    });
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(/did not send an email address/);
  });

  it('refuses a response changed after it was signed (the email swapped)', async () => {
    const { form } = await signIn(DANA, { tamper: (xml) => xml.replaceAll('Dana.Reyes@Acme.test', 'eve@acme.test') });
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(
      /^The response from your organization's identity provider could not be verified: its signature/,
    );
  });

  it('refuses the IdP’s own refusal in its words, and keeps its status for the trail', async () => {
    const { form } = await signIn(DANA, {
      tamper: (xml) =>
        xml.replace(
          /<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"\s*\/>/,
          '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"/><samlp:StatusMessage>Dana is not assigned to Meridian</samlp:StatusMessage>',
        ),
    });
    const error = await samlIdentity(db, acme, SP, form).then(
      () => expect.fail('expected a refusal'),
      (e: unknown) => e as SsoRefusal,
    );
    expect(error.message).toBe(
      "Your organization's identity provider did not sign you in (it answered Responder: Dana is not assigned to Meridian).",
    );
    expect(error.failure).toEqual({
      reason: 'sso-idp-error',
      samlStatus: 'Responder',
      samlStatusMessage: 'Dana is not assigned to Meridian',
    });
  });

  it('refuses the IdP’s refusal that carries no assertion (node-saml’s SamlStatusError) in its words', async () => {
    const { form } = await signIn(DANA, {
      tamper: (xml) =>
        xml
          .replace(
            /<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"\s*\/>/,
            '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Requester"/><samlp:StatusMessage>No such user</samlp:StatusMessage>',
          )
          .replace(/<saml:Assertion[\s\S]*<\/saml:Assertion>/, ''),
    });
    const error = await samlIdentity(db, acme, SP, form).then(
      () => expect.fail('expected a refusal'),
      (e: unknown) => e as SsoRefusal,
    );
    expect(error.message).toBe(
      "Your organization's identity provider did not sign you in (it answered Requester: No such user).",
    );
    expect(error.failure).toEqual({
      reason: 'sso-idp-error',
      samlStatus: 'Requester',
      samlStatusMessage: 'No such user',
    });
  });

  it('refuses an expired response', async () => {
    const { form } = await signIn(DANA, { notOnOrAfter: new Date(Date.now() - 10 * 60_000) });
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(/could not be verified: it has expired/);
  });

  it('refuses a replayed response: the second post of the same response', async () => {
    const { form } = await signIn(DANA);
    expect((await samlIdentity(db, acme, SP, form)).identity.email).toBe('dana.reyes@acme.test');
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(/could not be verified: .*replayed/);
  });

  it('lets only one of two copies posted at the same time through', async () => {
    const { form } = await signIn(DANA);
    const results = await Promise.allSettled([samlIdentity(db, acme, SP, form), samlIdentity(db, acme, SP, form)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(SsoRefusal);
    expect((rejected?.reason as Error).message).toMatch(/replayed/);
  });

  it('refuses a response to a request we never sent', async () => {
    // An AuthnRequest built elsewhere (node-saml with its own memory), never recorded in our database.
    const elsewhere = new SAML({
      entryPoint: acme.ssoUrl,
      issuer: SP.entityId,
      callbackUrl: SP.acsUrl,
      idpCert: 'unused',
    });
    const post = await idp.respond(await elsewhere.getAuthorizeUrlAsync('relay', undefined, {}), DANA);
    expect(await refusal(samlIdentity(db, acme, SP, post))).toMatch(/answers no sign-in started here/);
  });

  it('refuses a response to a request older than the request expiry', async () => {
    const { requestId, form } = await signIn(DANA);
    await db.query(
      `UPDATE sso_saml_requests SET created_at = now() - $2::double precision * interval '1 millisecond' WHERE id = $1`,
      [requestId, SAML_REQUEST_EXPIRY_MS + 60_000],
    );
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(/answers no sign-in started here/);
  });

  it('refuses a response meant for another service (audience)', async () => {
    const { form } = await signIn(DANA, { audience: 'https://another-service.test' });
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(
      /could not be verified: it is meant for another service \(its audience/,
    );
  });

  it('refuses a response addressed to another ACS URL (recipient)', async () => {
    const { form } = await signIn(DANA);
    const elsewhere = { ...SP, acsUrl: 'https://meridian.test/sso/saml/other/acs' };
    expect(await refusal(samlIdentity(db, acme, elsewhere, form))).toMatch(/addressed to another recipient/);
  });

  it('refuses an unsigned response', async () => {
    const { form } = await signIn(DANA, { sign: 'none' });
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(/could not be verified: its signature is missing/);
  });

  it("refuses a response signed by another key than the metadata's certificate", async () => {
    const { form } = await signIn(DANA, {}, impostor);
    expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(/its signature .* does not match/);
  });

  it('refuses an assertion issued by another identity provider, even one signing with the same key', async () => {
    const sibling = await startSamlIdp({ entityId: 'https://idp.sibling.test/saml' });
    try {
      const { form } = await signIn(DANA, {}, sibling);
      expect(await refusal(samlIdentity(db, acme, SP, form))).toMatch(
        /could not be verified: its assertion was issued by another identity provider/,
      );
    } finally {
      await sibling.close();
    }
  });

  it('refuses a post without a SAMLResponse', async () => {
    expect(await refusal(samlIdentity(db, acme, SP, { RelayState: 'relay-state-1' }))).toMatch(
      /carried no SAMLResponse/,
    );
  });
});

describe('the test IdP over HTTP', () => {
  it("shows a login page and answers with a form the browser posts to the request's ACS URL", async () => {
    const { url } = await samlAuthorizeUrl(db, acme, SP, 'relay-state-2');
    const login = await (await fetch(url)).text();
    expect(login).toContain('<label for="email">Email</label>');
    const query = new URL(url).searchParams;
    const answer = await fetch(new URL('/sso/login', url), {
      method: 'POST',
      body: new URLSearchParams({
        email: 'dana.reyes@acme.test',
        SAMLRequest: query.get('SAMLRequest')!,
        RelayState: query.get('RelayState')!,
      }),
    });
    const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const value = (name: string) =>
      xpath.select(`string(//*[local-name()='input'][@name='${name}']/@value)`, page) as string;
    expect(xpath.select("string(//*[local-name()='form']/@action)", page)).toBe(SP.acsUrl);
    expect(xpath.select("string(//*[local-name()='button'])", page)).toBe('Continue');
    const form = { SAMLResponse: value('SAMLResponse'), RelayState: value('RelayState') };
    expect(form.RelayState).toBe('relay-state-2');
    expect((await samlIdentity(db, acme, SP, form)).identity.email).toBe('dana.reyes@acme.test');
  });
});

describe('deleteExpiredSamlRequests', () => {
  it('forgets requests sent before the given time and keeps the others', async () => {
    const old = await samlAuthorizeUrl(db, acme, SP, 'relay');
    const fresh = await samlAuthorizeUrl(db, acme, SP, 'relay');
    await db.query(`UPDATE sso_saml_requests SET created_at = now() - interval '1 day' WHERE id = $1`, [old.requestId]);
    expect(await deleteExpiredSamlRequests(db, new Date(Date.now() - SAML_REQUEST_EXPIRY_MS))).toBe(1);
    expect(await requestRows(old.requestId)).toBe(0);
    expect(await requestRows(fresh.requestId)).toBe(1);
  });
});
