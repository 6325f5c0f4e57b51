// Organizations through GraphQL as an internal tool (client credentials acting as systemAdmin) does
// them (spec section 7): list, create, update, the whole lifecycle, licenses, organization credentials
// and features; refusals arrive as inputErrors naming the argument to fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  ORGANIZATION_ID_MESSAGE,
  STATE_CODE_MESSAGE,
  WEB_ADDRESS_MESSAGE,
  lifecycleRefusal,
  operatorsOffboardingRefusal,
} from '@meridian/schema';
import { startTestGateway, type TestGateway } from '../../test-support/gateway.js';

/** Answers are read loosely: each document fixes the shape it asks for (JSON.parse's own any). */
type Json = ReturnType<typeof JSON.parse>;

let gateway: TestGateway;
let tool: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  tool = await gateway.tokens.client('meridian-cli', 'systemAdmin', 'meridian');
});

afterAll(async () => {
  await gateway?.close();
});

/** Runs a document as the tool and answers its data, failing on any error. */
async function data<T = Json>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const { status, body } = await gateway.request(query, variables, tool);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

const ORGANIZATION_FIELDS = `id name active status allowedActions domain callbackUrls customerSegment medicareLicensed
  primaryContact { name email } biPortalUrl biPortal { defaultStates }
  licenses { userLimit activeUsers tableauUserLicenses { explorerCount viewerCount explorerUsed viewerUsed } products { product enabled } }
  onboarding { status steps { name status } } deployment { status } offboarding { status }`;

const PAYLOAD = `organization { ${ORGANIZATION_FIELDS} } inputErrors { field message }`;

describe('reading organizations', () => {
  it('lists organizations searched, sorted and paged on the server, each with its license use', async () => {
    const { organizations } = await data(
      `{ organizations(sort: { field: NAME, direction: DESC }, offset: 1, limit: 2) { rows { name } pageInfo { total limit offset } } }`,
    );
    expect(organizations.pageInfo).toEqual({ total: 4, limit: 2, offset: 1 });
    const names: string[] = organizations.rows.map((row: { name: string }) => row.name);
    expect(names).toHaveLength(2);
    expect([...names].sort().reverse()).toEqual(names);

    const { organizations: found } = await data(
      `{ organizations(search: "ACM") { rows { ${ORGANIZATION_FIELDS} } pageInfo { total } } }`,
    );
    expect(found.pageInfo.total).toBe(1);
    const acme = found.rows[0];
    expect(acme).toMatchObject({
      id: 'acme',
      status: 'ACTIVE',
      active: true,
      allowedActions: ['OFFBOARD', 'SWITCH_SEGMENT'],
    });
    // Two active users (the inactive one does not count), one Explorer and one Viewer seat in use.
    expect(acme.licenses).toMatchObject({ activeUsers: 2, tableauUserLicenses: { explorerUsed: 1, viewerUsed: 1 } });
    expect(acme.licenses.products).toContainEqual({ product: 'managed_providers', enabled: true });
  });

  it('reads one organization with its jobs, users, credentials and features resolved when asked', async () => {
    const { organization } = await data(
      `query($id: ID!) { organization(id: $id) { ${ORGANIZATION_FIELDS}
        users(sort: { field: EMAIL }, limit: 2) { rows { email } pageInfo { total limit offset } }
        credentials { id } features { key isAvailable } } }`,
      { id: 'globex' },
    );
    expect(organization).toMatchObject({
      id: 'globex',
      onboarding: { status: 'NOT_STARTED' },
      primaryContact: { email: 'contact@globex.test' },
    });
    expect(organization.onboarding.steps.every((step: { status: string }) => step.status === 'PENDING')).toBe(true);
    expect(organization.users).toEqual({
      rows: [{ email: 'orgadmin@globex.test' }, { email: 'user@globex.test' }],
      pageInfo: { total: 2, limit: 2, offset: 0 },
    });
    expect(organization.features).toContainEqual({ key: 'feature:managed-providers', isAvailable: false });
  });

  it('filters organizations by customer segment and lifecycle state', async () => {
    const ids = async (args: string) =>
      (await data(`{ organizations(${args}) { rows { id } } }`)).organizations.rows.map(
        (row: { id: string }) => row.id,
      );
    expect(await ids('customerSegment: "employer"')).toEqual(['initech']);
    expect(await ids('status: CREATED')).toEqual(['initech']);
    expect(await ids('customerSegment: "employer", status: ACTIVE')).toEqual([]);
  });

  it('answers null, without an error, for an organization that does not exist', async () => {
    expect(await data(`{ organization(id: "no-such-org") { id } }`)).toEqual({ organization: null });
  });
});

