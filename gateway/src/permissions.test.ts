// The permission matrix: every root field of the contract × each fixture role (and anonymous) × the
// caller's own organization, another organization and (where the table grants it) the caller's own
// record. The expected answer is computed from schema's OPERATIONS and ROLE_PERMISSIONS, so a change to
// the table changes the expectations. What is asserted is the GATEWAY's decision: FORBIDDEN,
// FEATURE_UNAVAILABLE or UNAUTHENTICATED, or none of them. Arguments are harmless: mutations a role may
// make are sent with values the platform refuses as input errors, or they change only this file's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OPERATIONS, checkPermission, isSystemRole, type Operation, type Role } from '@meridian/schema';
import { startTestGateway, type TestGateway } from './test-support/gateway.js';

/** Whom a field acts on: nothing in particular, the caller's organization, another one, the caller. */
type Target = 'none' | 'own' | 'other' | 'self';

interface Actor {
  role: Role | 'anonymous';
  email: string;
  organizationId: string;
  /** Another user of the same organization. */
  colleague: string;
}

const ACTORS: Actor[] = [
  { role: 'systemAdmin', email: 'admin@meridian.test', organizationId: 'meridian', colleague: 'viewer@meridian.test' },
  { role: 'systemViewer', email: 'viewer@meridian.test', organizationId: 'meridian', colleague: 'admin@meridian.test' },
  { role: 'orgAdmin', email: 'orgadmin@acme.test', organizationId: 'acme', colleague: 'user@acme.test' },
  { role: 'orgUser', email: 'user@acme.test', organizationId: 'acme', colleague: 'orgadmin@acme.test' },
  { role: 'anonymous', email: 'nobody@nowhere.test', organizationId: 'acme', colleague: 'user@acme.test' },
];

/** The other tenant: Globex, which has not licensed managed providers. */
const OTHER = { organizationId: 'globex', email: 'orgadmin@globex.test' };

/** An NPI of the provider directory, read in beforeAll. */
let npi = '';
/** A well-formed NPI with a bad check digit: the bulk calls answer it as a row error, changing nothing. */
const BAD_NPI = '1234567890';

interface Subject {
  organizationId: string;
  email: string;
}

function subjectOf(actor: Actor, target: Target): Subject {
  switch (target) {
    case 'own':
      return { organizationId: actor.organizationId, email: actor.colleague };
    case 'other':
      return OTHER;
    case 'self':
    case 'none':
      return { organizationId: actor.organizationId, email: actor.email };
  }
}

interface Case {
  /** The root field (the response path). */
  field: string;
  /** The operation of the table that guards it here. */
  operation: Operation;
  targets: Target[];
  document: string;
  variables?: (subject: Subject) => Record<string, unknown>;
}

const organizationTargets: Target[] = ['own', 'other'];
const byId = (subject: Subject) => ({ id: subject.organizationId });
const byOrganization = (subject: Subject) => ({ organizationId: subject.organizationId });
const byEmail = (subject: Subject) => ({ email: subject.email });
/** Targets of a user-scoped operation: the caller's own record only where the table grants `self`. */
const userTargets = (operation: Operation): Target[] =>
  'self' in OPERATIONS[operation] ? ['own', 'other', 'self'] : ['own', 'other'];

