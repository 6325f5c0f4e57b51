import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ssoTestReturnPath } from '@meridian/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUserOf, WAIT } from '../../../../routes/test-support.js';
import { organizationRecord, renderWithGateway } from '../../test-support.js';
import { SECRET_KEPT_PLACEHOLDER } from './ConnectionFields.js';
import { REQUIRE_MFA_HELP } from './SecondFactorSetting.js';
import { EMERGENCY_ACCESS_OPERATORS_ONLY, SSO_ONLY_HELP } from './SignInSection.js';
import { TEST_SIGN_IN_UNSAVED } from './SsoTestSignIn.js';
import { TRUST_IDP_MFA_HELP } from './TrustIdpMfaField.js';
import { METADATA_XML_REQUIRED_MESSAGE } from './sign-in-form.js';

const PATH = '/admin/org-management/acme/update/sign-in';
const ISSUER = 'https://login.acme.test/v2.0';
const REDIRECT_URI = 'https://id.meridian.test/sso/oidc/callback';
const SP_ENTITY_ID = 'https://id.meridian.test/sso/saml/acme';

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const orgAdmin = sessionUserOf('orgAdmin', { organizationId: 'acme' });

/** The platform's counts, as the Sign-in tab's own query answers them. */
const COUNTS = {
  ssoOnlyPeople: 5,
  ssoOnlyOrgAdmins: 2,
  ssoOnlyOrgAdminsWithSecondFactor: 1,
  recentSsoPeople: 7,
  peopleWithoutSecondFactor: 3,
};
const SignInImpact = () => ({
  organization: { __typename: 'Organization', id: 'acme', signInImpact: { __typename: 'SignInImpact', ...COUNTS } },
});

