import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithGateway, sessionUserOf, WAIT } from '../../routes/test-support.js';
import { USERS_PAGE_SIZE } from './list/users-list-state.js';
import { formatDate } from '../../lib/dates.js';
import { userRecord } from './test-support.js';

const TOTAL = 100_000;

/** A page of the stub organization's 100,000 users, whatever page is asked for. */
function usersPage(variables: Record<string, unknown>) {
  const offset = Number(variables.offset ?? 0);
  const search = typeof variables.search === 'string' ? variables.search : null;
  const rows =
    search === 'nobody'
      ? []
      : [
          userRecord({
            email: `admin${offset}@acme.test`,
            name: `Ada Admin ${offset}`,
            role: 'ORG_ADMIN',
            tableauLicense: 'CREATOR',
            directDataAccessEnabled: true,
            provenance: 'SCIM',
          }),
          userRecord({
            email: `user${offset}@acme.test`,
            name: `Uma User ${offset}`,
            active: false,
            provenance: 'SSO',
            lastSignInAt: null,
          }),
        ];
  return {
    users: {
      __typename: 'UserList',
      rows,
      pageInfo: { __typename: 'PageInfo', total: search === 'nobody' ? 0 : TOTAL, limit: USERS_PAGE_SIZE, offset },
    },
  };
}