const QUERIES: Case[] = [
  { field: 'viewer', operation: 'viewer', targets: ['none'], document: '{ viewer { email } }' },
  {
    field: 'organizations',
    operation: 'organizations',
    targets: ['none'],
    document: '{ organizations(limit: 1) { pageInfo { total } } }',
  },
  {
    field: 'organization',
    operation: 'organization',
    targets: organizationTargets,
    document: 'query($id: ID!) { organization(id: $id) { id } }',
    variables: byId,
  },
  {
    field: 'features',
    operation: 'features',
    targets: organizationTargets,
    document: 'query($organizationId: ID!) { features(organizationId: $organizationId) { key } }',
    variables: byOrganization,
  },
  {
    field: 'users',
    operation: 'users',
    targets: organizationTargets,
    document: 'query($organizationId: ID) { users(organizationId: $organizationId, limit: 1) { pageInfo { total } } }',
    variables: byOrganization,
  },
  {
    field: 'users',
    operation: 'searchAllUsers',
    targets: ['none'],
    document: '{ users(search: "acme", limit: 1) { pageInfo { total } } }',
  },
  {
    // The command palette: each role's lists scope what it finds (modules/search/search.test.ts).
    field: 'search',
    operation: 'search',
    targets: ['none'],
    document: '{ search(text: "acme", limit: 1) { organizations { id } users { email } } }',
  },
  {
    field: 'user',
    operation: 'user',
    targets: userTargets('user'),
    document: 'query($email: Email!) { user(email: $email) { email } }',
    variables: byEmail,
  },
  {
    field: 'catalogProducts',
    operation: 'catalogProducts',
    targets: ['none'],
    document: '{ catalogProducts(include: [BI]) { id } }',
  },
  { field: 'catalogVersion', operation: 'catalogVersion', targets: ['none'], document: '{ catalogVersion }' },
  {
    field: 'customerSegments',
    operation: 'customerSegments',
    targets: ['none'],
    document: '{ customerSegments { id } }',
  },
  {
    field: 'providerLinks',
    operation: 'providerLinks',
    targets: organizationTargets,
    document:
      'query($organizationId: ID!) { providerLinks(organizationId: $organizationId, kind: PROVIDER_ALIAS, limit: 1) { pageInfo { total } } }',
    variables: byOrganization,
  },
  {
    field: 'provider',
    operation: 'provider',
    targets: ['none'],
    document: 'query($npi: NPI!) { provider(npi: $npi) { npi } }',
    variables: () => ({ npi }),
  },
  {
    field: 'providers',
    operation: 'providers',
    targets: ['none'],
    document: '{ providers(search: "Provider", limit: 1) { pageInfo { total } } }',
  },
  {
    field: 'analyticsSummary',
    operation: 'analyticsSummary',
    targets: ['none'],
    document: '{ analyticsSummary { generatedAt } }',
  },
  {
    // The organization sits in the filter: another tenant's is refused by the field's own tenant check.
    field: 'auditEvents',
    operation: 'auditEvents',
    targets: organizationTargets,
    document:
      'query($organizationId: ID) { auditEvents(filter: { organizationId: $organizationId }, first: 1) { pageInfo { hasNextPage } } }',
    variables: byOrganization,
  },
  {
    // Without one: system roles read every organization, an Org Admin their own.
    field: 'auditEvents',
    operation: 'auditEvents',
    targets: ['none'],
    document: '{ auditEvents(first: 1) { nodes { organizationId } } }',
  },
  {
    // A test sign-in no one started (issue 39): null for whoever may read one.
    field: 'organizationSsoTestSignIn',
    operation: 'organizationSsoTestSignIn',
    targets: organizationTargets,
    document: 'query($id: ID!) { organizationSsoTestSignIn(id: $id, state: "never-started") { state } }',
    variables: byId,
  },
];

const organizationMove = (field: Operation): Case => ({
  field,
  operation: field,
  targets: organizationTargets,
  document: `mutation($id: ID!) { ${field}(id: $id) { organization { id } inputErrors { message } } }`,
  variables: byId,
});

