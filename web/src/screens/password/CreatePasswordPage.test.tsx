import { PASSWORD_POLICY_MESSAGE, PASSWORD_REUSE_MESSAGE } from '@meridian/schema';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CreatePasswordPage, MISSING_TOKEN_MESSAGE, PASSWORD_SET_MESSAGE } from './CreatePasswordPage.js';
import { PASSWORDS_DIFFER_MESSAGE } from '../../components/password/new-password.js';
import { gatewayLink, renderPage, type Answer } from './test-support.js';

/** The platform's words for a spent link (routes/passwords.ts), as the gateway passes them on. */
const LINK_UNUSABLE = 'This link has expired or was already used. Ask for a new one.';
const payload = (ok: boolean, inputErrors: { field: string | null; message: string }[] = []) => ({
  createPassword: {
    __typename: 'PasswordPayload',
    ok,
    inputErrors: inputErrors.map((error) => ({ __typename: 'InputError', ...error })),
  },
});

/** The gateway's answer about the link: whose account it is for (issue 39), or null once it is spent. */
const usableLink =
  (email = 'nina@acme.test', invitation = true) =>
  () => ({
    passwordLink: { __typename: 'PasswordLink', email, invitation, expiresAt: '2026-12-01T10:00:00Z' },
  });

function open(
  answer: Answer,
  url = '/create-password?token=tok-123',
  link: Answer = usableLink(),
  signIn: (options?: unknown) => void = () => undefined,
) {
  const gateway = gatewayLink({ CreatePassword: answer, PasswordLink: link });
  renderPage(<CreatePasswordPage />, { path: '/create-password', url, link: gateway.link, auth: { signIn } });
  return { ...gateway, created: () => gateway.sent.filter((sent) => sent.operationName === 'CreatePassword') };
}

async function typePasswords(password: string, confirmation = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Set password' }));

describe('CreatePasswordPage', () => {
  afterEach(cleanup);

  it('shows each rule of the policy turning met as the user types', async () => {
    open(() => payload(true));
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const metRules = () =>
      within(rules)
        .getAllByRole('listitem')
        .filter((item) => item.dataset.met === 'true')
        .map((item) => item.textContent);

    expect(metRules()).toEqual([]);
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    expect(metRules()).toEqual(['Met:A letter']);
    await userEvent.type(screen.getByLabelText('New password'), '123456789');
    expect(metRules()).toEqual(['Met:At least 12 characters', 'Met:A letter', 'Met:A digit']);
  });

  it('refuses a weak or unconfirmed password next to its field without sending it', async () => {
    const gateway = open(() => payload(true));
    await typePasswords('short1');
    await submit();
    expect(screen.getByText(PASSWORD_POLICY_MESSAGE)).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await typePasswords('a-long-password-1', 'a-long-password-2');
    await submit();
    expect(screen.getByText(PASSWORDS_DIFFER_MESSAGE)).toBeTruthy();
    expect(gateway.created()).toEqual([]);
  });

  it('names the account the link sets a password for, asking without using the link', async () => {
    const gateway = open(() => payload(true));
    const line = await screen.findByText('nina@acme.test');
    expect(line.closest('p')!.textContent).toBe('Choose the password of your new account, nina@acme.test.');
    expect(gateway.sent).toEqual([{ operationName: 'PasswordLink', variables: { token: 'tok-123' } }]);
    cleanup();
    open(() => payload(true), undefined, usableLink('uma@acme.test', false));
    expect((await screen.findByText('uma@acme.test')).closest('p')!.textContent).toBe(
      'Setting a new password for uma@acme.test.',
    );
  });

  it('sends the token of the link with the new password, then signs in with that email filled in', async () => {
    const signIns: unknown[] = [];
    const gateway = open(
      () => payload(true),
      undefined,
      usableLink(),
      (options) => signIns.push(options),
    );
    await screen.findByText('nina@acme.test');
    await typePasswords('a-long-password-1');
    await submit();

    expect(await screen.findByText(PASSWORD_SET_MESSAGE)).toBeTruthy();
    expect(gateway.created()).toEqual([
      { operationName: 'CreatePassword', variables: { token: 'tok-123', password: 'a-long-password-1' } },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as nina@acme.test' }));
    // The provider's first step reads the email from login_hint; the console comes back home.
    expect(signIns).toEqual([{ returnTo: '/', loginHint: 'nina@acme.test' }]);
  });

  it('says at once that a spent link cannot set a password, without a form', async () => {
    open(
      () => payload(true),
      undefined,
      () => ({ passwordLink: null }),
    );
    expect(await screen.findByText(LINK_UNUSABLE)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('says in words that the link is spent, keeping what was typed', async () => {
    open(() => payload(false, [{ field: null, message: LINK_UNUSABLE }]));
    await typePasswords('a-long-password-1');
    await submit();

    expect((await screen.findByRole('alert')).textContent).toBe(LINK_UNUSABLE);
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('a-long-password-1');
    expect(screen.getByLabelText<HTMLInputElement>('Confirm new password').value).toBe('a-long-password-1');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('shows the gateway’s refusal of the password next to the field', async () => {
    open(() => payload(false, [{ field: 'password', message: PASSWORD_REUSE_MESSAGE }]));
    await typePasswords('the-same-password-1');
    await submit();

    expect(await screen.findByText(PASSWORD_REUSE_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a link without its token instead of showing a form that cannot work', () => {
    open(() => payload(true), '/create-password');
    expect(screen.getByRole('alert').textContent).toBe(MISSING_TOKEN_MESSAGE);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
