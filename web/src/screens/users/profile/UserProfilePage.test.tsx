import {
  LAST_ORG_ADMIN_MESSAGE,
  MESSAGES,
  OWN_ROLE_MESSAGE,
  SELF_DEACTIVATE_MESSAGE,
  userLimitMessage,
} from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_KEY } from '../../../apollo/persistence.js';
import { renderWithGateway, sessionUserOf, WAIT } from '../../../routes/test-support.js';
import { userRecord } from '../test-support.js';
import { auditEventRecord, eventsAnswer } from '../../../components/activity/test-support.js';

const SECRET = 'mrd_live_2b7e151628aed2a6abf71588';
const profilePath = (email: string, section = 'general') =>
  `/admin/org-management/acme/users/${encodeURIComponent(email)}/profile/${section}`;

const orgAdmin = sessionUserOf('orgAdmin');
const orgUser = sessionUserOf('orgUser');
const systemAdmin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });

/** The stub gateway's users, by email (mutations change them, as the platform would). */
function directory() {
  const users = new Map<string, Record<string, unknown>>();
  const add = (record: Record<string, unknown>) => users.set(record.email as string, record);
  add(userRecord({ email: orgAdmin.email, name: 'Olga Admin', role: 'ORG_ADMIN' }));
  add(userRecord({ email: orgUser.email, name: 'Ursula User' }));
  add(
    userRecord({
      email: 'pat@acme.test',
      name: 'Pat Doe',
      directDataAccessEnabled: true,
      dataAccessInfo: [
        {
          __typename: 'DataAccessEntry',
          id: 'cred-old-0001',
          name: null,
          active: true,
          generatedAt: '2026-01-01T00:00:00Z',
          expiresAt: '2026-04-01T00:00:00Z',
          daysToExpire: -5,
        },
        {
          __typename: 'DataAccessEntry',
          id: 'cred-live-0002',
          name: 'Claims feed',
          active: true,
          generatedAt: '2026-03-01T00:00:00Z',
          expiresAt: '2026-05-30T00:00:00Z',
          daysToExpire: 2,
        },
      ],
    }),
  );
  return users;
}