const MUTATIONS: Case[] = [
  {
    field: 'createOrganization',
    operation: 'createOrganization',
    targets: ['none'],
    document: `mutation { createOrganization(input: { id: "Not An Id!", name: "Matrix", domain: ["matrix.test"],
      primaryContact: { name: "M", email: "m@matrix.test" }, customerSegment: "no-such-segment", medicareLicensed: false }) { inputErrors { field } } }`,
  },
  {
    field: 'updateOrganization',
    operation: 'updateOrganization',
    targets: organizationTargets,
    // An empty change is refused by the platform (400): nothing is written.
    document: 'mutation($id: ID!) { updateOrganization(id: $id, input: {}) { inputErrors { message } } }',
    variables: byId,
  },
  {
    field: 'updateLicenses',
    operation: 'updateLicenses',
    targets: organizationTargets,
    document:
      'mutation($id: ID!) { updateLicenses(id: $id, input: { products: [{ product: "no-such-product", enabled: true }] }) { inputErrors { field } } }',
    variables: byId,
  },
  // Every fixture organization the matrix touches is active: these moves are refused (409) by the platform.
  organizationMove('startOnboarding'),
  organizationMove('startDeployment'),
  organizationMove('activateOrganization'),
  {
    field: 'switchSegment',
    operation: 'switchSegment',
    targets: organizationTargets,
    document:
      'mutation($id: ID!) { switchSegment(id: $id, input: { customerSegment: "no-such-segment", medicareLicensed: false }) { inputErrors { field } } }',
    variables: byId,
  },
  {
    field: 'createOrganizationCredential',
    operation: 'createOrganizationCredential',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { createOrganizationCredential(organizationId: $organizationId) { credential { id } } }',
    variables: byOrganization,
  },
  {
    field: 'disableOrganizationCredential',
    operation: 'disableOrganizationCredential',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { disableOrganizationCredential(organizationId: $organizationId, credentialId: "cred-none") { credential { id } } }',
    variables: byOrganization,
  },
  {
    field: 'createUser',
    operation: 'createUser',
    targets: organizationTargets,
    document: `mutation($organizationId: ID!) { createUser(organizationId: $organizationId,
      input: { name: "Matrix", email: "matrix@matrix.test", password: "short" }) { inputErrors { field } } }`,
    variables: byOrganization,
  },
  {
    field: 'updateUser',
    operation: 'updateUser',
    targets: userTargets('updateUser'),
    document:
      'mutation($organizationId: ID!, $email: Email!) { updateUser(organizationId: $organizationId, email: $email, input: { name: " " }) { inputErrors { field } } }',
    variables: (subject) => ({ organizationId: subject.organizationId, email: subject.email }),
  },
  {
    field: 'setUserActive',
    operation: 'setUserActive',
    targets: userTargets('setUserActive'),
    // Every target is active already: activating changes nothing.
    document: 'mutation($email: Email!) { setUserActive(email: $email, active: true) { user { email } } }',
    variables: byEmail,
  },
  {
    field: 'setUsersActive',
    operation: 'setUsersActive',
    targets: organizationTargets,
    // A user of no organization is refused as a row: nothing is written.
    document:
      'mutation($organizationId: ID!) { setUsersActive(organizationId: $organizationId, selection: { emails: ["nobody@matrix.test"] }, active: false) { refused inputErrors { field } } }',
    variables: byOrganization,
  },
  {
    field: 'setUserDataAccess',
    operation: 'setUserDataAccess',
    targets: userTargets('setUserDataAccess'),
    document: 'mutation($email: Email!) { setUserDataAccess(email: $email, enabled: true) { user { email } } }',
    variables: byEmail,
  },
  {
    field: 'createUserCredential',
    operation: 'createUserCredential',
    targets: userTargets('createUserCredential'),
    document: 'mutation($email: Email!) { createUserCredential(email: $email) { credential { id } } }',
    variables: byEmail,
  },
  {
    field: 'disableUserCredential',
    operation: 'disableUserCredential',
    targets: userTargets('disableUserCredential'),
    document:
      'mutation($email: Email!) { disableUserCredential(email: $email, credentialId: "cred-none") { credential { id } } }',
    variables: byEmail,
  },
  {
    field: 'initiatePasswordReset',
    operation: 'initiatePasswordReset',
    targets: userTargets('initiatePasswordReset'),
    document: 'mutation($email: Email!) { initiatePasswordReset(email: $email) { ok } }',
    variables: byEmail,
  },
  // Every target has a password: both are refused on input (409) once the permission lets them through.
  {
    field: 'resendInvitation',
    operation: 'resendInvitation',
    targets: userTargets('resendInvitation'),
    document: 'mutation($email: Email!) { resendInvitation(email: $email) { inputErrors { message } } }',
    variables: byEmail,
  },
  {
    field: 'revokeInvitation',
    operation: 'revokeInvitation',
    targets: userTargets('revokeInvitation'),
    document: 'mutation($email: Email!) { revokeInvitation(email: $email) { ok } }',
    variables: byEmail,
  },
  {
    field: 'upsertProviderLinks',
    operation: 'upsertProviderLinks',
    targets: organizationTargets,
    document: `mutation($organizationId: ID!) { upsertProviderLinks(organizationId: $organizationId, kind: PROVIDER_ALIAS,
      links: [{ npi: "${BAD_NPI}", value: "Matrix" }]) { errors } }`,
    variables: byOrganization,
  },
  {
    field: 'removeProviderLinks',
    operation: 'removeProviderLinks',
    targets: organizationTargets,
    document: `mutation($organizationId: ID!) { removeProviderLinks(organizationId: $organizationId, kind: PROVIDER_ALIAS,
      npis: ["${BAD_NPI}"]) { errors } }`,
    variables: byOrganization,
  },
  {
    field: 'requestPasswordReset',
    operation: 'requestPasswordReset',
    targets: ['none'],
    document: 'mutation { requestPasswordReset(email: "nobody@nowhere.test") { ok } }',
  },
  {
    field: 'createPassword',
    operation: 'createPassword',
    targets: ['none'],
    document: 'mutation { createPassword(token: "not-a-token", password: "short") { ok inputErrors { message } } }',
  },
  {
    field: 'passwordLink',
    operation: 'passwordLink',
    targets: ['none'],
    document: '{ passwordLink(token: "not-a-token") { email } }',
  },
  {
    field: 'changePassword',
    operation: 'changePassword',
    targets: ['none'],
    document:
      'mutation { changePassword(currentPassword: "wrong", newPassword: "short") { ok inputErrors { field } } }',
  },
  // Second factors and sessions (issue 29): nobody in the fixture has a factor, and these tokens belong
  // to no session, so a reset and a sign-out change nothing the rows after need.
  {
    field: 'resetUserMfa',
    operation: 'resetUserMfa',
    targets: userTargets('resetUserMfa'),
    document: 'mutation($email: Email!) { resetUserMfa(email: $email) { inputErrors { message } } }',
    variables: byEmail,
  },
  {
    field: 'revokeUserSessions',
    operation: 'revokeUserSessions',
    targets: userTargets('revokeUserSessions'),
    document:
      'mutation($email: Email!) { revokeUserSessions(email: $email, exceptCurrent: true) { revoked inputErrors { message } } }',
    variables: byEmail,
  },
  {
    // Whose session an id names is the platform's to find: the gateway lets any signed-in caller ask.
    field: 'revokeSession',
    operation: 'revokeSession',
    targets: ['none'],
    document: 'mutation { revokeSession(id: "no-such-session") { revoked inputErrors { field message } } }',
  },
  // Single sign-on (issue 30): a connection without its issuer is refused (400) and nothing is written;
  // removing the connection no organization has is refused (404); a test needs a protocol's fields.
  {
    field: 'setOrganizationSso',
    operation: 'setOrganizationSso',
    targets: organizationTargets,
    document:
      'mutation($id: ID!) { setOrganizationSso(id: $id, input: { protocol: OIDC, clientId: "c", clientSecret: "s" }) { inputErrors { field } } }',
    variables: byId,
  },
  // Issue 39: a save naming the Org Admins' emergency access is the operators' alone (refused as 400
  // here too: the connection has no issuer).
  {
    field: 'setOrganizationSso',
    operation: 'setSsoAdminEmergencyAccess',
    targets: organizationTargets,
    document:
      'mutation($id: ID!) { setOrganizationSso(id: $id, input: { protocol: OIDC, clientId: "c", clientSecret: "s", adminEmergencyAccess: false }) { inputErrors { field } } }',
    variables: byId,
  },
  {
    field: 'testOrganizationSso',
    operation: 'testOrganizationSso',
    targets: organizationTargets,
    document:
      'mutation($id: ID!) { testOrganizationSso(id: $id, input: { protocol: SAML }) { test { ok } inputErrors { field } } }',
    variables: byId,
  },
  organizationMove('removeOrganizationSso'),
  // A test sign-in (issue 39) of an organization without a saved connection: the platform answers 404.
  {
    field: 'startOrganizationSsoTestSignIn',
    operation: 'startOrganizationSsoTestSignIn',
    targets: organizationTargets,
    document:
      'mutation($id: ID!) { startOrganizationSsoTestSignIn(id: $id) { testSignIn { url } inputErrors { field } } }',
    variables: byId,
  },
  // SCIM tokens (issue 31): a blank label is refused (400) and nothing is created; rotating and revoking
  // a token the organization does not have is refused (404). The token id sits beside organizationId.
  {
    field: 'createScimToken',
    operation: 'createScimToken',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { createScimToken(organizationId: $organizationId, label: " ") { secret { token } inputErrors { field } } }',
    variables: byOrganization,
  },
  {
    field: 'rotateScimToken',
    operation: 'rotateScimToken',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { rotateScimToken(organizationId: $organizationId, tokenId: "scim_none") { secret { token } inputErrors { field } } }',
    variables: byOrganization,
  },
  {
    field: 'revokeScimToken',
    operation: 'revokeScimToken',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { revokeScimToken(organizationId: $organizationId, tokenId: "scim_none") { scimToken { id } inputErrors { field } } }',
    variables: byOrganization,
  },
  // Webhooks (issue 32): a URL that is no URL is refused (400) and nothing is added; the other calls name an
  // endpoint the organization does not have (404). createWebhook and updateWebhook name the organization
  // inside their input: the gateway's scope reads it there (modules/webhook/webhook.test.ts shows that an
  // outsider's call never reaches the platform).
  {
    field: 'createWebhook',
    operation: 'createWebhook',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { createWebhook(input: { organizationId: $organizationId, url: "nope" }) { secret inputErrors { field } } }',
    variables: byOrganization,
  },
  {
    field: 'updateWebhook',
    operation: 'updateWebhook',
    targets: organizationTargets,
    document:
      'mutation($organizationId: ID!) { updateWebhook(input: { organizationId: $organizationId, webhookId: "wh_none", events: null }) { webhook { id } inputErrors { field } } }',
    variables: byOrganization,
  },
  ...(['pauseWebhook', 'resumeWebhook', 'deleteWebhook'] as const).map((field) => webhookMove(field, 'webhook { id }')),
  webhookMove('rotateWebhookSecret', 'secret'),
  webhookMove('testWebhook', 'delivery { id }'),
  // Last: for the roles allowed, offboarding an active organization succeeds (and nothing after needs it).
  organizationMove('offboardOrganization'),
];

