/**
 * A real SAML 2.0 identity provider for tests (issue 30): samlify in IdP mode behind a small HTTP
 * server on 127.0.0.1, as a customer's Entra ID or Okta would be. It publishes its metadata, parses the
 * AuthnRequest a service provider redirects to it, shows a login page, and answers with a signed
 * Response that the browser posts to the ACS URL named in the request. `respond` gives tests without a
 * browser the same response, and lets them spoil it (tampered, expired, wrong audience, unsigned).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import samlify from 'samlify';
import { escapeHtml } from './html.js';

// samlify validates every parsed message against the SAML schemas only through a validator the caller
// supplies. This IdP parses nothing but the AuthnRequests our own service provider (node-saml) sends in
// the tests, so it accepts them as they are; a real IdP would set a schema validator here.
samlify.setSchemaValidator({ validate: () => Promise.resolve('accepted: test IdP') });

/**
 * Two fixed signing keys and their self-signed certificates (RSA 2048, valid until 2126), made once with
 * `openssl req -x509 -newkey rsa:2048 -nodes -days 36500 -subj "/CN=Meridian test SAML IdP n"`: nothing
 * in node_modules can make an X.509 certificate (node:crypto only reads them). Test keys, never secret.
 * A second key lets a test sign with a key the connection does not trust.
 */
