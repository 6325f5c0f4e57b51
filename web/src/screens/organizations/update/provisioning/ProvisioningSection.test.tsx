import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SCIM_TOKEN_LABEL_REQUIRED, SCIM_TOKEN_LABEL_TOO_LONG } from '@meridian/schema';
import { sessionUserOf, WAIT } from '../../../../routes/test-support.js';
import { organizationRecord, renderWithGateway } from '../../test-support.js';

const PATH = '/admin/org-management/acme/update/provisioning';
const BASE_URL = 'https://api.meridian.test/scim/v2';
const TOKEN = 'mscim_Qx7f3c9a1e5b2d4c6f8a0b1c2d3e4f5a6b7c8d9e0fZk2W';
const ROTATED = 'mscim_R0tat3d9a1e5b2d4c6f8a0b1c2d3e4f5a6b7c8d9eJq8P';

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const orgAdmin = sessionUserOf('orgAdmin', { email: 'orgadmin@acme.test', organizationId: 'acme' });

/** A token as the gateway lists it. */
const scimToken = (id: string, label: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ScimToken',
  id,
  label,
  hint: id.slice(-4),
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'admin@meridian.test',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

/** The Provisioning tab's read: the base URL and these tokens (a function: they change between reads). */
const provisioning = (tokens: () => unknown[]) => () => ({
  organization: {
    __typename: 'Organization',
    id: 'acme',
    name: 'Acme Health',
    scimBaseUrl: BASE_URL,
    scimTokens: tokens(),
  },
});

const secretPayload = (field: string, token: string, id: string, label: string) => ({
  [field]: {
    __typename: 'ScimTokenSecretPayload',
    secret: {
      __typename: 'ScimTokenSecret',
      token,
      baseUrl: BASE_URL,
      scimToken: { __typename: 'ScimToken', id, label },
    },
    inputErrors: [],
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

describe('organization provisioning', { timeout: 20_000 }, () => {
  it('lists the tokens by label and last four characters, with the base URL to copy and what to enter where', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => [
        scimToken('scim_a1b2', 'Okta provisioning', {
          createdBy: 'orgadmin@acme.test',
          lastUsedAt: '2026-11-27T08:30:00Z',
        }),
        scimToken('scim_z9y8', 'Entra ID provisioning', { revokedAt: '2026-11-21T10:00:00Z' }),
      ]),
    });
    const section = await screen.findByRole('region', { name: 'Provisioning' }, WAIT);
    // An Org Admin reaches it on their own organization's page, as its own tab.
    expect(screen.getByRole('tab', { name: 'Provisioning' }).getAttribute('aria-selected')).toBe('true');
    const url = await within(section).findByLabelText<HTMLInputElement>('SCIM base URL', undefined, WAIT);
    expect(url.value).toBe(BASE_URL);
    expect(url.readOnly).toBe(true);
    await userEvent.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(BASE_URL);
    expect(within(section).getByText('The base URL was copied to the clipboard.')).toBeTruthy();

    const table = within(section).getByRole('table', { name: 'SCIM tokens' });
    const okta = within(table).getByRole('rowheader', { name: 'Okta provisioning' }).closest('tr')!;
    expect(okta.textContent).toContain('…a1b2');
    expect(okta.textContent).toContain('by orgadmin@acme.test');
    expect(okta.textContent).toContain('Nov 27, 2026');
    expect(within(okta).getByText('Active')).toBeTruthy();
    expect(within(okta).getByRole('button', { name: 'Rotate SCIM token Okta provisioning' })).toBeTruthy();
    const entra = within(table).getByRole('rowheader', { name: 'Entra ID provisioning' }).closest('tr')!;
    expect(entra.textContent).toContain('Never');
    expect(within(entra).getByText('Revoked')).toBeTruthy();
    // A revoked token is done with: nothing to rotate or revoke.
    expect(within(entra).queryByRole('button')).toBeNull();

    const help = within(section).getByRole('region', { name: 'What your directory needs' });
    for (const words of ['Tenant URL', 'Secret Token', 'SCIM connector base URL', 'HTTP Header'])
      expect(help.textContent).toContain(words);
  });

  it('creates a token and shows it once, with the base URL, in the secret dialog; nothing stores it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let tokens: unknown[] = [];
    const { gateway, setup } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => tokens),
      CreateScimToken: () => {
        tokens = [scimToken('scim_6b7c', 'Entra ID provisioning')];
        return secretPayload('createScimToken', TOKEN, 'scim_6b7c', 'Entra ID provisioning');
      },
    });
    const section = await screen.findByRole('region', { name: 'Provisioning' }, WAIT);
    expect(await within(section).findByText('No SCIM tokens yet', undefined, WAIT)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'New token' }));
    const choose = await screen.findByRole('dialog', { name: 'New SCIM token for Acme Health' }, WAIT);
    await userEvent.type(within(choose).getByLabelText('Label'), ' Entra ID provisioning ');
    await userEvent.click(within(choose).getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'SCIM token created' }, WAIT);
    expect(sentVariables(gateway, 'CreateScimToken')).toEqual([
      { organizationId: 'acme', label: 'Entra ID provisioning' },
    ]);
    expect(within(dialog).getByLabelText('SCIM token secret').textContent).toBe(TOKEN);
    expect(dialog.textContent).toContain(BASE_URL);
    expect(dialog.textContent).toContain('Entra ID provisioning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);

    // The list was read again: the new token shows by its last four characters only.
    const row = (await within(section).findByRole('rowheader', { name: 'Entra ID provisioning' }, WAIT)).closest('tr')!;
    expect(row.textContent).toContain('…6b7c');
    expect(gateway.count('OrganizationProvisioning')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.stringify(setup.cache.extract())).not.toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('says what is wrong with the label beside it, before sending and from the gateway', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => []),
      CreateScimToken: () => ({
        createScimToken: {
          __typename: 'ScimTokenSecretPayload',
          secret: null,
          inputErrors: [{ __typename: 'InputError', field: 'label', message: 'The label is taken, say the platform.' }],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New token' }, WAIT));
    const choose = await screen.findByRole('dialog', { name: 'New SCIM token for Acme Health' }, WAIT);
    const label = within(choose).getByLabelText('Label');
    await userEvent.type(label, '   ');
    await userEvent.click(within(choose).getByRole('button', { name: 'Create token' }));
    expect(await within(choose).findByText(SCIM_TOKEN_LABEL_REQUIRED, undefined, WAIT)).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(label);
    await userEvent.type(label, 'x'.repeat(101));
    expect(await within(choose).findByText(SCIM_TOKEN_LABEL_TOO_LONG, undefined, WAIT)).toBeTruthy();
    expect(gateway.count('CreateScimToken')).toBe(0);

    await userEvent.clear(label);
    await userEvent.type(label, 'Okta');
    await userEvent.click(within(choose).getByRole('button', { name: 'Create token' }));
    expect(await within(choose).findByText('The label is taken, say the platform.', undefined, WAIT)).toBeTruthy();
    expect(gateway.count('CreateScimToken')).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'SCIM token created' })).toBeNull();
  });

  it('rotates a token after confirmation and shows the new one in the same dialog; the old one shows revoked', async () => {
    let tokens = [scimToken('scim_a1b2', 'Okta provisioning')];
    const { gateway } = renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => tokens),
      RotateScimToken: () => {
        tokens = [
          scimToken('scim_q8P0', 'Okta provisioning', { createdBy: 'orgadmin@acme.test' }),
          scimToken('scim_a1b2', 'Okta provisioning', { revokedAt: '2026-11-28T09:00:00Z' }),
        ];
        return secretPayload('rotateScimToken', ROTATED, 'scim_q8P0', 'Okta provisioning');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate SCIM token Okta provisioning' }, WAIT));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate this SCIM token?' }, WAIT);
    expect(confirm.textContent).toContain('replaces Okta provisioning at once');
    expect(gateway.count('RotateScimToken')).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotate token' }));

    const dialog = await screen.findByRole('dialog', { name: 'SCIM token created' }, WAIT);
    expect(sentVariables(gateway, 'RotateScimToken')).toEqual([{ organizationId: 'acme', tokenId: 'scim_a1b2' }]);
    expect(within(dialog).getByLabelText('SCIM token secret').textContent).toBe(ROTATED);
    expect(dialog.textContent).toContain(BASE_URL);
    const rows = await screen.findAllByRole('rowheader', { name: 'Okta provisioning' }, WAIT);
    expect(rows.map((row) => row.closest('tr')!.textContent)).toEqual([
      expect.stringMatching(/…q8P0.*Active/),
      expect.stringMatching(/…a1b2.*Revoked/),
    ]);
  });

  it('revokes a token after confirmation, and says so', async () => {
    const { gateway, toasts } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => [scimToken('scim_a1b2', 'Okta provisioning')]),
      RevokeScimToken: () => ({
        revokeScimToken: {
          __typename: 'ScimTokenPayload',
          scimToken: { __typename: 'ScimToken', id: 'scim_a1b2', revokedAt: '2026-11-28T09:00:00Z' },
          inputErrors: [],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke SCIM token Okta provisioning' }, WAIT));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this SCIM token?' }, WAIT);
    expect(confirm.textContent).toContain('can no longer reach Acme Health’s users');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(gateway.count('RevokeScimToken')).toBe(1), WAIT);
    expect(sentVariables(gateway, 'RevokeScimToken')).toEqual([{ organizationId: 'acme', tokenId: 'scim_a1b2' }]);
    const row = screen.getByRole('rowheader', { name: 'Okta provisioning' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeTruthy(), WAIT);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(toasts.list().some((toast) => toast.message === 'SCIM token Okta provisioning revoked.')).toBe(true);
    // Read once: the answer updated the token in the cache.
    expect(gateway.count('OrganizationProvisioning')).toBe(1);
  });

  it('is not there for an Org User, and reads no token for them', async () => {
    const orgUser = sessionUserOf('orgUser', { email: 'user@acme.test', organizationId: 'acme' });
    const asUser = renderWithGateway(PATH, orgUser, {});
    await waitFor(() => expect(asUser.location()).toBe('/'), WAIT);
    expect(asUser.toasts.list().some((toast) => toast.message === MESSAGES.permissionDenied)).toBe(true);
    expect(screen.queryByRole('region', { name: 'Provisioning' })).toBeNull();
    expect(asUser.gateway.count('OrganizationProvisioning')).toBe(0);
  });

  it('shows a System Viewer the tokens read-only: its own tab, the reason above it, no action', async () => {
    const viewer = sessionUserOf('systemViewer', { email: 'viewer@meridian.test', organizationId: 'meridian' });
    const { location } = renderWithGateway(PATH, viewer, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => [scimToken('scim_a1b2', 'Okta provisioning')]),
    });
    const section = await screen.findByRole('region', { name: 'Provisioning' }, WAIT);
    expect(location()).toBe(PATH);
    expect(screen.getByRole('tab', { name: 'Provisioning' }).getAttribute('aria-selected')).toBe('true');
    const table = await within(section).findByRole('table', { name: 'SCIM tokens' }, WAIT);
    expect(within(table).getByRole('rowheader', { name: 'Okta provisioning' }).closest('tr')!.textContent).toContain(
      '…a1b2',
    );
    expect(screen.getByRole('note').textContent).toBe(
      'Your role (Meridian Viewer) may view this organization’s SCIM tokens but not create, rotate or revoke them.',
    );
    expect(within(section).queryByRole('button', { name: 'New token' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    // Reading is all it may do: the base URL still copies.
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('puts no read-only banner above an Org Admin’s tokens, which they manage', async () => {
    renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationProvisioning: provisioning(() => []),
    });
    const section = await screen.findByRole('region', { name: 'Provisioning' }, WAIT);
    expect(await within(section).findByRole('button', { name: 'New token' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(document.body.textContent).not.toContain('but not change');
  });
});
