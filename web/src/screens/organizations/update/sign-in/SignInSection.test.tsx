import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ssoTestReturnPath } from '@meridian/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUserOf, WAIT } from '../../../../routes/test-support.js';
import { organizationRecord, renderWithGateway } from '../../test-support.js';
import { SECRET_KEPT_PLACEHOLDER } from './ConnectionFields.js';
import { SSO_ONLY_HELP } from './SignInSection.js';
import { TEST_SIGN_IN_UNSAVED } from './SsoTestSignIn.js';
import { TRUST_IDP_MFA_HELP } from './TrustIdpMfaField.js';
import { METADATA_XML_REQUIRED_MESSAGE } from './sign-in-form.js';

const PATH = '/admin/org-management/acme/update/sign-in';
const ISSUER = 'https://login.acme.test/v2.0';
const REDIRECT_URI = 'https://id.meridian.test/sso/oidc/callback';
const SP_ENTITY_ID = 'https://id.meridian.test/sso/saml/acme';

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });

/** A connection as the gateway answers it: OIDC unless `protocol` says SAML. */
function connection(overrides: Record<string, unknown> = {}) {
  const saml = overrides.protocol === 'SAML';
  return {
    __typename: 'OrganizationSso',
    protocol: 'OIDC',
    ssoOnly: false,
    defaultRole: 'ORG_USER',
    trustIdpMfa: false,
    issuer: saml ? null : ISSUER,
    clientId: saml ? null : 'meridian-console',
    hasClientSecret: !saml,
    redirectUri: saml ? null : REDIRECT_URI,
    idpEntityId: saml ? 'https://idp.acme.test' : null,
    idpSsoUrl: saml ? 'https://idp.acme.test/sso' : null,
    idpMetadataUrl: saml ? 'https://idp.acme.test/metadata' : null,
    spEntityId: saml ? SP_ENTITY_ID : null,
    acsUrl: saml ? `${SP_ENTITY_ID}/acs` : null,
    spMetadataUrl: saml ? `${SP_ENTITY_ID}/metadata` : null,
    updatedAt: '2026-11-27T10:00:00Z',
    ...overrides,
  };
}