describe('creating and changing an organization', () => {
  const create = `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { ${PAYLOAD} } }`;
  const input = {
    id: 'wayne',
    name: 'Wayne Health',
    domain: ['wayne.test'],
    primaryContact: { name: 'Bruce', email: 'bruce@wayne.test' },
    customerSegment: 'health-plan',
    medicareLicensed: true,
  };

  it('refuses bad input with errors naming the input fields', async () => {
    const { createOrganization } = await data(create, {
      input: { ...input, id: 'Not Valid!', customerSegment: 'no-such-segment' },
    });
    expect(createOrganization.organization).toBeNull();
    expect(createOrganization.inputErrors).toEqual([
      { field: 'input.id', message: ORGANIZATION_ID_MESSAGE },
      { field: 'input.customerSegment', message: 'Customer segment no-such-segment does not exist.' },
    ]);
  });

  it('creates an organization in CREATED, with default licenses and no usage yet', async () => {
    const { createOrganization } = await data(create, { input });
    expect(createOrganization.inputErrors).toEqual([]);
    expect(createOrganization.organization).toMatchObject({
      id: 'wayne',
      status: 'CREATED',
      active: false,
      allowedActions: ['ONBOARD'],
      customerSegment: 'health-plan',
      medicareLicensed: true,
      licenses: {
        userLimit: 20,
        activeUsers: 0,
        tableauUserLicenses: { explorerCount: 0, viewerCount: 0 },
        products: [],
      },
    });
    const again = await data(create, { input });
    expect(again.createOrganization.inputErrors).toEqual([
      { field: 'input.id', message: 'An organization with id wayne already exists.' },
    ]);
  });

  it('updates name, contact, callback URLs and BI portal settings, naming a bad state code by its input field', async () => {
    const update = `mutation($input: UpdateOrganizationInput!) { updateOrganization(id: "wayne", input: $input) { ${PAYLOAD} } }`;
    const { updateOrganization } = await data(update, {
      input: {
        name: 'Wayne Medical',
        callbackUrls: ['https://bi.wayne.test/callback'],
        biPortalUrl: 'https://bi.wayne.test',
        biPortalDefaultStates: ['NJ', 'NY'],
      },
    });
    expect(updateOrganization.organization).toMatchObject({
      name: 'Wayne Medical',
      callbackUrls: ['https://bi.wayne.test/callback'],
      biPortalUrl: 'https://bi.wayne.test',
      biPortal: { defaultStates: ['NJ', 'NY'] },
    });
    // A URL that is no web address is refused in words; null removes the URL.
    const script = await data(update, { input: { biPortalUrl: 'javascript:alert(1)' } });
    expect(script.updateOrganization.inputErrors).toEqual([
      { field: 'input.biPortalUrl', message: WEB_ADDRESS_MESSAGE },
    ]);
    const cleared = await data(update, { input: { biPortalUrl: null } });
    expect(cleared.updateOrganization.organization.biPortalUrl).toBeNull();
    const refused = await data(update, { input: { biPortalDefaultStates: ['New Jersey'] } });
    expect(refused.updateOrganization.inputErrors).toEqual([
      { field: 'input.biPortalDefaultStates', message: STATE_CODE_MESSAGE },
    ]);
  });

  it('changes licenses from a products list, keeps usage read-only and refuses a limit below use', async () => {
    const update = `mutation($id: ID!, $input: LicensesInput!) { updateLicenses(id: $id, input: $input) { ${PAYLOAD} } }`;
    const { updateLicenses } = await data(update, {
      id: 'wayne',
      input: {
        userLimit: 5,
        tableauUserLicenses: { explorerCount: 2 },
        products: [{ product: 'market_intelligence', enabled: true }],
      },
    });
    expect(updateLicenses.organization.licenses).toEqual({
      userLimit: 5,
      activeUsers: 0,
      tableauUserLicenses: { explorerCount: 2, viewerCount: 0, explorerUsed: 0, viewerUsed: 0 },
      products: [{ product: 'market_intelligence', enabled: true }],
    });

    const unknown = await data(update, {
      id: 'wayne',
      input: { products: [{ product: 'no_such_product', enabled: true }] },
    });
    expect(unknown.updateLicenses.inputErrors).toEqual([
      { field: 'input.products', message: 'Product no_such_product is not in the catalog.' },
    ]);
    // Acme has two active users.
    const belowUse = await data(update, { id: 'acme', input: { userLimit: 1 } });
    expect(belowUse.updateLicenses.inputErrors).toEqual([
      {
        field: null,
        message: 'The user limit cannot be 1: the organization has 2 active users. Deactivate users first.',
      },
    ]);
  });
});

