import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITATIONS_COUNT_NOTE, NOT_INVITED_MESSAGE } from '@meridian/schema';
import { renderWithGateway, sessionUserOf, WAIT } from '../../../routes/test-support.js';
import { userRecord } from '../test-support.js';

const PROFILE = '/admin/org-management/acme/users/ivy%40acme.test/profile/general';
const invitation = (expired: boolean) => ({
  __typename: 'Invitation',
  sentAt: '2026-03-01T10:00:00Z',
  expiresAt: '2026-03-08T10:00:00Z',
  expired,
});
const ivy = (expired = false) =>
  userRecord({ email: 'ivy@acme.test', name: 'Ivy Invited', status: 'INVITED', invitation: invitation(expired) });

/** The profile's stub gateway with an invited user. */
function profileHandlers(expired = false, resendRefusal: string | null = null) {
  return {
    UserProfile: () => ({ user: ivy(expired) }),
    OrganizationUsersHeader: () => ({ organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health' } }),
    OrganizationUsers: () => ({
      users: { __typename: 'UserList', rows: [], pageInfo: { __typename: 'PageInfo', total: 0, limit: 50, offset: 0 } },
    }),
    ActiveOrgAdmins: () => ({
      users: { __typename: 'UserList', rows: [], pageInfo: { __typename: 'PageInfo', total: 1 } },
    }),
    ResendInvitation: () => ({
      resendInvitation: {
        __typename: 'ResendInvitationPayload',
        invitation: resendRefusal ? null : { ...invitation(false), sentAt: '2026-03-09T10:00:00Z' },
        inputErrors: resendRefusal ? [{ __typename: 'InputError', field: null, message: resendRefusal }] : [],
      },
    }),
    RevokeInvitation: () => ({
      revokeInvitation: { __typename: 'RevokeInvitationPayload', ok: true, inputErrors: [] },
    }),
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('an invited user’s profile', { timeout: 15_000 }, () => {
  it('says Invited, until when the link works, and resends', async () => {
    const { gateway } = renderWithGateway(PROFILE, sessionUserOf('orgAdmin'), profileHandlers());
    const panel = (await screen.findByText('Invited', { selector: 'h5, h4, .bp6-heading' }, WAIT)).closest(
      '.meridian-invitation-panel',
    ) as HTMLElement;
    expect(panel.textContent).toContain('Ivy Invited has not set a password yet.');
    expect(panel.textContent).toContain('works until Mar 8, 2026');
    // One status, worded the same everywhere: the header's tag and Account status both say Invited (not a
    // green Active), and Account status says how the invitation counts against the user limit.
    const header = screen.getByRole('heading', { name: 'Ivy Invited', level: 1 }).closest('header')!;
    expect(within(header).getByText('Invited')).toBeTruthy();
    const accountStatus = await screen.findByRole('region', { name: 'Account status' }, WAIT);
    expect(within(accountStatus).getByText('Invited').closest('.bp6-tag')?.className).toContain('bp6-intent-primary');
    expect(within(accountStatus).queryByText('Active')).toBeNull();
    expect(accountStatus.textContent).toContain(
      `The user can sign in once they set a password from their invitation. ${INVITATIONS_COUNT_NOTE}`,
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('A new invitation was sent to ivy@acme.test.', undefined, WAIT)).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'ResendInvitation')?.variables).toEqual({
      email: 'ivy@acme.test',
    });
  });

  it('says an expired invitation has expired, and shows a refused resend in the gateway’s words', async () => {
    renderWithGateway(PROFILE, sessionUserOf('orgAdmin'), profileHandlers(true, NOT_INVITED_MESSAGE));
    expect(await screen.findByText('Invitation expired', undefined, WAIT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText(NOT_INVITED_MESSAGE, undefined, WAIT)).toBeTruthy();
  });

  it('revokes after a confirmation and returns to the users list', async () => {
    const { gateway } = renderWithGateway(PROFILE, sessionUserOf('orgAdmin'), profileHandlers());
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke invitation' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Revoke the invitation of Ivy Invited?');
    expect(gateway.count('RevokeInvitation')).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/org-management/acme'), WAIT);
    expect(gateway.count('RevokeInvitation')).toBe(1);
    expect(
      await screen.findByText('The invitation of Ivy Invited (ivy@acme.test) was revoked.', undefined, WAIT),
    ).toBeTruthy();
  });

  it('offers no resend or revoke to a role that may not create users', async () => {
    renderWithGateway(
      PROFILE,
      sessionUserOf('systemViewer', { email: 'viewer@meridian.test', organizationId: 'meridian' }),
      profileHandlers(),
    );
    expect(await screen.findByText('Ivy Invited has not set a password yet.', { exact: false }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke invitation' })).toBeNull();
  });
});

describe('the users list’s status', { timeout: 15_000 }, () => {
  it('shows each user’s status and filters on the server, keeping the filter in the URL', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), {
      OrganizationUsersHeader: () => ({
        organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health' },
      }),
      OrganizationUsers: (variables) => ({
        users: {
          __typename: 'UserList',
          rows: variables.status === 'INVITED' ? [ivy()] : [ivy(), userRecord({ email: 'pat@acme.test' })],
          pageInfo: { __typename: 'PageInfo', total: variables.status === 'INVITED' ? 1 : 2, limit: 50, offset: 0 },
        },
      }),
    });
    const row = (await screen.findByRole('link', { name: 'Ivy Invited' }, WAIT)).closest('tr')!;
    expect(within(row).getByText('Invited')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Filter users by status'), 'invited');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('status=invited'), WAIT);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pat Doe' })).toBeNull(), WAIT);
    const sent = gateway.sent.filter((request) => request.operationName === 'OrganizationUsers');
    expect(sent.at(-1)!.variables).toMatchObject({ status: 'INVITED', offset: 0 });
  });
});
