import { EMAIL_MESSAGE } from '@meridian/schema';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ForgotPasswordPage, RESET_REQUESTED_MESSAGE } from './ForgotPasswordPage.js';
import { gatewayLink, renderPage } from './test-support.js';

const answered = () => ({ requestPasswordReset: { __typename: 'PasswordPayload', ok: true, inputErrors: [] } });

describe('ForgotPasswordPage', () => {
  afterEach(cleanup);

  it('checks the email next to the field before sending anything', async () => {
    const gateway = gatewayLink({ RequestPasswordReset: answered });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', link: gateway.link });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));

    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(gateway.sent).toEqual([]);
  });

  it('sends the normalized email and then says the same thing whatever the answer', async () => {
    const gateway = gatewayLink({ RequestPasswordReset: answered });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', link: gateway.link });
    await userEvent.type(screen.getByLabelText('Email'), '  Nobody@Acme.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText(RESET_REQUESTED_MESSAGE)).toBeTruthy();
    expect(gateway.sent).toEqual([{ operationName: 'RequestPasswordReset', variables: { email: 'nobody@acme.test' } }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Meridian | Check your email');
  });

  it('starts with the email typed on the sign-in page', async () => {
    const gateway = gatewayLink({ RequestPasswordReset: answered });
    renderPage(<ForgotPasswordPage />, {
      path: '/forgot-password',
      url: '/forgot-password?email=half%40acme.test',
      link: gateway.link,
    });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('half@acme.test');
  });

  it('shows a failure to reach the gateway above the form and keeps the email', async () => {
    const gateway = gatewayLink({
      RequestPasswordReset: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', link: gateway.link });
    await userEvent.type(screen.getByLabelText('Email'), 'user@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));

    expect((await screen.findByRole('alert')).textContent).toBe('No response received');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('user@acme.test');
  });
});