describe('requiring a second factor', () => {
  const read = `query($id: ID!) { organization(id: $id) { id requireMfa } }`;
  const update = `mutation($id: ID!, $input: UpdateOrganizationInput!) {
    updateOrganization(id: $id, input: $input) { organization { id requireMfa name } inputErrors { field message } } }`;

  it('is off until an operator requires it; other edits leave it as set', async () => {
    expect((await data(read, { id: 'globex' })).organization).toEqual({ id: 'globex', requireMfa: false });
    const { updateOrganization } = await data(update, { id: 'globex', input: { requireMfa: true } });
    expect(updateOrganization).toMatchObject({ organization: { requireMfa: true }, inputErrors: [] });
    const renamed = await data(update, { id: 'globex', input: { name: 'Globex Care' } });
    expect(renamed.updateOrganization.organization).toMatchObject({ name: 'Globex Care', requireMfa: true });
    const listed = await data(`{ organizations(search: "globex") { rows { id requireMfa } } }`);
    expect(listed.organizations.rows).toEqual([{ id: 'globex', requireMfa: true }]);
  });

  it('is shown to the organization’s admin, who may not change it', async () => {
    const admin = await gateway.tokens.user('orgadmin@globex.test');
    const shown = await gateway.request(read, { id: 'globex' }, admin);
    expect(shown.body).toEqual({ data: { organization: { id: 'globex', requireMfa: true } } });
    const refused = await gateway.request(update, { id: 'globex', input: { requireMfa: false } }, admin);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'You do not have permission to view that page.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await data(read, { id: 'globex' })).organization.requireMfa).toBe(true);
  });
});