/** The save's confirmation, once it asks. */
const confirmation = () => screen.findByRole('alertdialog', { name: 'Save single sign-on?' }, WAIT);
/** Says yes, and waits for the dialog to be gone (a closing one must not be answered twice). */
async function confirmSave() {
  await userEvent.click(within(await confirmation()).getByRole('button', { name: 'Save single sign-on' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
}

/** A connection as the gateway answers it: OIDC unless `protocol` says SAML. */
function connection(overrides: Record<string, unknown> = {}) {
  const saml = overrides.protocol === 'SAML';
  return {
    __typename: 'OrganizationSso',
    protocol: 'OIDC',
    ssoOnly: false,
    defaultRole: 'ORG_USER',
    trustIdpMfa: false,
    adminEmergencyAccess: true,
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
  it('shows what the identity provider needs before the first save, for the protocol being edited, to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithGateway(PATH, admin, { OrganizationUpdate: () => ({ organization: withSso(null) }), SignInImpact });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    const needs = within(section).getByRole('region', { name: 'What your identity provider needs' });
    expect(within(needs).getByLabelText<HTMLInputElement>('Redirect URI').value).toBe(REDIRECT_URI);
    expect(within(needs).queryByLabelText('Entity id (audience)')).toBeNull();
    await userEvent.click(within(needs).getByRole('button', { name: 'Copy redirect URI' }));
    expect(writeText).toHaveBeenCalledWith(REDIRECT_URI);
    expect(within(needs).getByText('The redirect URI was copied to the clipboard.')).toBeTruthy();

    // Editing SAML instead: Meridian's SAML values, each with its own Copy.
    await userEvent.click(within(section).getByRole('radio', { name: /SAML 2.0/ }));
    expect(within(needs).queryByLabelText('Redirect URI')).toBeNull();
    const values = {
      'Entity id (audience)': ['Copy entity id', SP_ENTITY_ID],
      'ACS URL (reply URL)': ['Copy ACS URL', `${SP_ENTITY_ID}/acs`],
      'Service provider metadata': ['Copy service provider metadata URL', `${SP_ENTITY_ID}/metadata`],
    };
    for (const [label, [copy, value]] of Object.entries(values)) {
      const field = within(needs).getByLabelText<HTMLInputElement>(label);
      expect(field.value, label).toBe(value);
      expect(field.readOnly).toBe(true);
      await userEvent.click(within(needs).getByRole('button', { name: copy }));
      expect(writeText).toHaveBeenLastCalledWith(value);
    }
  });

  it('tests an OIDC connection, asks before single sign-on only and new Org Admins, then saves it', async () => {
    const { gateway, toasts } = renderWithGateway(PATH, admin, {
      SignInImpact,
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
    // On by default beneath it: the Org Admins' emergency way in.
    const emergency = within(section).getByRole<HTMLInputElement>('checkbox', {
      name: 'Org Admins may also sign in with password and second factor (emergency access)',
    });
    expect(emergency.checked).toBe(true);
    await userEvent.selectOptions(within(section).getByLabelText('Default role'), 'Org Admin');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));

    // Nothing is sent before a yes: the dialog says what changes, with the platform's counts.
    const dialog = await confirmation();
    await waitFor(
      () =>
        expect(dialog.textContent).toContain(
          '5 people of Acme Health will sign in only through its identity provider: password sign-in and password reset end for them, its 2 Org Admins included.',
        ),
      WAIT,
    );
    expect(dialog.textContent).toContain(
      'Org Admins keep their Meridian password, with a second factor, as the emergency way in',
    );
    expect(dialog.textContent).toContain(
      '1 Org Admin has no second factor yet and cannot use it until they set one up',
    );
    expect(dialog.textContent).toContain(
      'Every new person who signs in through the identity provider becomes an Org Admin of Acme Health',
    );
    expect(gateway.count('SetOrganizationSso')).toBe(0);
    await confirmSave();
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
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
    const needs = within(section).getByRole('region', { name: 'What your identity provider needs' });
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
      SignInImpact,
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
    await confirmSave();
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
    await confirmSave();
    const alert = await within(section).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Single sign-on was not saved');
    expect(alert.textContent).toContain('The domain acme.test belongs to another organization.');
  });

  it('says in red why a test failed', async () => {
    renderWithGateway(PATH, admin, {
      SignInImpact,
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
      SignInImpact,
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
      () => expect(within(section).queryByRole('button', { name: 'Remove single sign-on' })).toBeNull(),
      WAIT,
    );
    expect(within(section).getByRole<HTMLInputElement>('radio', { name: /OpenID Connect/ }).checked).toBe(true);
    // What a new connection would need stays to copy, now for the protocol the form shows.
    const after = within(section).getByRole('region', { name: 'What your identity provider needs' });
    expect(within(after).getByLabelText<HTMLInputElement>('Redirect URI').value).toBe(REDIRECT_URI);
    expect(after.textContent).not.toContain('https://idp.acme.test/sso');
  });

  it('asks for pasted SAML metadata again, since it is not read back', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      SignInImpact,
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

  it('shows a read-only operator the connection and the second factor setting, read-only', async () => {
    const viewer = sessionUserOf('systemViewer', { email: 'viewer@meridian.test', organizationId: 'meridian' });
    renderWithGateway(PATH, viewer, {
      SignInImpact,
      OrganizationUpdate: () => ({ organization: withSso(connection({ ssoOnly: true })) }),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Issuer/).disabled).toBe(true);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Client secret/).disabled).toBe(true);
    const only = within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Only single sign-on' });
    expect(only.checked).toBe(true);
    expect(only.disabled).toBe(true);
    expect(within(section).getByRole<HTMLInputElement>('checkbox', { name: /emergency access/ }).disabled).toBe(true);
    expect(within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Require a second factor' }).disabled).toBe(
      true,
    );
    for (const name of ['Test connection', 'Save', 'Save second factor', 'Remove single sign-on'])
      expect(within(section).queryByRole('button', { name }), name).toBeNull();
    const needs = within(section).getByRole('region', { name: 'What your identity provider needs' });
    expect(within(needs).getByLabelText<HTMLInputElement>('Redirect URI').value).toBe(REDIRECT_URI);
  });

  it('asks before a live connection switches protocol, saying how many people signed in with it lately', async () => {
    // Counted again as the question opens: 7 when the tab opened, 9 by the time it asks.
    let asked = 0;
    const { gateway } = renderWithGateway(PATH, admin, {
      SignInImpact: () => {
        asked += 1;
        const answer = SignInImpact();
        answer.organization.signInImpact.recentSsoPeople = asked === 1 ? 7 : 9;
        return answer;
      },
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      SetOrganizationSso: () => payload('setOrganizationSso', withSso(connection({ protocol: 'SAML' }))),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    await userEvent.click(within(section).getByRole('radio', { name: /SAML 2.0/ }));
    await userEvent.type(within(section).getByLabelText(/^Metadata URL/), 'https://idp.acme.test/metadata');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    const dialog = await confirmation();
    await waitFor(
      () =>
        expect(dialog.textContent).toContain(
          'The connection switches from OpenID Connect to SAML 2.0: 9 people signed in through it in the last 30 days.',
        ),
      WAIT,
    );
    // Cancelled, nothing is sent and the edits stay.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
    expect(gateway.count('SetOrganizationSso')).toBe(0);
    expect(within(section).getByRole<HTMLInputElement>('radio', { name: /SAML 2.0/ }).checked).toBe(true);
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await confirmSave();
    await waitFor(() => expect(gateway.count('SetOrganizationSso')).toBe(1), WAIT);
    expect(sentVariables(gateway, 'SetOrganizationSso')).toEqual([
      {
        id: 'acme',
        input: {
          protocol: 'SAML',
          metadataUrl: 'https://idp.acme.test/metadata',
          ssoOnly: false,
          trustIdpMfa: false,
          defaultRole: 'ORG_USER',
        },
      },
    ]);
  });

  it('lets an operator take the Org Admins’ emergency access away, after saying what that means', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      SignInImpact,
      OrganizationUpdate: () => ({ organization: withSso(connection({ ssoOnly: true })) }),
      SetOrganizationSso: () =>
        payload('setOrganizationSso', withSso(connection({ ssoOnly: true, adminEmergencyAccess: false }))),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    const emergency = within(section).getByRole<HTMLInputElement>('checkbox', { name: /emergency access/ });
    expect(emergency.disabled).toBe(false);
    await userEvent.click(emergency);
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    const dialog = await confirmation();
    await waitFor(
      () =>
        expect(dialog.textContent).toContain(
          '2 Org Admins of Acme Health lose their emergency way in (their password with a second factor)',
        ),
      WAIT,
    );
    await confirmSave();
    await waitFor(() => expect(gateway.count('SetOrganizationSso')).toBe(1), WAIT);
    expect(sentVariables(gateway, 'SetOrganizationSso')).toEqual([
      {
        id: 'acme',
        input: {
          protocol: 'OIDC',
          issuer: ISSUER,
          clientId: 'meridian-console',
          ssoOnly: true,
          trustIdpMfa: false,
          defaultRole: 'ORG_USER',
          adminEmergencyAccess: false,
        },
      },
    ]);
  });

  it('lets an Org Admin change their connection, but not their admins’ emergency access nor the second factor', async () => {
    const { gateway } = renderWithGateway(PATH, orgAdmin, {
      SignInImpact,
      OrganizationUpdate: () => ({ organization: withSso(connection()) }),
      SetOrganizationSso: () => payload('setOrganizationSso', withSso(connection({ ssoOnly: true }))),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    expect(within(section).getByLabelText<HTMLInputElement>(/^Issuer/).disabled).toBe(false);
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Only single sign-on' }));
    const emergency = within(section).getByRole<HTMLInputElement>('checkbox', { name: /emergency access/ });
    expect(emergency.checked).toBe(true);
    expect(emergency.disabled).toBe(true);
    expect(document.getElementById(emergency.getAttribute('aria-describedby')!)?.textContent).toContain(
      EMERGENCY_ACCESS_OPERATORS_ONLY,
    );
    expect(within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Require a second factor' }).disabled).toBe(
      true,
    );
    expect(within(section).queryByRole('button', { name: 'Save second factor' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    const dialog = await confirmation();
    await waitFor(() => expect(dialog.textContent).toContain('its 2 Org Admins included'), WAIT);
    expect(dialog.textContent).toContain('emergency way in');
    await confirmSave();
    await waitFor(() => expect(gateway.count('SetOrganizationSso')).toBe(1), WAIT);
    // What only operators may send is never sent.
    expect(sentVariables(gateway, 'SetOrganizationSso')[0]).toEqual({
      id: 'acme',
      input: {
        protocol: 'OIDC',
        issuer: ISSUER,
        clientId: 'meridian-console',
        ssoOnly: true,
        defaultRole: 'ORG_USER',
        trustIdpMfa: false,
      },
    });
  });

  it('saves the other settings of a connection already single sign-on only without asking', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      SignInImpact,
      OrganizationUpdate: () => ({ organization: withSso(connection({ ssoOnly: true })) }),
      SetOrganizationSso: () => payload('setOrganizationSso', withSso(connection({ ssoOnly: true, clientId: 'x' }))),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    await userEvent.type(within(section).getByLabelText(/^Client id/), '-2');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.count('SetOrganizationSso')).toBe(1), WAIT);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the second factor on the Sign-in tab', { timeout: 20_000 }, () => {
  it('asks before requiring a second factor, saying how many people will have to set one up', async () => {
    const { gateway, toasts } = renderWithGateway(PATH, admin, {
      SignInImpact,
      OrganizationUpdate: () => ({ organization: withSso(null) }),
      UpdateOrganization: ({ input }) =>
        payload(
          'updateOrganization',
          organizationRecord({ requireMfa: (input as { requireMfa: boolean }).requireMfa }),
        ),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    const toggle = within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Require a second factor' });
    expect(toggle.checked).toBe(false);
    const help = () => document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent;
    await waitFor(() => expect(help()).toBe(`${REQUIRE_MFA_HELP} 3 people have no second factor yet.`), WAIT);
    await userEvent.click(toggle);
    await userEvent.click(within(section).getByRole('button', { name: 'Save second factor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Require a second factor?' }, WAIT);
    expect(dialog.textContent).toContain(
      '3 people of Acme Health have no second factor yet and will have to set one up (an authenticator app or a passkey) at their next sign-in',
    );
    expect(gateway.count('UpdateOrganization')).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Require a second factor' }));
    await waitFor(
      () =>
        expect(toasts.list().some((toast) => toast.message === 'Acme Health now requires a second factor.')).toBe(true),
      WAIT,
    );
    expect(sentVariables(gateway, 'UpdateOrganization')).toEqual([{ id: 'acme', input: { requireMfa: true } }]);
    expect(within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Require a second factor' }).checked).toBe(
      true,
    );
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: 'Save second factor' }).disabled).toBe(true);
  });

  it('no longer requires one without asking, and is gone from the General tab', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      SignInImpact,
      OrganizationUpdate: () => ({ organization: organizationRecord({ requireMfa: true }) }),
      UpdateOrganization: () => payload('updateOrganization', organizationRecord({ requireMfa: false })),
    });
    const section = await screen.findByRole('region', { name: 'Sign-in' }, WAIT);
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Require a second factor' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save second factor' }));
    await waitFor(() => expect(gateway.count('UpdateOrganization')).toBe(1), WAIT);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    await screen.findByRole('heading', { name: 'General', level: 2 }, WAIT);
    expect(screen.queryByRole('checkbox', { name: 'Require a second factor' })).toBeNull();
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