/** An endpoint's action on an endpoint the organization does not have: the platform answers 404. */
function webhookMove(field: Operation, selection: string): Case {
  return {
    field,
    operation: field,
    targets: organizationTargets,
    document: `mutation($organizationId: ID!) { ${field}(organizationId: $organizationId, webhookId: "wh_none") { ${selection} inputErrors { field } } }`,
    variables: byOrganization,
  };
}

type Decision = 'allowed' | 'FORBIDDEN' | 'FEATURE_UNAVAILABLE' | 'UNAUTHENTICATED';

/** Organizations whose license includes managed providers; read from the platform in beforeAll. */
const managedProviders = new Map<string, boolean>();

/** What the operation table says the gateway must answer. */
function expected(actor: Actor, operation: Operation, target: Target, subject: Subject): Decision {
  const requirement = OPERATIONS[operation];
  if (requirement.access === 'public') return 'allowed';
  if (actor.role === 'anonymous') return 'UNAUTHENTICATED';
  if (requirement.access === 'signedIn') return 'allowed';
  const role = actor.role;
  const bySelf =
    ('self' in requirement && requirement.self === true && target === 'self') ||
    ('member' in requirement && requirement.member === true && target === 'own');
  const inScope =
    requirement.scope === 'none' || isSystemRole(role) || (requirement.scope === 'ownOrg' && target !== 'other');
  const permitted = bySelf || (checkPermission(role, { any: requirement.any }, undefined, () => {}) && inScope);
  if (!permitted) return 'FORBIDDEN';
  // The feature is judged for the organization acted on: the argument's, else the caller's own.
  if ('feature' in requirement && !managedProviders.get(subject.organizationId)) return 'FEATURE_UNAVAILABLE';
  return 'allowed';
}