const SIGNING_KEYS = {
  first: {
    privateKey: `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC1I4g1iQZazOxA
YZNkKeP7U4wadHFY6V6PXdhrOgq3D9USKqK7BNs0xQaGY0vZUTJIbPcKjaGk5CFW
6hmrt03hpzR+4ZgP4lszQaUjtVJTYxkFptVVA0uR7XuFgn99VpsFFkcEh5tvq6Q/
QxWYM+R1430uDYvymM4ErIHnZfQOFGbunPrj69XDy33uZ0bQJHt3W65xc9DcQ7uF
H/eClX7lOsCBX8ktE7VnBlH3VKwBZOlCy4YgUWZWQSS01BdwzWk8BJRWaemj/au/
un6BGpZyo11lrdsX6b94pKF25Vqelz9tf49aPbKOZIcEWHHnWn/emvjvIqUCgd6b
s+D16GRDAgMBAAECggEACYdmmcrQuCdVeoqrFsirz3HqUQ4t4kuQi0k08L6ph4d5
MCtMWTtHcmBFAv4LCAroK6dQP2zuSne5l7XZTjLYWJ0TrPMQLUqg0pYSFRFPOI6M
2ULgBY/PiaFtGeZn0xT3+ioH6Awm309onZnLHhSv4KeImnWoT1Pao/mGjl1ZRpAH
MtioaaOj0TA0/kVBwV99GmvIaCjtoqnQJZlJ9HcRLpXJCJx0H21VENMuvU0N2/CJ
O39q7wKIAXlcIytsC9n9gtBM9d//AH5qhqWX5v9kt4lAtduty94Rw3hWLUq/zGUV
DZf7LRG4E942fLANSZl+1RLy6N2J7d43xgzdIrXEmQKBgQDdRpvRKti1NBJ5meXD
dWRNcSKcs5gj+/0E+ZjzHYUEO3xVBmpCibql5C2xZMyf68PHHPvnQ1AUO1+vf5gf
s+ip52rNfZV4I/qqoM8xFWbIrtvDNfTo/u5+1CbCg8M5iKBME13iMihlFt2EzTUo
YAXNRohKoSXo+yVSdKJiXWUlGwKBgQDRkHwd/UTvOEUc8nN16s1tfVTIdxKvHyUC
9qClvSHp82LLKAv9ueIfSWeIe3IG9AIc/iXnsQhfrCpEr0d4KCnfMi1bgv/M7r9c
gbSlyOtH0s5afzH1461Eeu9RAuWwEXsrG65eSEnbAoF5n6skNnz3DBdJLg/M001t
G1WOMBO3+QKBgD3G7c+675+/dvz+K3ijeKpqUKiBN5OsUZqm+L2/WxiwZujyDo6f
Fz4jc2JYawym7RTVEbsiPuQ3I2LC87y+JNHyqw3N5wIQwXYLyWzBtd2HfBGHKeY2
7mz4XA3obYPNkjtLGOYC7OY0OQpPpGyuSlBiRcDYNtZR77ySlZdyzb9LAoGABhAQ
By4UmHcgSL4a6QZp+wjtMv9+4uIbyAIqk6DtIj+QVCBMeIKwMAeHn0MzAVB93yjb
H+DXRS1N677Gaot+6p4hAczAacVec+asuz8cz28h2Sxk3aBAmwKTedyDmJxo285p
NQESYeuoo0QjR2DsLJmE8vEKM/rI+qcXyo1JhMECgYEA12VukzzaYIa/G2ijdBZj
bYnbHMA09nDJDN/ZalGwn9DLhemPZegbFOyd080oC+FCegxjOzj4iwvHaauTtBc0
dnYR40zGbtj5ulNe3I+IQJl8WQVl1i4OBON4PfESERf8TxRQwjdcaqboE6nRcaKY
IS17swo2bQYTRyhR0t0mrIs=
-----END PRIVATE KEY-----`,
    certificate: `-----BEGIN CERTIFICATE-----
MIIDKTCCAhGgAwIBAgIUB7yDzKzEPK0Gi8y9nvOk+TsF1TYwDQYJKoZIhvcNAQEL
BQAwIzEhMB8GA1UEAwwYTWVyaWRpYW4gdGVzdCBTQU1MIElkUCAxMCAXDTI2MTEy
NzIyNDYyMVoYDzIxMjYxMTAzMjI0NjIxWjAjMSEwHwYDVQQDDBhNZXJpZGlhbiB0
ZXN0IFNBTUwgSWRQIDEwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQC1
I4g1iQZazOxAYZNkKeP7U4wadHFY6V6PXdhrOgq3D9USKqK7BNs0xQaGY0vZUTJI
bPcKjaGk5CFW6hmrt03hpzR+4ZgP4lszQaUjtVJTYxkFptVVA0uR7XuFgn99VpsF
FkcEh5tvq6Q/QxWYM+R1430uDYvymM4ErIHnZfQOFGbunPrj69XDy33uZ0bQJHt3
W65xc9DcQ7uFH/eClX7lOsCBX8ktE7VnBlH3VKwBZOlCy4YgUWZWQSS01BdwzWk8
BJRWaemj/au/un6BGpZyo11lrdsX6b94pKF25Vqelz9tf49aPbKOZIcEWHHnWn/e
mvjvIqUCgd6bs+D16GRDAgMBAAGjUzBRMB0GA1UdDgQWBBQCbbl+VCK24r89B1QQ
m4jKpq6TGDAfBgNVHSMEGDAWgBQCbbl+VCK24r89B1QQm4jKpq6TGDAPBgNVHRMB
Af8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQAaCxBKmVUPPN7Tv/5PVvmU1iYh
bFa0VijJi3UKP9i4ME+2UuOp3++kDP/PcNZ6ShGaIMmKc4w4SGx26aLzIX1zs4tS
0kua0Isjb/yPyD5QIgjtIPrSsnfFU+p59YXOi1+xjkZW92gNIboRXUcP/RBR4kDA
ZLqRNGpopZ5YlSc+3fT48MShthFt2mTy2VVZeiTBc6vBlcytjwESYkthM4kZrwtc
yKDctnD+fQLSSI3UKGNUVF++QHgS1jr5CxoTaFQPddud3XODovZhhaXVik/ef4rE
c/jjfIS+bxqb0s7KVo1Xvcq5Yz6ITnhc4BBhbYE9KJ48vyi+nvVK8mSnVIA7
-----END CERTIFICATE-----`,
  },
  second: {
    privateKey: `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDAW+Ax0Elw0Uu0
OMgGyrEmiy7859oRoVtR6ujHwafUy7Cd/Ra46NJ+89WuzadOF9ZrXv6EPaoR9PZC
Xe1UEJeAAs7UWvIAYMT87QXTDTTIjGu4b3Z05i0G4z9AiD2JyJzs5pRVC81Qyebu
7w/ICHJLD30PecU0DNUPVQOnPyobCANoVbrhfHkNd34f35GWoRhqr+HpONvvNpfQ
XmTkLtR0cbfk30ALN8kLQ1i0qrpGBTQdtEklSK4s0dXQ6URvcREdgZt541YRG6CD
6TfSJ/VENKEo75aQNAmw8p832Gjju5KzZSSnQ3sb3RvkBE1XH2t37ljNmLlAchMU
HiEUJfktAgMBAAECggEACnGik0nOBvpSHCueDqJYKnHRoAkdkan7WZABygC1ckwJ
35YTcwAvF5X5EtfXHtoT+fnrIzZu4rE0YqeTYGZTN2/Pl3+FlqgqYdojoBEePcpD
+fxRR+kMZkyVzVToVHAINyOQx6pPoDSKHYxsxK1SuUkSvvGbV6dftQimXWEEUfnN
0Uc08bsXDlJvTCVs7Cz5yt8PLUfeKX1yv2yOK1carNOVfeqV63f25fJ/2Z/bScXF
3JyMzuEJ8DA5aRZmIJlFIcvqtCgTs53uAPxNhqcj6UZX1RwRrQD4SA4ZMMtRfmel
XBfZzu/OjDe/DDwZredC35ngm0fgDNZcSP5IbuRt0QKBgQD/hXAGaeS5l3hu4aMy
KY2AFzqYujH5Gk6FrHuj9XReKrk+ZsMyL1Q9JpwRMQsMjv3hVvhMiiCeDGlqZAGW
CcaJh+23+MkYkr/MxFMvAy0eKyuQuNmPbN3Rm0nUZvYJXPLUV6ZORAdFuyQ76EEL
xFV1nzHkWUgwtC7kvUyAJynfPQKBgQDAuCRV4Z60urkQ5Fwhub3ka1rOdMr1p9e9
eDO4uGPNeQ9hOp6AybaEpqlqlCNqwqlRIT+CRJTEjKyUsx6YnaWoHekuFqguTJS6
MiMeYJqAKGU8lGz0FdGMkJY7Cmdu/ygpBLG7g2eOiNQfh9kP0qURgGewLPthTej9
ESca6icgsQKBgQDHzmE2MrHvSnmbQwepHwMOCZwBd3/CSYbjUmfwYuyXAhOOry6t
3IKjusBJVS9Np7bw8WACAfTVgeEgl4kB+SztuIPz2y/s7jva9B4T4gjy0VEkvtcp
JzkhQavu0oBL/AnKb6uVAe8p4NfJnKjYebNV4aFS7Vnc89jDdx8OCxHcBQKBgAHb
xL3vRxCHHHHFQf4xRFuHjYCgL7TewX3aQuVtIclBeZx+bDjhuRjeYpPcidrltaxK
ncorzyN2F9P3RjxCiO5uG2mOXmDT7Ds/cIdCdzr1KMTEyagw7axlWI2JNCYl38VF
flFImx8Mwr7rGHTGm0Dn9BgG1wXBMpX+LFpeF7KBAoGAW09DI8bq9rNo5QnJP9rw
jc9K3oJx8Z7NBR8RvK2htbxfk7V3XBfPjPecEVTwwia+e6Z9p+fWD9E9cEv+rEuX
qZws1i4OcLUEmx83swMt+N1tF4GuA2FZGLOMWkWG07UjUr+Kb7aDsplx0KBvv2dB
KvBrDSzw93NXpvd7LME5aI8=
-----END PRIVATE KEY-----`,
    certificate: `-----BEGIN CERTIFICATE-----
MIIDKTCCAhGgAwIBAgIUYcC4r42r+wn8EnjRTTW1MzWpYlgwDQYJKoZIhvcNAQEL
BQAwIzEhMB8GA1UEAwwYTWVyaWRpYW4gdGVzdCBTQU1MIElkUCAyMCAXDTI2MTEy
NzIyNDYyMloYDzIxMjYxMTAzMjI0NjIyWjAjMSEwHwYDVQQDDBhNZXJpZGlhbiB0
ZXN0IFNBTUwgSWRQIDIwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDA
W+Ax0Elw0Uu0OMgGyrEmiy7859oRoVtR6ujHwafUy7Cd/Ra46NJ+89WuzadOF9Zr
Xv6EPaoR9PZCXe1UEJeAAs7UWvIAYMT87QXTDTTIjGu4b3Z05i0G4z9AiD2JyJzs
5pRVC81Qyebu7w/ICHJLD30PecU0DNUPVQOnPyobCANoVbrhfHkNd34f35GWoRhq
r+HpONvvNpfQXmTkLtR0cbfk30ALN8kLQ1i0qrpGBTQdtEklSK4s0dXQ6URvcREd
gZt541YRG6CD6TfSJ/VENKEo75aQNAmw8p832Gjju5KzZSSnQ3sb3RvkBE1XH2t3
7ljNmLlAchMUHiEUJfktAgMBAAGjUzBRMB0GA1UdDgQWBBS/sKSjfT2QE4zSQ/SS
kymAnRwDZDAfBgNVHSMEGDAWgBS/sKSjfT2QE4zSQ/SSkymAnRwDZDAPBgNVHRMB
Af8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQBrQQ645TGXTMb+333I24D96z1t
E2mZhAze0h92X5UMQ0tZLdYfvH3VkEBBBzpczftOKNu+e5p4s/l+ZvxESSRr2AAw
AB5J7HcuJZBA4oYz6bDeBoja6G5F1uvv+0Ya/xf5WroeIm2t1D5VQHCOay4eED4O
1XX5CDDnMh3Yi5nMswxI+4IBw2oiY1rVM2pzxFmgHcc3hfhov4HjqRLYXEzFNiwX
rDIoCdRqSmQL6dfRMRaYLi2lGMo3hJw8ecIitEim+9Kae6dLr45cn1HzeJhb57uw
uY/OQAf4HaGmdBx2PG9eBWRhIs5QWXCTw+ubRvnSr5vnFmkLsIYnAjNQt8Va
-----END CERTIFICATE-----`,
  },
} as const;

