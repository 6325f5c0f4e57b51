import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELF_DEACTIVATE_MESSAGE } from '@meridian/schema';
import { renderWithGateway, sessionUserOf, WAIT } from '../../../routes/test-support.js';
import { userRecord } from '../test-support.js';
import { DEACTIVATE_SENTENCE } from './UsersBulkActions.js';

const TOTAL = 10_000;

const downloads = vi.hoisted(() => [] as { fileName: string; text: string }[]);
vi.mock('../../../lib/download.js', () => ({
  downloadCsv: (fileName: string, text: string) => downloads.push({ fileName, text }),
}));

/** The export's pages of an organization of 1,200 users matching the list's filters. */
function exportPage(variables: Record<string, unknown>) {
  const offset = Number(variables.offset);
  const count = Math.max(0, Math.min(Number(variables.limit), 1200 - offset));
  return {
    users: {
      __typename: 'UserList',
      rows: Array.from({ length: count }, (_, i) =>
        userRecord({ email: `u${offset + i}@acme.test`, name: `User ${offset + i}` }),
      ),
      pageInfo: { __typename: 'PageInfo', total: 1200 },
    },
  };
}

/** Pages of an organization of 10,000 users, two rows a page. */
function usersPage(variables: Record<string, unknown>) {
  const offset = Number(variables.offset ?? 0);
  return {
    users: {
      __typename: 'UserList',
      rows: [0, 1].map((i) => userRecord({ email: `u${offset + i}@acme.test`, name: `User ${offset + i}` })),
      pageInfo: { __typename: 'PageInfo', total: TOTAL, limit: 50, offset },
    },
  };
}

const setUsersActive = (variables: Record<string, unknown>) => ({
  setUsersActive: {
    __typename: 'SetUsersActivePayload',
    changed: JSON.stringify(variables.selection).includes('allMatching') ? TOTAL - 1 : 1,
    unchanged: 0,
    refused: 1,
    results: [
      { __typename: 'BulkUserResult', email: 'u0@acme.test', outcome: 'CHANGED', reason: null },
      { __typename: 'BulkUserResult', email: 'u1@acme.test', outcome: 'REFUSED', reason: SELF_DEACTIVATE_MESSAGE },
    ],
    inputErrors: [],
  },
});

const handlers = {
  OrganizationUsersHeader: () => ({ organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health' } }),
  OrganizationUsers: usersPage,
  SetUsersActive: setUsersActive,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  downloads.length = 0;
});
afterEach(cleanup);

describe('bulk actions on the users list', () => {
  it('selects rows by keyboard, confirms with the count, and shows each row’s outcome', async () => {
    const user = userEvent.setup();
    const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
    const first = await screen.findByRole('checkbox', { name: 'Select User 0 (u0@acme.test)' }, WAIT);
    first.focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select User 1 (u1@acme.test)' }));
    expect(screen.getByText('2 users selected.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    // The confirmation has a title saying what and how many, and one plain sentence of what follows.
    const question = await screen.findByRole('alertdialog', { name: 'Deactivate 2 users?' }, WAIT);
    expect(question.textContent).toContain(DEACTIVATE_SENTENCE);
    const confirm = within(question).getByRole('button', { name: 'Deactivate 2 users' });
    await user.click(confirm);
    const dialog = await screen.findByRole('dialog', { name: /Deactivate users: results/ }, WAIT);
    expect(within(dialog).getByText('1 changed, 0 already so, 1 refused.')).toBeTruthy();
    // Refused rows come first, with their reason.
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['u1@acme.test', 'Refused', SELF_DEACTIVATE_MESSAGE]);
    const sent = gateway.sent.find((request) => request.operationName === 'SetUsersActive');
    expect(sent?.variables).toEqual({
      organizationId: 'acme',
      selection: { emails: ['u0@acme.test', 'u1@acme.test'] },
      active: false,
    });
  });

  it('selects all 10,000 matching across pages and sends the search, not the emails', async () => {
    const user = userEvent.setup();
    const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
    await user.click(await screen.findByRole('checkbox', { name: 'Select every user on this page' }, WAIT));
    await user.click(screen.getByRole('button', { name: 'Select all 10,000 users matching' }));
    expect(screen.getByText('All 10,000 users matching are selected.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await user.click(await screen.findByRole('button', { name: 'Activate 10,000 users' }, WAIT));
    await screen.findByRole('dialog', { name: /Activate users: results/ }, WAIT);
    const sent = gateway.sent.find((request) => request.operationName === 'SetUsersActive');
    expect(sent?.variables).toEqual({
      organizationId: 'acme',
      selection: { allMatching: { search: null } },
      active: true,
    });
  });

  it('exports every user the filters match without a selection, and the ticked ones with one', async () => {
    const user = userEvent.setup();
    const { gateway } = renderWithGateway(
      '/admin/org-management/acme?search=u&status=active',
      sessionUserOf('orgAdmin'),
      {
        ...handlers,
        UsersExport: exportPage,
      },
    );
    await screen.findByRole('link', { name: 'User 0' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Exported 1,200 users.', undefined, WAIT);
    const sent = gateway.sent.filter((request) => request.operationName === 'UsersExport');
    expect(sent.map((request) => [request.variables.offset, request.variables.limit])).toEqual([
      [0, 500],
      [500, 500],
      [1000, 500],
    ]);
    expect(sent[0]!.variables).toMatchObject({ organizationId: 'acme', search: 'u', status: 'ACTIVE' });
    expect(downloads[0]!.text.trim().split('\r\n')).toHaveLength(1201);

    await user.click(screen.getByRole('checkbox', { name: 'Select User 1 (u1@acme.test)' }));
    await user.click(screen.getByRole('button', { name: 'Export 1 selected' }));
    await screen.findByText('Exported 1 user.', undefined, WAIT);
    const lines = downloads[1]!.text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^u1@acme\.test,User 1,/);
  });

  it('waits out the request limit the gateway names and goes on with the export', async () => {
    const user = userEvent.setup();
    let refused = 0;
    const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), {
      ...handlers,
      UsersExport: (variables) => {
        if (Number(variables.offset) === 500 && refused === 0) {
          refused += 1;
          return {
            status: 429,
            body: {
              errors: [
                {
                  message: 'Too many requests. Try again in 1 seconds.',
                  extensions: { code: 'RATE_LIMITED', retryAfter: 1 },
                },
              ],
            },
          };
        }
        return exportPage(variables);
      },
    });
    await screen.findByRole('link', { name: 'User 0' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/paused 1 s for the request limit/, undefined, WAIT)).toBeTruthy();
    await screen.findByText('Exported 1,200 users.', undefined, { timeout: 10_000 });
    const offsets = gateway.sent
      .filter((request) => request.operationName === 'UsersExport')
      .map((request) => request.variables.offset);
    expect(offsets).toEqual([0, 500, 500, 1000]);
    expect(downloads[0]!.text.trim().split('\r\n')).toHaveLength(1201);
  });

  it('offers no selection to a role that may not change users', async () => {
    renderWithGateway('/admin/org-management/acme', sessionUserOf('systemViewer'), handlers);
    await screen.findByRole('link', { name: 'User 0' }, WAIT);
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });
});