type Answer = Awaited<ReturnType<TestGateway['request']>>['body'];
type GraphQLErrorBody = NonNullable<Answer['errors']>[number];

const codeOf = (error: GraphQLErrorBody) => {
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : '';
};

const REFUSALS = new Set(['FORBIDDEN', 'FEATURE_UNAVAILABLE', 'UNAUTHENTICATED']);

/** The gateway's decision, read from the answer: a refusal on the field, or a request refused whole. */
function decisionOf(status: number, body: Answer, field: string): Decision {
  if (status === 401) return 'UNAUTHENTICATED';
  const errors = body.errors ?? [];
  const unplaced = errors.filter((error) => !error.path);
  // A document the contract refuses would make every expectation of "allowed" vacuous.
  expect(
    unplaced.filter((error) => !REFUSALS.has(codeOf(error))),
    JSON.stringify(unplaced),
  ).toEqual([]);
  const onField = (error: GraphQLErrorBody) => !error.path || (error.path.length === 1 && error.path[0] === field);
  const refusal = errors.find((error) => REFUSALS.has(codeOf(error)) && onField(error));
  return refusal ? (codeOf(refusal) as Decision) : 'allowed';
}

let gateway: TestGateway;
const tokens = new Map<string, string>();

beforeAll(async () => {
  gateway = await startTestGateway();
  // Own data-access credentials need direct data access; grant it to every actor so that the
  // platform does not refuse (403) what the gateway allowed.
  await gateway.platform.db.query('UPDATE users SET direct_data_access_enabled = true WHERE email = ANY($1)', [
    ACTORS.map((actor) => actor.email),
  ]);
  for (const actor of ACTORS)
    if (actor.role !== 'anonymous') tokens.set(actor.email, await gateway.tokens.user(actor.email));
  const admin = tokens.get('admin@meridian.test');
  for (const organizationId of ['meridian', 'acme', 'globex']) {
    const { body } = await gateway.request(
      'query($id: ID!) { features(organizationId: $id) { key isAvailable } }',
      { id: organizationId },
      admin,
    );
    const features = (body as { data: { features: { key: string; isAvailable: boolean }[] } }).data.features;
    managedProviders.set(organizationId, features.find((f) => f.key === 'feature:managed-providers')!.isAvailable);
  }
  // An endpoint per organization, so that each one's delivery log is reached (an action no test makes: nothing is sent).
  for (const organizationId of ['meridian', 'acme', 'globex']) {
    const created = await gateway.request(
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id } inputErrors { message } } }',
      { input: { organizationId, url: 'http://127.0.0.1:9/permissions', events: ['backup.create'] } },
      admin,
    );
    expect(created.body.data, JSON.stringify(created.body)).toMatchObject({ createWebhook: { inputErrors: [] } });
  }
  const { body } = await gateway.request('{ providers(limit: 1) { rows { npi } } }', undefined, admin);
  npi = (body as { data: { providers: { rows: { npi: string }[] } } }).data.providers.rows[0]!.npi;
});