const withSso = (sso: unknown) => organizationRecord({ sso });
const payload = (field: string, organization: unknown, inputErrors: unknown[] = []) => ({
  [field]: {
    __typename: 'OrganizationPayload',
    organization,
    inputErrors: inputErrors.map((error) => ({ __typename: 'InputError', ...(error as object) })),
  },
});
const sentVariables = (gateway: { sent: { operationName: string; variables: unknown }[] }, name: string) =>
  gateway.sent.filter((request) => request.operationName === name).map((request) => request.variables);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('organization sign-in', { timeout: 20_000 }, () => {
  it('tests an OIDC connection, saves it, and then shows what the identity provider needs', async () => {
    const { gateway, toasts } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(null) }),
      TestOrganizationSso: () => ({
        testOrganizationSso: {
          __typename: 'SsoConnectionTestPayload',
          test: {
            __typename: 'SsoConnectionTest',
            ok: true,
            message: `Found ${ISSUER}: sign-in at ${ISSUER}/authorize.`,
          },
          inputErrors: [],
        },
      }),
      SetOrganizationSso: () =>
        payload('setOrganizationSso', withSso(connection({ ssoOnly: true, defaultRole: 'ORG_ADMIN' }))),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    expect(screen.getByRole('tab', { name: 'Sign-in' }).getAttribute('aria-selected')).toBe('true');
    expect(within(section).queryByRole('region', { name: 'What your identity provider needs' })).toBeNull();
    expect(within(section).getByRole<HTMLInputElement>('radio', { name: /OpenID Connect/ }).checked).toBe(true);
    await userEvent.type(within(section).getByLabelText(/^Issuer/), ISSUER);
    await userEvent.type(within(section).getByLabelText(/^Client id/), 'meridian-console');

    // A test needs no secret, and says what it found in green.
    await userEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    const found = await within(section).findByRole('status', undefined, WAIT);
    expect(found.textContent).toContain(`Found ${ISSUER}`);
    expect(found.className).toContain('intent-success');
    expect(sentVariables(gateway, 'TestOrganizationSso')).toEqual([
      {
        id: 'acme',
        input: {
          protocol: 'OIDC',
          issuer: ISSUER,
          clientId: 'meridian-console',
          ssoOnly: false,
          defaultRole: 'ORG_USER',
          trustIdpMfa: false,
        },
      },
    ]);

    const secret = within(section).getByLabelText<HTMLInputElement>(/^Client secret/);
    expect(secret.type).toBe('password');
    await userEvent.type(secret, 'the-secret');
    const only = within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Only single sign-on' });
    expect(document.getElementById(only.getAttribute('aria-describedby')!)?.textContent).toBe(SSO_ONLY_HELP);
    await userEvent.click(only);
    await userEvent.selectOptions(within(section).getByLabelText('Default role'), 'Org Admin');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(toasts.list().some((toast) => toast.message === 'Single sign-on of Acme Health saved.')).toBe(true),
      WAIT,
    );
    expect(sentVariables(gateway, 'SetOrganizationSso')).toEqual([
      {
        id: 'acme',
        input: {
          protocol: 'OIDC',
          issuer: ISSUER,
          clientId: 'meridian-console',
          clientSecret: 'the-secret',
          ssoOnly: true,
          defaultRole: 'ORG_ADMIN',
          trustIdpMfa: false,
        },
      },
    ]);

    // Saved: the secret field is empty again and says one is stored; the redirect URI is there to copy.
    const needs = await within(section).findByRole('region', { name: 'What your identity provider needs' }, WAIT);
    const redirect = within(needs).getByLabelText<HTMLInputElement>('Redirect URI');
    expect(redirect.value).toBe(REDIRECT_URI);
    expect(redirect.readOnly).toBe(true);
    const stored = within(section).getByLabelText<HTMLInputElement>(/^Client secret/);
    expect(stored.value).toBe('');
    expect(stored.placeholder).toBe(SECRET_KEPT_PLACEHOLDER);
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(localStorage.getItem('meridian.apollo.cache') ?? '').not.toContain('the-secret');
  });

  it('checks the fields before sending, and shows the gateway’s refusals beside them or above the buttons', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(null) }),
      SetOrganizationSso: ({ input }) =>
        (input as { clientId: string }).clientId === 'taken'
          ? payload('setOrganizationSso', null, [
              { field: null, message: 'The domain acme.test belongs to another organization.' },
            ])
          : payload('setOrganizationSso', null, [
              { field: 'input.issuer', message: 'No OpenID provider answers at this issuer.' },
            ]),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    // A test needs the issuer and client id, not the secret; nothing is sent without them.
    await userEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    const issuer = within(section).getByLabelText(/^Issuer/);
    await waitFor(() => expect(document.activeElement).toBe(issuer), WAIT);
    expect(section.textContent).toContain('Enter the client id Meridian has at your provider.');
    expect(section.textContent).not.toContain('Enter the client secret');
    expect(gateway.count('TestOrganizationSso')).toBe(0);

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Only single sign-on' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(issuer), WAIT);
    expect(issuer.getAttribute('aria-invalid')).toBe('true');
    expect(section.textContent).toContain('Enter the issuer of your OpenID provider.');
    expect(section.textContent).toContain('Enter the client id Meridian has at your provider.');
    expect(section.textContent).toContain('Enter the client secret Meridian has at your provider.');
    expect(gateway.count('SetOrganizationSso')).toBe(0);

    await userEvent.type(issuer, ISSUER);
    await userEvent.type(within(section).getByLabelText(/^Client id/), 'meridian');
    await userEvent.type(within(section).getByLabelText(/^Client secret/), 'secret');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText('No OpenID provider answers at this issuer.', undefined, WAIT),
    ).toBeTruthy();
    expect(
      within(section)
        .getByLabelText(/^Issuer/)
        .getAttribute('aria-invalid'),
    ).toBe('true');

    // A conflict names no field: it is said above the buttons.
    const clientId = within(section).getByLabelText(/^Client id/);
    await userEvent.clear(clientId);
    await userEvent.type(clientId, 'taken');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    const alert = await within(section).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Single sign-on was not saved');
    expect(alert.textContent).toContain('The domain acme.test belongs to another organization.');
  });

  it('says in red why a test failed', async () => {
    renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      TestOrganizationSso: () => ({
        testOrganizationSso: {
          __typename: 'SsoConnectionTestPayload',
          test: { __typename: 'SsoConnectionTest', ok: false, message: 'The issuer did not answer within 5 seconds.' },
          inputErrors: [],
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Issuer/).value).toBe(ISSUER);
    await userEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    const answer = await within(section).findByRole('status', undefined, WAIT);
    expect(answer.textContent).toContain('The issuer did not answer within 5 seconds.');
    expect(answer.className).toContain('intent-danger');
    // Changing a field drops the answer: it was about other values.
    await userEvent.type(within(section).getByLabelText(/^Client id/), '-2');
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('shows a SAML connection’s values for the identity provider, and removes it after confirmation', async () => {
    const { gateway, toasts } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection({ protocol: 'SAML' })) }),
      RemoveOrganizationSso: () => payload('removeOrganizationSso', withSso(null)),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    expect(within(section).getByRole<HTMLInputElement>('radio', { name: /SAML 2.0/ }).checked).toBe(true);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Metadata URL/).value).toBe(
      'https://idp.acme.test/metadata',
    );
    const needs = within(section).getByRole('region', { name: 'What your identity provider needs' });
    expect(within(needs).getByLabelText<HTMLInputElement>('Entity id (audience)').value).toBe(SP_ENTITY_ID);
    expect(within(needs).getByLabelText<HTMLInputElement>('ACS URL (reply URL)').value).toBe(`${SP_ENTITY_ID}/acs`);
    expect(within(needs).getByLabelText<HTMLInputElement>('Service provider metadata').value).toBe(
      `${SP_ENTITY_ID}/metadata`,
    );
    expect(needs.textContent).toContain('https://idp.acme.test/sso');

    await userEvent.click(within(section).getByRole('button', { name: 'Remove single sign-on' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove single sign-on?' }, WAIT);
    expect(gateway.count('RemoveOrganizationSso')).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));
    await waitFor(
      () =>
        expect(toasts.list().some((toast) => toast.message === 'Single sign-on of Acme Health removed.')).toBe(true),
      WAIT,
    );
    expect(sentVariables(gateway, 'RemoveOrganizationSso')).toEqual([{ id: 'acme' }]);
    await waitFor(
      () => expect(within(section).queryByRole('region', { name: 'What your identity provider needs' })).toBeNull(),
      WAIT,
    );
    expect(within(section).queryByRole('button', { name: 'Remove single sign-on' })).toBeNull();
    expect(within(section).getByRole<HTMLInputElement>('radio', { name: /OpenID Connect/ }).checked).toBe(true);
  });

  it('asks for pasted SAML metadata again, since it is not read back', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection({ protocol: 'SAML', idpMetadataUrl: null })) }),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    const xml = within(section).getByLabelText<HTMLTextAreaElement>('Metadata XML');
    expect(xml.value).toBe('');
    expect(section.textContent).toContain('The metadata saved earlier is not shown: paste it again to save a change.');
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Only single sign-on' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(xml), WAIT);
    expect(section.textContent).toContain(METADATA_XML_REQUIRED_MESSAGE);
    expect(gateway.count('SetOrganizationSso')).toBe(0);
  });

  it('shows an Org Admin their organization’s connection, read-only', async () => {
    const orgAdmin = sessionUserOf('orgAdmin', { organizationId: 'acme' });
    renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: withSso(connection({ ssoOnly: true })) }),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Issuer/).disabled).toBe(true);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Client secret/).disabled).toBe(true);
    const only = within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Only single sign-on' });
    expect(only.checked).toBe(true);
    expect(only.disabled).toBe(true);
    for (const name of ['Test connection', 'Save', 'Remove single sign-on'])
      expect(within(section).queryByRole('button', { name }), name).toBeNull();
    const needs = within(section).getByRole('region', { name: 'What your identity provider needs' });
    expect(within(needs).getByLabelText<HTMLInputElement>('Redirect URI').value).toBe(REDIRECT_URI);
  });
});