function handlers(
  users: Map<string, Record<string, unknown>>,
  overrides: Record<string, (v: Record<string, unknown>) => unknown> = {},
) {
  const payload = (email: unknown) => ({
    __typename: 'UserPayload',
    user: users.get(email as string),
    inputErrors: [],
  });
  return {
    OrganizationUsersHeader: () => ({ organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health' } }),
    UserProfile: (variables: Record<string, unknown>) => ({ user: users.get(variables.email as string) ?? null }),
    ActiveOrgAdmins: () => ({
      users: {
        __typename: 'UserList',
        rows: [users.get(orgAdmin.email), users.get(orgUser.email)],
        pageInfo: { __typename: 'PageInfo', total: 3 },
      },
    }),
    UpdateUser: (variables: Record<string, unknown>) => {
      users.set(variables.email as string, { ...users.get(variables.email as string), ...(variables.input as object) });
      return { updateUser: payload(variables.email) };
    },
    SetUserActive: (variables: Record<string, unknown>) => {
      // The gateway answers the status with the flag (an invited user is never deactivated here).
      users.set(variables.email as string, {
        ...users.get(variables.email as string),
        active: variables.active,
        status: variables.active ? 'ACTIVE' : 'INACTIVE',
      });
      return { setUserActive: payload(variables.email) };
    },
    UserPasswordResetMeta: (variables: Record<string, unknown>) => ({
      user: {
        __typename: 'User',
        email: variables.email,
        passwordResetMeta: {
          __typename: 'PasswordResetMeta',
          lastResetRequestedAt: null,
          passwordChangedAt: '2026-02-01T09:30:00Z',
          expiresAt: '2026-05-02T09:30:00Z',
        },
      },
    }),
    InitiatePasswordReset: () => ({
      initiatePasswordReset: { __typename: 'PasswordPayload', ok: true, inputErrors: [] },
    }),
    ...overrides,
  };
}

const field = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a user’s profile', { timeout: 15_000 }, () => {
  it('shows an Org User their own profile read-only (but for their password), and says why they cannot create a credential', async () => {
    renderWithGateway(profilePath(orgUser.email), orgUser, handlers(directory()));
    expect(await screen.findByRole('heading', { name: 'Ursula User' }, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Credentials',
      'Password',
      'Sign-in security',
    ]);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to users' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Credentials' }));
    expect(await screen.findByText(MESSAGES.ownDataAccessOff, undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create credential' }).disabled).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe(profilePath(orgUser.email, 'credentials'));
  });

  it('lets an Org Admin edit their own profile but not their own role or active state, saying why', async () => {
    const { gateway } = renderWithGateway(profilePath(orgAdmin.email), orgAdmin, handlers(directory()));
    await screen.findByRole('heading', { name: 'Olga Admin' }, WAIT);
    expect(field('Role').disabled).toBe(true);
    expect(screen.getByText(OWN_ROLE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Deactivate user' }).disabled).toBe(true);
    expect(screen.getByText(SELF_DEACTIVATE_MESSAGE)).toBeTruthy();

    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Olga Boss');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes to Olga Boss were saved.', undefined, WAIT)).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'UpdateUser')?.variables).toEqual({
      organizationId: 'acme',
      email: orgAdmin.email,
      input: { name: 'Olga Boss' },
    });
    expect(await screen.findByRole('heading', { name: 'Olga Boss' }, WAIT)).toBeTruthy();
  });

  it('shows the job title among the facts, and the words for none', async () => {
    const users = directory();
    users.set(orgUser.email, { ...users.get(orgUser.email), jobTitle: 'Charge nurse' });
    renderWithGateway(profilePath(orgUser.email), orgUser, handlers(users));
    await screen.findByRole('heading', { name: 'Ursula User' }, WAIT);
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Job title')).toBe('Charge nurse');
    cleanup();

    renderWithGateway(profilePath(orgUser.email), orgUser, handlers(directory()));
    await screen.findByRole('heading', { name: 'Ursula User' }, WAIT);
    expect(fact('Job title')).toBe('—');
  });

  it('edits the job title: only a changed one is sent, trimmed, a cleared one as null, a too-long one refused', async () => {
    const users = directory();
    users.set('pat@acme.test', { ...users.get('pat@acme.test'), jobTitle: 'Charge nurse' });
    const { gateway } = renderWithGateway(profilePath('pat@acme.test'), orgAdmin, handlers(users));
    await screen.findByRole('heading', { name: 'Pat Doe' }, WAIT);
    const jobTitle = screen.getByLabelText<HTMLInputElement>(/^Job title/);
    const besideJobTitle = () => document.getElementById(jobTitle.getAttribute('aria-describedby') ?? '')?.textContent;
    const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' });
    const sentInputs = () =>
      gateway.sent
        .filter((request) => request.operationName === 'UpdateUser')
        .map((request) => request.variables.input);
    expect(jobTitle.value).toBe('Charge nurse');

    await userEvent.click(jobTitle);
    await userEvent.paste('x'.repeat(129));
    expect(besideJobTitle()).toBe('Job title must be at most 128 characters.');
    expect(save().disabled).toBe(true);

    await userEvent.clear(jobTitle);
    await userEvent.type(jobTitle, ' Head of nursing ');
    await userEvent.click(save());
    await waitFor(() => expect(sentInputs()).toEqual([{ jobTitle: 'Head of nursing' }]), WAIT);
    await waitFor(() => expect(jobTitle.value).toBe('Head of nursing'), WAIT);

    await userEvent.clear(jobTitle);
    await userEvent.click(save());
    await waitFor(() => expect(sentInputs()).toEqual([{ jobTitle: 'Head of nursing' }, { jobTitle: null }]), WAIT);
    await waitFor(() => expect(save().disabled).toBe(true), WAIT);
    expect(users.get('pat@acme.test')?.jobTitle).toBeNull();
  });

  it('keeps the last active Org Admin from being demoted or deactivated, with the reason', async () => {
    renderWithGateway(profilePath(orgAdmin.email), systemAdmin, handlers(directory()));
    await screen.findByRole('heading', { name: 'Olga Admin' }, WAIT);
    await waitFor(() => expect(field('Role').disabled).toBe(true), WAIT);
    expect(screen.getAllByText(LAST_ORG_ADMIN_MESSAGE)).toHaveLength(2);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Deactivate user' }).disabled).toBe(true);
    expect(within(field('Role')).getAllByRole('option')).toHaveLength(4);
  });

  it('deactivates and reactivates a user after a confirmation, and explains a refusal', async () => {
    let refuse = false;
    const users = directory();
    const base = handlers(users);
    const { gateway } = renderWithGateway(profilePath(orgUser.email), orgAdmin, {
      ...base,
      SetUserActive: (variables) =>
        refuse
          ? {
              setUserActive: {
                __typename: 'UserPayload',
                user: null,
                inputErrors: [{ __typename: 'InputError', field: null, message: userLimitMessage(20) }],
              },
            }
          : base.SetUserActive(variables),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate user' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Deactivate Ursula User?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ursula User was deactivated.', undefined, WAIT)).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'SetUserActive')?.variables).toEqual({
      email: orgUser.email,
      active: false,
    });

    refuse = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Activate user' }, WAIT));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', { name: 'Activate' }),
    );
    expect(await screen.findByText(userLimitMessage(20), undefined, WAIT)).toBeTruthy();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Activate user' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', { name: 'Activate' }),
    );
    expect(await screen.findByText('Ursula User was activated.', undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate user' })).toBeTruthy();
  });

  it('shows the credentials’ countdown, creates one whose secret is shown once and stored nowhere, and disables one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const users = directory();
    const created = {
      __typename: 'DataAccessEntry',
      id: 'cred-new-0003',
      name: 'Nightly claims export',
      active: true,
      generatedAt: '2026-04-01T00:00:00Z',
      expiresAt: '2026-06-30T00:00:00Z',
      daysToExpire: 90,
    };
    const { gateway, setup, toasts } = renderWithGateway(profilePath('pat@acme.test', 'credentials'), orgAdmin, {
      ...handlers(users),
      CreateUserCredential: () => {
        const user = users.get('pat@acme.test')!;
        user.dataAccessInfo = [...(user.dataAccessInfo as object[]), created];
        return {
          createUserCredential: {
            __typename: 'CreatedCredentialPayload',
            credential: {
              __typename: 'Credential',
              id: created.id,
              name: created.name,
              userEmail: 'pat@acme.test',
              enabled: true,
              generatedAt: created.generatedAt,
              expiresAt: created.expiresAt,
              daysToExpire: 90,
            },
            secret: SECRET,
            user,
            inputErrors: [],
          },
        };
      },
      DisableUserCredential: (variables) => {
        const user = users.get('pat@acme.test')!;
        user.dataAccessInfo = (user.dataAccessInfo as { id: string }[]).map((entry) =>
          entry.id === variables.credentialId ? { ...entry, active: false } : entry,
        );
        return {
          disableUserCredential: {
            __typename: 'CredentialPayload',
            credential: { __typename: 'Credential', id: variables.credentialId, enabled: false },
            user,
            inputErrors: [],
          },
        };
      },
    });
    await screen.findByRole('heading', { name: 'Pat Doe' }, WAIT);
    const rows = () => screen.getAllByTestId('credential-row').map((row) => row.textContent ?? '');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain('Expires in 2 days');
    expect(rows()[1]).toContain('Expired');

    await userEvent.click(screen.getByRole('button', { name: 'Create credential' }));
    const choices = await screen.findByRole('dialog', { name: 'New credential for pat@acme.test' }, WAIT);
    await userEvent.type(within(choices).getByLabelText('Name'), 'Nightly claims export');
    await userEvent.click(within(choices).getByRole('button', { name: 'Create credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credential created' }, WAIT);
    expect(gateway.sent.find((request) => request.operationName === 'CreateUserCredential')?.variables).toEqual({
      email: 'pat@acme.test',
      input: { name: 'Nightly claims export', lifetimeDays: 90 },
    });
    expect(within(dialog).getByLabelText('Credential secret').textContent).toBe(SECRET);
    // No toast sits over the dialog's top: the dialog says what happened, creating and copying alike.
    expect(toasts.list()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(toasts.list()).toEqual([]);
    expect(rows()[0]).toContain('Expires in 90 days');
    expect(rows()[0]).toContain('Nightly claims export');
    // The expiry date is the one the platform answered (the lifetime chosen), not generation + 90 days.
    expect(rows()[1]).toContain('Claims feed');

    await setup.persistence.flush();
    expect(JSON.stringify(setup.cache.extract())).not.toContain(SECRET);
    expect(localStorage.getItem(CACHE_KEY) ?? '').toContain('cred-new-0003');
    expect(Object.values(localStorage).join('\n')).not.toContain(SECRET);
    expect(Object.values(sessionStorage).join('\n')).not.toContain(SECRET);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull(), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Disable credential Claims feed' }));
    const confirm = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(confirm.textContent).toContain('cannot be enabled again');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The credential was disabled.', undefined, WAIT)).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'DisableUserCredential')?.variables).toEqual({
      email: 'pat@acme.test',
      credentialId: 'cred-live-0002',
    });
    await waitFor(() => expect(rows()[1]).toContain('Disabled'), WAIT);
  });

  it('lets anyone change their own password from their profile, with the same rules', async () => {
    const { gateway, toasts } = renderWithGateway(profilePath(orgUser.email, 'password'), orgUser, {
      ...handlers(directory()),
      ChangePassword: () => ({ changePassword: { __typename: 'PasswordPayload', ok: true, inputErrors: [] } }),
    });
    const form = await screen.findByRole('form', { name: 'Change password' }, WAIT);
    await userEvent.type(within(form).getByLabelText('Current password'), 'meridian-local-1');
    await userEvent.type(within(form).getByLabelText('New password'), 'short1');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'short1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(gateway.count('ChangePassword')).toBe(0);
    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.clear(within(form).getByLabelText('Confirm new password'));
    await userEvent.type(within(form).getByLabelText('New password'), 'a-long-password-7');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'a-long-password-7');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(gateway.count('ChangePassword')).toBe(1), WAIT);
    expect(gateway.sent.find((r) => r.operationName === 'ChangePassword')?.variables).toEqual({
      currentPassword: 'meridian-local-1',
      newPassword: 'a-long-password-7',
    });
    await waitFor(
      () => expect(toasts.list().map((toast) => toast.message)).toContain('Your password has been changed.'),
      WAIT,
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Current password').value).toBe('');
    // Nobody else's profile offers the change: it is one's own password only.
    cleanup();
    renderWithGateway(profilePath(orgUser.email, 'password'), orgAdmin, handlers(directory()));
    await screen.findByText('Never', undefined, WAIT);
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
  });

  it('shows the password dates and emails a reset link after a confirmation', async () => {
    const { gateway } = renderWithGateway(profilePath(orgUser.email, 'password'), orgAdmin, handlers(directory()));
    expect(await screen.findByText('Never', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText(/May 2, 2026/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset email' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', { name: 'Send' }),
    );
    expect(
      await screen.findByText(`A link to set a new password was emailed to ${orgUser.email}.`, undefined, WAIT),
    ).toBeTruthy();
    // The answer carries no dates: the cached ones were evicted and are asked for again.
    await waitFor(() => expect(gateway.count('UserPasswordResetMeta')).toBe(2), WAIT);
  });

  it('shows an admin:read holder the user’s activity: the events about them, in words', async () => {
    const { gateway } = renderWithGateway(profilePath('pat@acme.test', 'activity'), orgAdmin, {
      ...handlers(directory()),
      ActivityEvents: () => eventsAnswer([auditEventRecord({ targetId: 'pat@acme.test' })]),
    });
    expect(await screen.findByRole('heading', { name: 'A. Operator deactivated pat@acme.test' }, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Credentials',
      'Password',
      'Sign-in security',
      'Activity',
    ]);
    const sent = gateway.sent.find((request) => request.operationName === 'ActivityEvents');
    expect(sent?.variables.filter).toEqual({ targetType: 'USER', targetId: 'pat@acme.test' });
    // The user is fixed: no target or organization filter to change.
    expect(screen.queryByLabelText('Target')).toBeNull();
    expect(screen.queryByLabelText('Organization')).toBeNull();
    expect(screen.getByLabelText('Action')).toBeTruthy();
  });

  it('sends a role without admin:read from the activity page to the general page, with the permission message', async () => {
    const { gateway, toasts } = renderWithGateway(
      profilePath(orgUser.email, 'activity'),
      orgUser,
      handlers(directory()),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(profilePath(orgUser.email)), WAIT);
    expect(gateway.count('ActivityEvents')).toBe(0);
    // Said as the route guard says it, once: not a silent jump, not the 404 page.
    await waitFor(
      () => expect(toasts.list().filter((toast) => toast.message === MESSAGES.permissionDenied)).toHaveLength(1),
      WAIT,
    );
  });

  it('shows an operator where the profile sits: Organizations › Acme Health › Users › the user', async () => {
    renderWithGateway(profilePath('pat@acme.test'), systemAdmin, handlers(directory()));
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' }, WAIT);
    await within(trail).findByRole('link', { name: 'Acme Health' }, WAIT);
    expect(within(trail).getByRole('link', { name: 'Organizations' }).getAttribute('href')).toBe(
      '/admin/org-management',
    );
    expect(within(trail).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/org-management/acme');
    expect(within(trail).getByText('pat@acme.test').getAttribute('aria-current')).toBe('page');
  });

  it('says a user is not found when the path names another organization', async () => {
    renderWithGateway(
      '/admin/org-management/globex/users/pat%40acme.test/profile/general',
      systemAdmin,
      handlers(directory()),
    );
    expect(await screen.findByText('User not found.', undefined, WAIT)).toBeTruthy();
  });
});