afterAll(async () => {
  await gateway?.close();
});

it('the fixture has an organization with managed providers and one without (both feature branches are judged)', () => {
  expect(managedProviders.get('acme')).toBe(true);
  expect(managedProviders.get('globex')).toBe(false);
});

function rows(cases: Case[]) {
  return cases.flatMap((c) =>
    ACTORS.flatMap((actor) =>
      c.targets.map((target) => ({ ...c, actor, target, label: `${actor.role} → ${c.operation} (${target})` })),
    ),
  );
}

async function decide(c: Case & { actor: Actor; target: Target }) {
  const subject = subjectOf(c.actor, c.target);
  const { status, body } = await gateway.request(c.document, c.variables?.(subject), tokens.get(c.actor.email));
  return { decision: decisionOf(status, body, c.field), subject, body };
}

async function assertDecision(c: Case & { actor: Actor; target: Target }) {
  const { decision, subject, body } = await decide(c);
  expect(decision, JSON.stringify(body)).toBe(expected(c.actor, c.operation, c.target, subject));
  // An allowed field reaches its resolver: the platform may refuse the harmless arguments, but
  // nothing may break on the way.
  expect((body.errors ?? []).filter((e) => codeOf(e) === 'INTERNAL_SERVER_ERROR')).toEqual([]);
  if (decision === 'FEATURE_UNAVAILABLE') {
    const error = body.errors!.find((e) => codeOf(e) === decision)!;
    expect(error.message).toBe(MESSAGES.featureUnavailable);
  }
}