describe('issue 39: trusting the provider’s second factor, and a test sign-in', { timeout: 20_000 }, () => {
  it('saves whether the provider’s second factor counts, with its help beside the checkbox', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      SetOrganizationSso: () => payload('setOrganizationSso', withSso(connection({ trustIdpMfa: true }))),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    const trust = within(section).getByRole<HTMLInputElement>('checkbox', {
      name: 'Trust the identity provider’s second factor',
    });
    expect(trust.checked).toBe(false);
    expect(document.getElementById(trust.getAttribute('aria-describedby')!)?.textContent).toBe(TRUST_IDP_MFA_HELP);
    await userEvent.click(trust);
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentVariables(gateway, 'SetOrganizationSso')).toHaveLength(1), WAIT);
    expect(sentVariables(gateway, 'SetOrganizationSso')[0]).toMatchObject({
      id: 'acme',
      input: { protocol: 'OIDC', trustIdpMfa: true },
    });
  });

  it('starts a test sign-in through the saved connection and sends the page to the provider', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { gateway } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      StartSsoTestSignIn: () => ({
        startOrganizationSsoTestSignIn: {
          __typename: 'SsoTestSignInStartPayload',
          testSignIn: {
            __typename: 'SsoTestSignInStart',
            url: `${ISSUER}/authorize?state=s1`,
            state: 's1',
            expiresAt: '2026-11-27T10:10:00Z',
          },
          inputErrors: [],
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    const button = within(section).getByRole<HTMLButtonElement>('button', { name: 'Test sign-in' });
    // With changes in the form it waits: the test goes through what is saved.
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Only single sign-on' }));
    expect(button.disabled).toBe(true);
    expect(within(section).getByText(TEST_SIGN_IN_UNSAVED)).toBeTruthy();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Only single sign-on' }));
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${ISSUER}/authorize?state=s1`), WAIT);
    expect(sentVariables(gateway, 'StartSsoTestSignIn')).toEqual([{ id: 'acme' }]);
  });

  it('shows what the provider returned and what Meridian would do, back from the provider', async () => {
    // Where the platform sends the page back (schema's ssoTestReturnPath) is this tab's own route.
    expect(ssoTestReturnPath('acme', 's1')).toBe(`${PATH}?ssoTest=s1`);
    const { gateway } = renderWithGateway(ssoTestReturnPath('acme', 's1'), admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      SsoTestSignIn: () => ({
        organizationSsoTestSignIn: {
          __typename: 'SsoTestSignIn',
          state: 's1',
          protocol: 'OIDC',
          answered: true,
          verified: true,
          message: null,
          returned: [
            { __typename: 'SsoReturnedValue', name: 'sub', value: 'tess' },
            { __typename: 'SsoReturnedValue', name: 'email', value: 'Tess@acme.test' },
            { __typename: 'SsoReturnedValue', name: 'amr', value: '["pwd","otp"]' },
          ],
          preview: {
            __typename: 'SsoTestPreview',
            email: 'tess@acme.test',
            outcome: 'CREATE',
            refusal: null,
            role: 'ORG_USER',
            existingUser: false,
            name: 'Tess Tester',
            providerSaidMfa: true,
            secondFactor: 'MERIDIAN',
          },
        },
      }),
    });
    const result = await screen.findByRole('region', { name: 'Test sign-in result' }, WAIT);
    await within(result).findByText('Create Tess Tester (tess@acme.test) as Org User, then sign them in.', {}, WAIT);
    expect(result.textContent).toContain('Nobody was signed in or created by this test.');
    expect(result.textContent).toContain('Meridian asks for its own');
    const table = within(result).getByRole('table', { name: 'What the identity provider returned' });
    expect(within(table).getByRole('rowheader', { name: 'amr' }).closest('tr')?.textContent).toContain('["pwd","otp"]');
    expect(sentVariables(gateway, 'SsoTestSignIn')).toEqual([{ id: 'acme', state: 's1' }]);
    await userEvent.click(within(result).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Test sign-in result' })).toBeNull(), WAIT);
  });

  it('says why the provider’s answer was not accepted, and when the result is gone', async () => {
    renderWithGateway(`${PATH}?ssoTest=s2`, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      SsoTestSignIn: () => ({
        organizationSsoTestSignIn: {
          __typename: 'SsoTestSignIn',
          state: 's2',
          protocol: 'OIDC',
          answered: true,
          verified: false,
          message: "The identity provider's ID token is not valid: its signature does not verify.",
          returned: [],
          preview: null,
        },
      }),
    });
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('its signature does not verify');
    cleanup();
    renderWithGateway(`${PATH}?ssoTest=gone`, admin, {
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      SsoTestSignIn: () => ({ organizationSsoTestSignIn: null }),
    });
    const result = await screen.findByRole('region', { name: 'Test sign-in result' }, WAIT);
    await within(result).findByText(/no longer available/, {}, WAIT);
  });
});