const { Constants, IdentityProvider, SamlLib, ServiceProvider } = samlify;
const POST_BINDING = Constants.namespace.binding.post;
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const PASSWORD_CLASS = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
/** The claim names Entra ID sends by default. */
const CLAIMS = {
  email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  givenName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  familyName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
};
const AUTHN_STATEMENT =
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>{AuthnContextClassRef}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>';
const LIFETIME_MS = 5 * 60_000;

export interface SamlUser {
  email: string;
  givenName?: string;
  familyName?: string;
}

/** How a response departs from a good one. */
export interface SamlResponseOptions {
  /** The assertion's AuthnContextClassRef (PasswordProtectedTransport unless set). */
  authnContextClassRef?: string;
  /** The Audience, in place of the requesting service provider's entity id. */
  audience?: string;
  /** NotOnOrAfter of the conditions and of the bearer confirmation (5 minutes from now unless set). */
  notOnOrAfter?: Date;
  /** Rewrites the response's XML after it is signed. */
  tamper?: (xml: string) => string;
  /** What carries the signature: the assertion (the default), the whole response, or nothing. */
  sign?: 'assertion' | 'response' | 'none';
  /** The attributes sent (name → value), in place of the user's email and names as Entra ID names them. */
  attributes?: Record<string, string>;
  /** The NameID, in place of the user's email in the emailAddress format. */
  nameId?: { value: string; format: string };
}