describe('the lifecycle', () => {
  const move = (field: string) => `mutation($id: ID!) { ${field}(id: $id) { ${PAYLOAD} } }`;
  const read = `query($id: ID!) { organization(id: $id) { ${ORGANIZATION_FIELDS} } }`;

  /** Reads the organization until `done` holds: jobs advance in the background, a step every 20 ms. */
  async function until(id: string, done: (organization: Json) => boolean) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { organization } = await data(read, { id });
      if (done(organization)) return organization;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`organization ${id} never reached the expected state`);
  }

  it('walks created → onboarding → deploying → active → segment switch → offboarded → active', async () => {
    const refused = await data(move('startDeployment'), { id: 'wayne' });
    expect(refused.startDeployment).toMatchObject({
      organization: null,
      inputErrors: [{ field: null, message: lifecycleRefusal('deploy', 'created') }],
    });

    const onboarding = (await data(move('startOnboarding'), { id: 'wayne' })).startOnboarding.organization;
    expect(onboarding).toMatchObject({
      status: 'ONBOARDING',
      onboarding: { status: 'IN_PROGRESS' },
      allowedActions: [],
    });
    expect(onboarding.onboarding.steps[0].status).toBe('IN_PROGRESS');
    await until('wayne', (o) => o.onboarding.status === 'COMPLETED' && o.allowedActions.includes('DEPLOY'));

    expect((await data(move('startDeployment'), { id: 'wayne' })).startDeployment.organization.status).toBe(
      'DEPLOYING',
    );
    await until('wayne', (o) => o.deployment.status === 'COMPLETED' && o.allowedActions.includes('ACTIVATE'));

    const active = (await data(move('activateOrganization'), { id: 'wayne' })).activateOrganization.organization;
    expect(active).toMatchObject({ status: 'ACTIVE', active: true, allowedActions: ['OFFBOARD', 'SWITCH_SEGMENT'] });

    const { switchSegment } = await data(
      `mutation($id: ID!, $input: SwitchSegmentInput!) { switchSegment(id: $id, input: $input) { ${PAYLOAD} } }`,
      { id: 'wayne', input: { customerSegment: 'employer', medicareLicensed: false, licenses: { userLimit: 7 } } },
    );
    expect(switchSegment.organization).toMatchObject({
      status: 'ACTIVE',
      customerSegment: 'employer',
      medicareLicensed: false,
      licenses: { userLimit: 7 },
    });

    expect((await data(move('offboardOrganization'), { id: 'wayne' })).offboardOrganization.organization.status).toBe(
      'OFFBOARDING',
    );
    const offboarded = await until('wayne', (o) => o.status === 'OFFBOARDED');
    expect(offboarded).toMatchObject({
      active: false,
      offboarding: { status: 'COMPLETED' },
      allowedActions: ['ACTIVATE'],
    });

    const reactivated = (await data(move('activateOrganization'), { id: 'wayne' })).activateOrganization.organization;
    expect(reactivated).toMatchObject({ status: 'ACTIVE', active: true });
  });

  it('says why a deployment step failed, on the step, and nothing on the others', async () => {
    const { createOrganization } = await data(
      `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { ${PAYLOAD} } }`,
      {
        input: {
          id: 'gotham',
          name: 'Gotham Clinics',
          domain: ['gotham.test'],
          primaryContact: { name: 'Jim', email: 'jim@gotham.test' },
          customerSegment: 'health-plan',
          medicareLicensed: false,
        },
      },
    );
    expect(createOrganization.inputErrors).toEqual([]);
    await data(move('startOnboarding'), { id: 'gotham' });
    await until('gotham', (o) => o.onboarding.status === 'COMPLETED' && o.allowedActions.includes('DEPLOY'));
    // Sign-in cannot be configured without a domain: the deployment's first step fails.
    const { updateOrganization } = await data(
      `mutation { updateOrganization(id: "gotham", input: { domain: [] }) { inputErrors { message } } }`,
    );
    expect(updateOrganization.inputErrors).toEqual([]);
    await data(move('startDeployment'), { id: 'gotham' });
    const steps = `query($id: ID!) { organization(id: $id) { deployment { status steps { name status message } } } }`;
    let deployment: Json;
    for (let attempt = 0; attempt < 100 && deployment?.status !== 'FAILED'; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      ({ deployment } = (await data(steps, { id: 'gotham' })).organization);
    }
    expect(deployment.status).toBe('FAILED');
    expect(deployment.steps[0]).toEqual({
      name: 'Configure sign-in',
      status: 'FAILED',
      message:
        'Sign-in cannot be configured because the organization has no domain. Add a domain, then start the deployment again.',
    });
    for (const step of deployment.steps.slice(1)) expect(step).toMatchObject({ status: 'PENDING', message: null });
    // A job that has not failed says nothing either.
    const { organization } = await data(`{ organization(id: "gotham") { onboarding { steps { message } } } }`);
    expect(organization.onboarding.steps.map((step: { message: unknown }) => step.message)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('names the failed job on the organization, in its list row and in analytics', async () => {
    // gotham's deployment failed in the test before (no domain).
    const problem = 'lifecycleProblem { job label step reason failedAt attempts }';
    const { organization } = await data(
      `{ organization(id: "gotham") { status ${problem} deployment { status attempts } } }`,
    );
    expect(organization).toMatchObject({
      status: 'DEPLOYING',
      lifecycleProblem: {
        job: 'deployment',
        label: 'Deployment failed',
        step: 'Configure sign-in',
        reason: expect.stringMatching(/no domain/),
        failedAt: expect.any(String),
        attempts: 1,
      },
      deployment: { status: 'FAILED', attempts: 1 },
    });
    const { organizations } = await data(`{ organizations(search: "gotham") { rows { id ${problem} } } }`);
    expect(organizations.rows[0].lifecycleProblem).toMatchObject({ label: 'Deployment failed' });
    // An organization whose jobs are fine has none.
    const { organization: acme } = await data(`{ organization(id: "acme") { ${problem} } }`);
    expect(acme.lifecycleProblem).toBeNull();

    const { analyticsSummary } = await data(`{ analyticsSummary { jobsFailed { organizationId kind step reason } } }`);
    expect(analyticsSummary.jobsFailed).toContainEqual({
      organizationId: 'gotham',
      kind: 'deployment',
      step: 'Configure sign-in',
      reason: expect.stringMatching(/no domain/),
    });
  });

  it('never offers offboarding the operators’ own organization, and refuses it in words', async () => {
    const { organization } = await data(`{ organization(id: "meridian") { status allowedActions } }`);
    expect(organization).toEqual({ status: 'ACTIVE', allowedActions: ['SWITCH_SEGMENT'] });
    const { offboardOrganization } = await data(move('offboardOrganization'), { id: 'meridian' });
    expect(offboardOrganization.inputErrors).toEqual([
      { field: null, message: operatorsOffboardingRefusal(gateway.platform.config.productName) },
    ]);
  });

  it('says what offboarding would end, to whoever may offboard, and no credential is made while not active', async () => {
    const access = `query($id: ID!) { organization(id: $id) { access { activeUsers signedInPeople sessions enabledCredentials scimTokens } } }`;
    expect((await data(access, { id: 'acme' })).organization.access).toMatchObject({
      activeUsers: 2,
      enabledCredentials: 1,
      scimTokens: 0,
    });
    // An Org Admin reads the organization, not what offboarding ends (organization:update).
    const orgAdmin = await gateway.tokens.user('orgadmin@acme.test');
    const refused = await gateway.request(access, { id: 'acme' }, orgAdmin);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Initech is created, not active: neither it nor its people get a credential, said as an input error.
    const { createOrganizationCredential } = await data(
      `mutation { createOrganizationCredential(organizationId: "initech") { secret inputErrors { field message } } }`,
    );
    expect(createOrganizationCredential).toEqual({
      secret: null,
      inputErrors: [{ field: null, message: MESSAGES.credentialOrganizationInactive('Initech Clinics', 'created') }],
    });
  });

  it('names a refused segment switch by its input field', async () => {
    const { switchSegment } = await data(
      `mutation { switchSegment(id: "acme", input: { customerSegment: "nope", medicareLicensed: false }) { inputErrors { field message } } }`,
    );
    expect(switchSegment.inputErrors).toEqual([
      { field: 'input.customerSegment', message: 'Customer segment nope does not exist.' },
    ]);
  });
});

describe('organization credentials', () => {
  it('shows a new credential’s secret once, in the payload only, and disables it', async () => {
    const { createOrganizationCredential: created } = await data(
      `mutation { createOrganizationCredential(organizationId: "globex") {
        secret credential { id organizationId userEmail enabled daysToExpire createdBy } organization { id credentials { id enabled } } } }`,
    );
    expect(created.secret).toMatch(/^[\w-]{40,}$/);
    expect(created.credential).toMatchObject({
      organizationId: 'globex',
      userEmail: null,
      enabled: true,
      daysToExpire: 90,
      createdBy: 'meridian-cli',
    });
    expect(created.organization.credentials).toContainEqual({ id: created.credential.id, enabled: true });

    const listed = await data(
      `{ organization(id: "globex") { credentials { id organizationId userEmail enabled generatedAt daysToExpire createdBy } } }`,
    );
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const { disableOrganizationCredential } = await data(
      `mutation($id: ID!) { disableOrganizationCredential(organizationId: "globex", credentialId: $id) { credential { id enabled } organization { credentials { id enabled } } inputErrors { message } } }`,
      { id: created.credential.id },
    );
    expect(disableOrganizationCredential.credential).toEqual({ id: created.credential.id, enabled: false });
    expect(disableOrganizationCredential.organization.credentials).toContainEqual({
      id: created.credential.id,
      enabled: false,
    });
  });

  it('has no secret field on Credential at all', async () => {
    const { status, body } = await gateway.request(
      `{ organization(id: "globex") { credentials { id secret } } }`,
      undefined,
      tool,
    );
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/Cannot query field "secret" on type "Credential"/);
  });
});

describe('features', () => {
  it('resolves each feature for an organization with its stage and license', async () => {
    const query = `query($id: ID!) { features(organizationId: $id) { key description entity stage requiresLicense isLicensed isAvailable } }`;
    const acme = (await data(query, { id: 'acme' })).features;
    const globex = (await data(query, { id: 'globex' })).features;
    expect(acme).toContainEqual(
      expect.objectContaining({
        key: 'feature:managed-providers',
        stage: 'GENERAL_AVAILABILITY',
        entity: 'organization',
        requiresLicense: true,
        isLicensed: true,
        isAvailable: true,
      }),
    );
    expect(globex).toContainEqual(
      expect.objectContaining({ key: 'feature:managed-providers', isLicensed: false, isAvailable: false }),
    );
    expect(globex).toContainEqual(
      expect.objectContaining({ key: 'feature:data-access-management', requiresLicense: false, isAvailable: true }),
    );
  });
});
