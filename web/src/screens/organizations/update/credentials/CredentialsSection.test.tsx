import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDENTIAL_LIFETIME_MESSAGE, CREDENTIAL_NAME_MESSAGE } from '@meridian/schema';
import { sessionUserOf, WAIT } from '../../../../routes/test-support.js';
import { organizationRecord, renderWithGateway } from '../../test-support.js';

const SECRET = 'mrd_sk_7f3c9a1e5b2d4c6f8a0b1c2d3e4f5a6b';

const credential = (id: string, enabled = true, name: string | null = null) => ({
  __typename: 'Credential',
  id,
  name,
  enabled,
  generatedAt: '2026-11-01T09:00:00Z',
  expiresAt: '2027-01-30T09:00:00Z',
  daysToExpire: enabled ? 70 : 0,
  createdBy: 'admin@meridian.test',
});

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('organization credentials', { timeout: 20_000 }, () => {
  it('shows a new credential’s secret once, copies it, and never stores it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created = credential('cred-new', true, 'Nightly claims export');
    const withNew = organizationRecord({ credentials: [credential('cred-old'), created] });
    const { setup, gateway } = renderWithGateway('/admin/org-management/acme/update/credentials', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord({ credentials: [credential('cred-old')] }) }),
      CreateOrganizationCredential: () => ({
        createOrganizationCredential: {
          __typename: 'CreatedCredentialPayload',
          credential: created,
          secret: SECRET,
          organization: withNew,
          inputErrors: [],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create credential' }, WAIT));
    // First what uses it and how long it lives, then the secret.
    const choices = await screen.findByRole('dialog', { name: 'New credential for Acme Health' }, WAIT);
    await userEvent.type(within(choices).getByLabelText('Name'), 'Nightly claims export');
    await userEvent.clear(within(choices).getByLabelText('Expires in (days)'));
    await userEvent.type(within(choices).getByLabelText('Expires in (days)'), '30');
    await userEvent.click(within(choices).getByRole('button', { name: 'Create credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credential created' }, WAIT);
    expect(gateway.sent.find((request) => request.operationName === 'CreateOrganizationCredential')?.variables).toEqual(
      { organizationId: 'acme', input: { name: 'Nightly claims export', lifetimeDays: 30 } },
    );
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'New credential for Acme Health' })).toBeNull(),
      WAIT,
    );
    expect(within(dialog).getByLabelText('Credential secret').textContent).toBe(SECRET);
    // Until it is copied, a stray Escape does not lose the secret: only the footer's button closes.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Credential created' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close without copying' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();

    // The list shows the new credential from the answer, while neither the cache nor storage holds the secret.
    expect(screen.getByRole('rowheader', { name: 'Nightly claims export' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.stringify(setup.cache.extract())).not.toContain(SECRET);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
    expect(localStorage.getItem('meridian.apollo.cache')).toContain('cred-new');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(document.body.textContent).not.toContain(SECRET);
    expect(gateway.count('OrganizationUpdate')).toBe(1);
  });

  it('disables a credential after confirmation', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/credentials', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord({ credentials: [credential('cred-1')] }) }),
      DisableOrganizationCredential: () => ({
        disableOrganizationCredential: {
          __typename: 'CredentialPayload',
          credential: { __typename: 'Credential', id: 'cred-1', enabled: false, daysToExpire: 0 },
          inputErrors: [],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable credential cred-1' }, WAIT));
    const alert = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(alert.textContent).toContain('it cannot be enabled again');
    expect(gateway.count('DisableOrganizationCredential')).toBe(0);
    await userEvent.click(within(alert).getByRole('button', { name: 'Disable credential' }));
    await waitFor(() => expect(gateway.count('DisableOrganizationCredential')).toBe(1), WAIT);
    expect(
      gateway.sent.find((request) => request.operationName === 'DisableOrganizationCredential')?.variables,
    ).toEqual({
      organizationId: 'acme',
      credentialId: 'cred-1',
    });
    const row = (await screen.findByRole('rowheader', { name: 'cred-1' }, WAIT)).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Disabled')).toBeTruthy(), WAIT);
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says why a refused creation failed', async () => {
    renderWithGateway('/admin/org-management/acme/update/credentials', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      CreateOrganizationCredential: () => ({
        body: { errors: [{ message: 'You do not have permission to do that.', extensions: { code: 'FORBIDDEN' } }] },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create credential' }, WAIT));
    const choices = await screen.findByRole('dialog', { name: 'New credential for Acme Health' }, WAIT);
    await userEvent.type(within(choices).getByLabelText('Name'), 'BI export');
    await userEvent.click(within(choices).getByRole('button', { name: 'Create credential' }));
    // The refusal is said where the person is: in the dialog, which stays open with what they typed.
    const alert = await within(choices).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe('You do not have permission to do that.');
    expect(within(choices).getByLabelText<HTMLInputElement>('Name').value).toBe('BI export');
    expect(screen.queryByRole('dialog', { name: 'Credential created' })).toBeNull();
  });

  it('checks the name and the lifetime before sending, next to each field, and focuses the first', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/credentials', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create credential' }, WAIT));
    const choices = await screen.findByRole('dialog', { name: 'New credential for Acme Health' }, WAIT);
    const lifetime = within(choices).getByLabelText('Expires in (days)');
    await userEvent.clear(lifetime);
    await userEvent.type(lifetime, '365');
    await userEvent.click(within(choices).getByRole('button', { name: 'Create credential' }));
    const name = within(choices).getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name), WAIT);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(choices.textContent).toContain(CREDENTIAL_NAME_MESSAGE);
    expect(choices.textContent).toContain(CREDENTIAL_LIFETIME_MESSAGE);
    expect(gateway.count('CreateOrganizationCredential')).toBe(0);
  });
});