const handlers = {
  OrganizationUsersHeader: () => ({ organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health' } }),
  OrganizationUsers: usersPage,
};

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('the users of an organization', () => {
  it('opens the first page of 100,000 users by asking for one page only, with each user’s facts', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
    expect(await screen.findByRole('heading', { name: 'Acme Health' }, WAIT)).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Ada Admin 0' }, WAIT)).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      'Ada Admin 0',
      'admin0@acme.test',
      'Org Admin',
      'Active',
      // Issue 39: how the person came, and when they last signed in.
      'Directory (SCIM)',
      formatDate('2026-01-06T09:30:00Z'),
      'Creator',
      'Enabled',
    ]);
    const never = (await screen.findByRole('link', { name: 'Uma User 0' }, WAIT)).closest('tr')!;
    expect(within(never).getByText('Single sign-on')).toBeTruthy();
    expect(within(never).getByText('Never')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2,000 · 100,000 users')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 100,000')).toBeTruthy();
    const sent = gateway.sent.filter((request) => request.operationName === 'OrganizationUsers');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.variables).toMatchObject({ organizationId: 'acme', offset: 0, limit: USERS_PAGE_SIZE });
  });

  it('names the organization in the title and trail, and leads to its settings', async () => {
    renderWithGateway(
      '/admin/org-management/acme',
      sessionUserOf('systemAdmin', { organizationId: 'meridian' }),
      handlers,
    );
    await screen.findByRole('heading', { name: 'Acme Health' }, WAIT);
    await waitFor(() => expect(document.title).toBe('Meridian | Acme Health users'), WAIT);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Organizations' }).getAttribute('href')).toBe(
      '/admin/org-management',
    );
    expect(within(trail).getByRole('link', { name: 'Acme Health' }).getAttribute('href')).toBe(
      '/admin/org-management/acme/update',
    );
    expect(within(trail).getByText('Users').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Organization settings' }).getAttribute('href')).toBe(
      '/admin/org-management/acme/update',
    );
  });

  it('says an unknown organization is not found, without Create user or Try again', async () => {
    renderWithGateway('/admin/org-management/nowhere', sessionUserOf('systemAdmin'), {
      ...handlers,
      OrganizationUsersHeader: () => ({ organization: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Organization not found' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Organizations' }).getAttribute('href')).toBe(
      '/admin/org-management',
    );
    expect(screen.queryByRole('link', { name: 'Create user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers Create user to an Org Admin, who may not read the organizations list', async () => {
    renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
    expect((await screen.findByRole('link', { name: 'Create user' }, WAIT)).getAttribute('href')).toBe(
      '/admin/org-management/acme/users/create',
    );
    expect(screen.queryByRole('link', { name: 'Back to Organizations' })).toBeNull();
  });

  it('leads a Meridian Viewer back to the organizations, without Create user', async () => {
    renderWithGateway(
      '/admin/org-management/acme',
      sessionUserOf('systemViewer', { organizationId: 'meridian' }),
      handlers,
    );
    expect((await screen.findByRole('link', { name: 'Back to Organizations' }, WAIT)).getAttribute('href')).toBe(
      '/admin/org-management',
    );
    await screen.findByRole('link', { name: 'Ada Admin 0' }, WAIT);
    expect(screen.queryByRole('link', { name: 'Create user' })).toBeNull();
  });

  it(
    'sorts by last sign-in and filters by source on the server, keeping both in the URL',
    { timeout: 15_000 },
    async () => {
      const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
      await screen.findByRole('link', { name: 'Ada Admin 0' }, WAIT);
      await userEvent.click(screen.getByRole('button', { name: /^Sort by Last sign-in/ }));
      await waitFor(() => expect(location()).toBe('/admin/org-management/acme?sort=lastSignInAt'), WAIT);
      await userEvent.selectOptions(screen.getByLabelText('Filter users by source'), 'scim');
      await waitFor(
        () => expect(location()).toBe('/admin/org-management/acme?sort=lastSignInAt&provenance=scim'),
        WAIT,
      );
      await waitFor(
        () =>
          expect(gateway.sent.at(-1)?.variables).toMatchObject({
            sort: { field: 'LAST_SIGN_IN_AT', direction: 'ASC' },
            provenance: 'SCIM',
          }),
        WAIT,
      );
    },
  );

  it('searches, sorts and pages on the server, keeping the state in the URL', { timeout: 15_000 }, async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
    await screen.findByRole('link', { name: 'Ada Admin 0' }, WAIT);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users by name or email' }), 'mar');
    await waitFor(() => expect(location()).toBe('/admin/org-management/acme?search=mar'), WAIT);
    await waitFor(() => expect(gateway.sent.at(-1)?.variables).toMatchObject({ search: 'mar', offset: 0 }), WAIT);
    // Typing is debounced: one request for the whole word, not one per letter, and none for the old
    // page again while the router's transition to the new URL settles.
    const searches = gateway.sent.filter((request) => request.operationName === 'OrganizationUsers');
    expect(searches.map((request) => request.variables.search)).toEqual([null, 'mar']);

    await userEvent.click(screen.getByRole('button', { name: /^Sort by Email/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Sort by Email/ }));
    await waitFor(() => expect(location()).toBe('/admin/org-management/acme?search=mar&sort=-email'), WAIT);
    expect(
      screen
        .getByRole('button', { name: /^Sort by Email/ })
        .closest('th')
        ?.getAttribute('aria-sort'),
    ).toBe('descending');

    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }, WAIT));
    await screen.findByRole('link', { name: `Ada Admin ${USERS_PAGE_SIZE}` }, WAIT);
    expect(location()).toBe('/admin/org-management/acme?search=mar&sort=-email&page=1');
    expect(gateway.sent.at(-1)?.variables).toMatchObject({
      search: 'mar',
      sort: { field: 'EMAIL', direction: 'DESC' },
      offset: USERS_PAGE_SIZE,
      limit: USERS_PAGE_SIZE,
    });
  });

  it('opens a linked page as the URL says, and a row opens the user’s profile', async () => {
    renderWithGateway('/admin/org-management/acme?page=3&sort=role', sessionUserOf('orgAdmin'), handlers);
    const link = await screen.findByRole('link', { name: `Uma User ${3 * USERS_PAGE_SIZE}` }, WAIT);
    expect(screen.getByText('Page 4 of 2,000 · 100,000 users')).toBeTruthy();
    fireEvent.click(link.closest('tr')!.querySelectorAll('td')[2]!);
    await waitFor(() =>
      expect(location()).toBe(`/admin/org-management/acme/users/user150%40acme.test/profile/general`),
    );
  });

  it('says when nobody matches and clears the search', async () => {
    renderWithGateway('/admin/org-management/acme?search=nobody', sessionUserOf('orgAdmin'), handlers);
    expect(await screen.findByText('No users match your search', undefined, WAIT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'Ada Admin 0' }, WAIT)).toBeTruthy();
    expect(location()).toBe('/admin/org-management/acme');
  });

  it('returns to the remembered search and page of the same organization', async () => {
    const first = renderWithGateway(
      '/admin/org-management/acme?search=mar&page=2',
      sessionUserOf('orgAdmin'),
      handlers,
    );
    await screen.findByRole('link', { name: `Ada Admin ${2 * USERS_PAGE_SIZE}` }, WAIT);
    first.unmount();
    renderWithGateway('/admin/org-management/acme', sessionUserOf('orgAdmin'), handlers);
    await waitFor(() => expect(location()).toBe('/admin/org-management/acme?search=mar&page=2'), WAIT);
  });
});