describe('Query fields', () => {
  it.each(rows(QUERIES))('$label', assertDecision);
});

it('expects every kind of answer somewhere, so no branch of the table goes untested', () => {
  const decisions = new Set(
    rows([...QUERIES, ...MUTATIONS]).map((c) => expected(c.actor, c.operation, c.target, subjectOf(c.actor, c.target))),
  );
  expect([...decisions].sort()).toEqual(['FEATURE_UNAVAILABLE', 'FORBIDDEN', 'UNAUTHENTICATED', 'allowed']);
});

it('covers every root field of the operation table', () => {
  const covered = new Set([...QUERIES, ...MUTATIONS].map((c) => c.operation));
  // Nested fields (below), the console's pages that are no field (passwordSection, adminArea), and the
  // REST-only operations of internal tools (createBackup: `npm run backup`).
  const rootOperations = (Object.keys(OPERATIONS) as Operation[]).filter(
    (operation) =>
      ![
        'organizationCredentials',
        'organizationSso',
        'organizationSignInImpact',
        'organizationAccess',
        'scimTokens',
        'webhooks',
        'webhookDeliveries',
        'passwordSection',
        'passwordResetMeta',
        'userMfa',
        'userSessions',
        'adminArea',
        'createBackup',
      ].includes(operation),
  );
  expect(rootOperations.filter((operation) => !covered.has(operation))).toEqual([]);
});

/** The user query, parent of the user's guarded fields (found by name: the list's order changes). */
const USER_QUERY = QUERIES.find((c) => c.operation === 'user')!;

