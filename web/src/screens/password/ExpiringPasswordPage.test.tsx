import { MESSAGES, PASSWORD_REUSE_MESSAGE } from '@meridian/schema';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastCenter } from '../../components/toasts/toast-center.js';
import type { SessionUser } from '../../session/session-user.js';
import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  ExpiringPasswordPage,
  PASSWORD_CHANGED_MESSAGE,
} from './ExpiringPasswordPage.js';
import { passwordReminderDismissedToday } from '../../lib/password-reminder.js';
import { gatewayLink, renderPage, type Answer } from './test-support.js';

/** The platform's words for a wrong current password (routes/passwords.ts). */
const WRONG_CURRENT = 'Current password is incorrect.';

const userWith = (daysLeft: number) =>
  ({
    email: 'expiring@acme.test',
    name: 'Evan Ito',
    role: 'orgUser',
    organizationId: 'acme-health',
    isPasswordExpiring: true,
    daysLeftForPasswordExpiry: daysLeft,
  }) as SessionUser;

const payload = (ok: boolean, inputErrors: { field: string | null; message: string }[] = []) => ({
  changePassword: {
    __typename: 'PasswordPayload',
    ok,
    inputErrors: inputErrors.map((error) => ({ __typename: 'InputError', ...error })),
  },
});

function open(answer: Answer, { daysLeft = 3, from }: { daysLeft?: number; from?: string } = {}) {
  const gateway = gatewayLink({ ChangePassword: answer });
  const toasts = new ToastCenter();
  renderPage(<ExpiringPasswordPage />, {
    path: '/expiring-password',
    state: from ? { from } : undefined,
    link: gateway.link,
    auth: { status: 'signed-in', email: 'expiring@acme.test', accessToken: 'token' },
    session: { user: userWith(daysLeft) },
    toasts,
  });
  return { gateway, toasts };
}

async function fill(current: string, next: string, confirmation = next) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
}

const location = () => screen.getByLabelText('Current location').textContent;
const change = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('ExpiringPasswordPage', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('says how many days are left', () => {
    open(() => payload(true));
    expect(screen.getByRole('heading', { name: 'Your password is expiring' })).toBeTruthy();
    expect(screen.getByText(/Your password expires in 3 days\./)).toBeTruthy();
  });

  it('asks for the current password and checks the new one before sending', async () => {
    const { gateway } = open(() => payload(true));
    await fill('', 'short1');
    await change();
    expect(screen.getByText(CURRENT_PASSWORD_REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Password must be at least 12 characters and contain a letter and a digit.')).toBeTruthy();
    expect(gateway.sent).toEqual([]);
  });

  it('shows the gateway’s field errors next to their fields, keeping what was typed', async () => {
    open(() =>
      payload(false, [
        { field: 'currentPassword', message: WRONG_CURRENT },
        { field: 'newPassword', message: PASSWORD_REUSE_MESSAGE },
      ]),
    );
    await fill('not-my-password-1', 'a-long-password-1');
    await change();

    expect(await screen.findByText(WRONG_CURRENT)).toBeTruthy();
    expect(screen.getByText(PASSWORD_REUSE_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('not-my-password-1');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('a-long-password-1');
  });

  it('changes the password, says so, and goes back where the user was headed', async () => {
    const { gateway, toasts } = open(() => payload(true), { from: '/analytics/overview' });
    await fill('meridian-local-1', 'a-long-password-1');
    await change();

    await screen.findByText('Elsewhere');
    expect(location()).toBe('/analytics/overview');
    expect(gateway.sent[0]).toEqual({
      operationName: 'ChangePassword',
      variables: { currentPassword: 'meridian-local-1', newPassword: 'a-long-password-1' },
    });
    expect(toasts.list().map((toast) => [toast.type, toast.message])).toEqual([['success', PASSWORD_CHANGED_MESSAGE]]);
  });

  it('puts the reminder off for the day with Remind me later', async () => {
    open(() => payload(true));
    await userEvent.click(screen.getByRole('button', { name: 'Remind me later' }));
    expect(passwordReminderDismissedToday(userWith(3).email)).toBe(true);
    expect(location()).toBe('/');
  });

  it('says so when the signed-in user has no record, instead of waiting forever', () => {
    const gateway = gatewayLink({});
    renderPage(<ExpiringPasswordPage />, {
      path: '/expiring-password',
      link: gateway.link,
      auth: { status: 'signed-in', email: 'gone@acme.test', accessToken: 'token' },
      session: { user: null, error: 'missing' },
    });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.userMissing);
  });

  it('offers no way to put it off with less than a day left', () => {
    open(() => payload(true), { daysLeft: 0 });
    expect(screen.getByRole('heading', { name: 'Your password has expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remind me later' })).toBeNull();
  });
});