export interface SamlPost {
  /** Where the browser posts the response: the ACS URL the AuthnRequest named. */
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface SamlIdp {
  entityId: string;
  metadataXml: string;
  metadataUrl: string;
  /** Who the login page signs in, by email: their names (anyone else is signed in with the email alone). */
  users: Map<string, SamlUser>;
  /** How the login page's responses depart from good ones (tests may change it between sign-ins). */
  loginOptions: SamlResponseOptions;
  /** The response this IdP would have the browser post for the AuthnRequest in `authorizeUrl`. */
  respond(authorizeUrl: string, user: SamlUser, options?: SamlResponseOptions): Promise<SamlPost>;
  close(): Promise<void>;
}

export interface SamlIdpOptions {
  /** Its entity id (its metadata URL unless set). */
  entityId?: string;
  /** Which of the two test keys it signs with ('first' unless set). */
  signingKey?: keyof typeof SIGNING_KEYS;
  /** 0 (any free port) unless set: the demo wants a fixed metadata URL. */
  port?: number;
}

/** Starts a SAML identity provider on 127.0.0.1 (a random port unless set): GET /metadata, GET /sso, POST /sso/login. */
export async function startSamlIdp(options: SamlIdpOptions = {}): Promise<SamlIdp> {
  const users = new Map<string, SamlUser>();
  // The routes use `answer` and `samlIdp`, defined once the server listens (the URLs need its port):
  // no request can come before startSamlIdp returns.
  let metadataXml = '';

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(
        response,
        400,
        'text/plain; charset=utf-8',
        `The test identity provider refused the request: ${String(error)}`,
      );
    });
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/metadata') {
      send(response, 200, 'application/samlmetadata+xml', metadataXml);
    } else if (request.method === 'GET' && url.pathname === '/sso') {
      const samlRequest = url.searchParams.get('SAMLRequest');
      if (!samlRequest) throw new Error('no SAMLRequest');
      send(response, 200, 'text/html; charset=utf-8', loginPage(samlRequest, url.searchParams.get('RelayState') ?? ''));
    } else if (request.method === 'POST' && url.pathname === '/sso/login') {
      const form = new URLSearchParams(await readBody(request));
      const email = form.get('email')?.trim().toLowerCase();
      if (!email) throw new Error('no email');
      const user = users.get(email) ?? { email };
      const post = await answer(
        form.get('SAMLRequest') ?? '',
        form.get('RelayState') ?? '',
        user,
        samlIdp.loginOptions,
      );
      send(response, 200, 'text/html; charset=utf-8', continuePage(post));
    } else {
      send(response, 404, 'text/plain; charset=utf-8', 'Not found');
    }
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = options.entityId ?? `${base}/metadata`;
  const key = SIGNING_KEYS[options.signingKey ?? 'first'];
  const idp = IdentityProvider({
    entityID: entityId,
    privateKey: key.privateKey,
    signingCert: key.certificate,
    nameIDFormat: [EMAIL_NAME_ID],
    singleSignOnService: [{ Binding: Constants.namespace.binding.redirect, Location: `${base}/sso` }],
  });
  metadataXml = idp.getMetadata();
  // samlify parses a request on behalf of a known service provider; this IdP answers any (the tests'
  // platforms listen on random ports), so it reads the request with a stand-in and then answers the
  // issuer and ACS URL the request names. A real IdP answers only the ACS URLs registered for the SP.
  const anyServiceProvider = ServiceProvider({ entityID: 'urn:meridian:test:any-sp' });

  const answer = async (
    samlRequest: string,
    relayState: string,
    user: SamlUser,
    responseOptions: SamlResponseOptions,
  ): Promise<SamlPost> => {
    const parsed = await idp.parseLoginRequest(anyServiceProvider, 'redirect', { query: { SAMLRequest: samlRequest } });
    const request = parsed.extract.request as Record<string, string>;
    const spEntityId = String(parsed.extract.issuer);
    const acsUrl = request.assertionConsumerServiceUrl;
    if (!request.id || !acsUrl) throw new Error('the AuthnRequest names no ID or AssertionConsumerServiceURL');
    const sign = responseOptions.sign ?? 'assertion';
    const sp = ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: POST_BINDING, Location: acsUrl }],
      wantAssertionsSigned: sign === 'assertion',
      wantMessageSigned: sign === 'response',
    });
    const xml = responseXml({ entityId, spEntityId, acsUrl, requestId: request.id, user, options: responseOptions });
    const signed =
      sign === 'none'
        ? xml
        : Buffer.from(
            (
              await idp.createLoginResponse(
                sp,
                { extract: { request: { id: request.id } } },
                'post',
                { email: user.email },
                {
                  relayState,
                  customTagReplacement: () => ({ id: '', context: xml }),
                },
              )
            ).context,
            'base64',
          ).toString('utf8');
    const tampered = responseOptions.tamper ? responseOptions.tamper(signed) : signed;
    return { acsUrl, SAMLResponse: Buffer.from(tampered, 'utf8').toString('base64'), RelayState: relayState };
  };

  const samlIdp: SamlIdp = {
    entityId,
    metadataXml,
    metadataUrl: `${base}/metadata`,
    users,
    loginOptions: {},
    respond: (authorizeUrl, user, responseOptions = {}) => {
      const query = new URL(authorizeUrl).searchParams;
      return answer(query.get('SAMLRequest') ?? '', query.get('RelayState') ?? '', user, responseOptions);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return samlIdp;
}

/** The Response, unsigned: samlify's login response template with an AuthnStatement and the attributes. */
function responseXml(input: {
  entityId: string;
  spEntityId: string;
  acsUrl: string;
  requestId: string;
  user: SamlUser;
  options: SamlResponseOptions;
}): string {
  const { user, options } = input;
  const attributes =
    options.attributes ??
    Object.fromEntries(
      [
        [CLAIMS.email, user.email],
        [CLAIMS.givenName, user.givenName],
        [CLAIMS.familyName, user.familyName],
      ].filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  const names = Object.keys(attributes);
  const attributeStatement =
    names.length === 0
      ? ''
      : SamlLib.attributeStatementBuilder(
          names.map((name, index) => ({
            name,
            nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
            valueXsiType: 'xs:string',
            valueTag: `value${index}`,
          })),
        );
  const template = SamlLib.defaultLoginResponseTemplate.context
    .replace('{AuthnStatement}', AUTHN_STATEMENT)
    .replace('{AttributeStatement}', attributeStatement);
  const notOnOrAfter = options.notOnOrAfter ?? new Date(Date.now() + LIFETIME_MS);
  const issued = new Date(Math.min(Date.now(), notOnOrAfter.getTime() - LIFETIME_MS));
  return SamlLib.replaceTagsByValue(template, {
    ID: `_${randomUUID()}`,
    AssertionID: `_${randomUUID()}`,
    Destination: input.acsUrl,
    Audience: options.audience ?? input.spEntityId,
    SubjectRecipient: input.acsUrl,
    Issuer: input.entityId,
    IssueInstant: issued.toISOString(),
    StatusCode: Constants.StatusCode.Success,
    ConditionsNotBefore: issued.toISOString(),
    ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
    SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
    NameIDFormat: options.nameId?.format ?? EMAIL_NAME_ID,
    NameID: options.nameId?.value ?? user.email,
    InResponseTo: input.requestId,
    SessionIndex: `_${randomUUID()}`,
    AuthnContextClassRef: options.authnContextClassRef ?? PASSWORD_CLASS,
    ...Object.fromEntries(names.map((name, index) => [`attrValue${index}`, attributes[name]])),
  });
}

function loginPage(samlRequest: string, relayState: string): string {
  return page(
    'Sign in',
    `<h1>Test identity provider</h1>
<form method="post" action="/sso/login">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required>
  <input type="hidden" name="SAMLRequest" value="${escapeHtml(samlRequest)}">
  <input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">
  <button type="submit">Sign in</button>
</form>`,
  );
}

function continuePage(post: SamlPost): string {
  return page(
    'Signed in',
    `<p>You are signed in at the test identity provider.</p>
<form method="post" action="${escapeHtml(post.acsUrl)}">
  <input type="hidden" name="SAMLResponse" value="${escapeHtml(post.SAMLResponse)}">
  ${post.RelayState ? `<input type="hidden" name="RelayState" value="${escapeHtml(post.RelayState)}">` : ''}
  <button type="submit">Continue</button>
</form>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