/** Fields of types other than Query and Mutation that the table guards, reached through their parent. */
const NESTED: { parent: Case; operation: Operation; path: string[]; selection: string }[] = [
  {
    parent: QUERIES[2]!,
    operation: 'users',
    path: ['organization', 'users'],
    selection: 'users(limit: 1) { pageInfo { total } }',
  },
  {
    parent: QUERIES[2]!,
    operation: 'organizationCredentials',
    path: ['organization', 'credentials'],
    selection: 'credentials { id }',
  },
  { parent: QUERIES[2]!, operation: 'features', path: ['organization', 'features'], selection: 'features { key }' },
  { parent: QUERIES[2]!, operation: 'organizationSso', path: ['organization', 'sso'], selection: 'sso { protocol }' },
  {
    parent: QUERIES[2]!,
    operation: 'organizationSso',
    path: ['organization', 'ssoServiceProvider'],
    selection: 'ssoServiceProvider { redirectUri }',
  },
  {
    parent: QUERIES[2]!,
    operation: 'organizationSignInImpact',
    path: ['organization', 'signInImpact'],
    selection: 'signInImpact { ssoOnlyPeople }',
  },
  // What offboarding would end (issue 39): for whoever may offboard the organization.
  {
    parent: QUERIES[2]!,
    operation: 'organizationAccess',
    path: ['organization', 'access'],
    selection: 'access { signedInPeople }',
  },
  // One platform read answers both (issue 31): the tokens, and the base URL the directory calls.
  {
    parent: QUERIES[2]!,
    operation: 'scimTokens',
    path: ['organization', 'scimTokens'],
    selection: 'scimTokens { id }',
  },
  {
    parent: QUERIES[2]!,
    operation: 'scimTokens',
    path: ['organization', 'scimBaseUrl'],
    selection: 'scimBaseUrl',
  },
  // Webhooks (issue 32): the endpoints, and each one's delivery log (beforeAll adds an endpoint to each
  // organization, so the log's field is reached and judged).
  { parent: QUERIES[2]!, operation: 'webhooks', path: ['organization', 'webhooks'], selection: 'webhooks { id }' },
  {
    parent: QUERIES[2]!,
    operation: 'webhookDeliveries',
    path: ['organization', 'webhooks', '0', 'deliveries'],
    selection: 'webhooks { deliveries { id } }',
  },
  {
    parent: USER_QUERY,
    operation: 'passwordResetMeta',
    path: ['user', 'passwordResetMeta'],
    selection: 'passwordResetMeta { expiresAt }',
  },
  { parent: USER_QUERY, operation: 'userMfa', path: ['user', 'mfa'], selection: 'mfa { enrolled }' },
  { parent: USER_QUERY, operation: 'userSessions', path: ['user', 'sessions'], selection: 'sessions { id }' },
];

describe('nested fields', () => {
  const nestedRows = NESTED.flatMap((n) =>
    ACTORS.filter((actor) => actor.role !== 'anonymous').flatMap((actor) =>
      n.parent.targets.map((target) => ({
        ...n,
        actor,
        target,
        label: `${actor.role} → ${n.path.join('.')} (${target})`,
      })),
    ),
  );

  it.each(nestedRows)('$label', async (n) => {
    const subject = subjectOf(n.actor, n.target);
    const document = n.parent.document.replace(/\{ (id|email) \} \}$/, `{ $1 ${n.selection} } }`);
    const { status, body } = await gateway.request(document, n.parent.variables?.(subject), tokens.get(n.actor.email));
    const parentDecision = decisionOf(status, body, n.parent.field);
    const parentExpected = expected(n.actor, n.parent.operation, n.target, subject);
    expect(parentDecision).toBe(parentExpected);
    if (parentExpected !== 'allowed') return;
    // On the field, or on a guarded field between it and the parent (Organization.webhooks above
    // Webhook.deliveries, which the table guards alike): either one answers for the field.
    const onPath = (e: GraphQLErrorBody) =>
      e.path !== undefined && `${n.path.join('.')}.`.startsWith(`${e.path.join('.')}.`);
    const refusal = (body.errors ?? []).find((e) => onPath(e) && e.path!.length > 1 && REFUSALS.has(codeOf(e)));
    const decision = refusal ? (codeOf(refusal) as Decision) : 'allowed';
    expect(decision, JSON.stringify(body)).toBe(expected(n.actor, n.operation, n.target, subject));
  });
});

// After the reads: some of these change this file's data (offboarding comes last of all).
describe('Mutation fields', () => {
  it.each(rows(MUTATIONS))('$label', assertDecision);
});
