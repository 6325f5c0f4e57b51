import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUserOf, WAIT } from '../../routes/test-support.js';
import { renderWithGateway } from './test-support.js';

const row = (
  id: string,
  name: string,
  status: string,
  activeUsers: number,
  userLimit: number,
  lifecycleProblem: object | null = null,
  allowedActions: string[] = [],
) => ({
  __typename: 'Organization',
  id,
  name,
  status,
  allowedActions,
  lifecycleProblem,
  customerSegment: 'health-plan',
  licenses: { __typename: 'Licenses', userLimit, activeUsers },
});

const page = (rows: ReturnType<typeof row>[], total = rows.length) => ({
  organizations: {
    __typename: 'OrganizationList',
    rows,
    pageInfo: { __typename: 'PageInfo', total, limit: 20, offset: 0 },
  },
});

const downloads = vi.hoisted(() => [] as { fileName: string; text: string }[]);
vi.mock('../../lib/download.js', () => ({
  downloadCsv: (fileName: string, text: string) => downloads.push({ fileName, text }),
}));

const ROWS = [row('acme', 'Acme Health', 'ACTIVE', 12, 20), row('globex', 'Globex', 'DEPLOYING', 20, 20)];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  downloads.length = 0;
});
afterEach(cleanup);

describe('organizations list', { timeout: 20_000 }, () => {
  it('exports every organization its search and filters match, page after page, past the cache', async () => {
    const all = Array.from({ length: 450 }, (_, i) => row(`org-${i + 1}`, `Org ${i + 1}`, 'ACTIVE', i % 20, 20));
    const { gateway } = renderWithGateway(
      '/admin/org-management?search=org&status=ACTIVE',
      sessionUserOf('systemAdmin'),
      {
        OrganizationsList: (variables) => {
          const offset = Number(variables.offset);
          return page(all.slice(offset, offset + Number(variables.limit)), all.length);
        },
      },
    );
    await screen.findByRole('table', undefined, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Exported 450 organizations.', undefined, WAIT);
    // The list's own query: its page of 20 on screen, then the export's pages of 200.
    const sent = gateway.sent.filter((request) => request.operationName === 'OrganizationsList');
    expect(sent.map((request) => [request.variables.offset, request.variables.limit])).toEqual([
      [0, 20],
      [0, 200],
      [200, 200],
      [400, 200],
    ]);
    expect(sent.every((request) => request.variables.search === 'org' && request.variables.status === 'ACTIVE')).toBe(
      true,
    );
    expect(downloads).toHaveLength(1);
    const lines = downloads[0]!.text.trim().split('\r\n');
    expect(lines[0]).toBe('Id,Name,Status,Customer segment,Active users,User limit');
    expect(lines).toHaveLength(451);
    expect(lines[450]).toBe('org-450,Org 450,Active,Health Plan,9,20');
    // Read past the cache: the persisted cache holds the page on screen, not the export.
    expect(localStorage.getItem('meridian.apollo.cache') ?? '').not.toContain('org-450');
  });

  it('shows each organization’s state and license use, with the way in, for an operator', async () => {
    const { gateway } = renderWithGateway('/admin/org-management', sessionUserOf('systemAdmin'), {
      OrganizationsList: () => page(ROWS, 42),
    });
    const table = await screen.findByRole('table', undefined, WAIT);
    // The row is named by the organization's name and, on its second line, its id.
    const acme = (await within(table).findByRole('rowheader', { name: 'Acme Health acme' }, WAIT)).closest('tr')!;
    expect(within(acme).getByText('Active')).toBeTruthy();
    expect(within(acme).getByText('Health Plan', undefined)).toBeTruthy();
    expect(within(acme).getByRole('progressbar', { name: 'Active users of Acme Health: 12 of 20' })).toBeTruthy();
    expect(within(acme).getByRole('link', { name: 'Acme Health' }).getAttribute('href')).toBe(
      '/admin/org-management/acme/update',
    );
    expect(within(acme).getByRole('link', { name: 'Users of Acme Health' }).getAttribute('href')).toBe(
      '/admin/org-management/acme',
    );
    expect(screen.getByText(/Page 1 of 3 · 42 organizations/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create organization' })).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'OrganizationsList')?.variables).toEqual({
      search: null,
      sort: { field: 'NAME', direction: 'ASC' },
      offset: 0,
      limit: 20,
    });
  });

  it('shows a failed deployment as “Deployment failed”, linking to the lifecycle where the reason is', async () => {
    const failed = row('stark', 'Stark Clinics', 'DEPLOYING', 0, 20, {
      __typename: 'LifecycleProblem',
      label: 'Deployment failed',
      step: 'Configure sign-in',
      reason: 'Sign-in cannot be configured because the organization has no domain.',
    });
    renderWithGateway('/admin/org-management', sessionUserOf('systemAdmin'), {
      OrganizationsList: () => page([failed]),
    });
    const table = await screen.findByRole('table', undefined, WAIT);
    const stark = (await within(table).findByRole('rowheader', { name: 'Stark Clinics stark' }, WAIT)).closest('tr')!;
    expect(within(stark).queryByText('Deploying')).toBeNull();
    const tag = within(stark).getByRole('link', { name: /^Deployment failed at “Configure sign-in”: Sign-in cannot/ });
    expect(tag.textContent).toBe('Deployment failed');
    expect(tag.getAttribute('href')).toBe('/admin/org-management/stark/update/lifecycle');
  });

  it('names the move a state waits for once its job is done, and work under way only while it is', async () => {
    renderWithGateway('/admin/org-management', sessionUserOf('systemAdmin'), {
      OrganizationsList: () =>
        page([
          row('initech', 'Initech', 'ONBOARDING', 0, 20, null, ['DEPLOY']),
          row('hooli', 'Hooli', 'DEPLOYING', 0, 20, null, ['ACTIVATE']),
          row('globex', 'Globex', 'DEPLOYING', 0, 20),
        ]),
    });
    const table = await screen.findByRole('table', undefined, WAIT);
    const rowOf = async (name: string) =>
      (await within(table).findByRole('rowheader', { name: new RegExp(`^${name} `) }, WAIT)).closest('tr')!;
    expect(within(await rowOf('Initech')).getByText('Onboarded — deploy next')).toBeTruthy();
    expect(within(await rowOf('Initech')).queryByText('Onboarding')).toBeNull();
    expect(within(await rowOf('Hooli')).getByText('Deployed — activate')).toBeTruthy();
    expect(within(await rowOf('Globex')).getByText('Deploying')).toBeTruthy();
  });

  it('searches, sorts and pages through the gateway, keeping the state in the URL', async () => {
    const { gateway, location } = renderWithGateway('/admin/org-management', sessionUserOf('systemAdmin'), {
      OrganizationsList: () => page(ROWS, 42),
    });
    await screen.findByRole('rowheader', { name: 'Acme Health acme' }, WAIT);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search organizations by name or id' }), 'acme');
    await waitFor(() => expect(location()).toBe('/admin/org-management?search=acme'), WAIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Sort by Status' }, WAIT));
    await waitFor(() => expect(location()).toBe('/admin/org-management?search=acme&sort=status'), WAIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }, WAIT));
    await waitFor(() => expect(location()).toBe('/admin/org-management?search=acme&sort=status&page=1'), WAIT);
    await waitFor(() =>
      expect(gateway.sent.at(-1)?.variables).toEqual({
        search: 'acme',
        sort: { field: 'STATUS', direction: 'ASC' },
        offset: 20,
        limit: 20,
      }),
    );
    // One request a settled state: none per letter, none for the old page again while the router's
    // transition to the new URL settles.
    const lists = gateway.sent.filter((request) => request.operationName === 'OrganizationsList');
    expect(lists.map(({ variables }) => [variables.search ?? null, variables.offset])).toEqual([
      [null, 0],
      ['acme', 0],
      ['acme', 0],
      ['acme', 20],
    ]);
    expect(sessionStorage.getItem('meridian.list.organizations.search')).toBe('acme');
    expect(sessionStorage.getItem('meridian.list.organizations.page')).toBe('1');
  });

  it('opens a linked list state and says so when nothing matches', async () => {
    const { gateway } = renderWithGateway(
      '/admin/org-management?search=zzz&sort=-created',
      sessionUserOf('systemViewer'),
      {
        OrganizationsList: () => page([], 0),
      },
    );
    expect(await screen.findByText('No organization matches', undefined, WAIT)).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'OrganizationsList')?.variables).toMatchObject({
      search: 'zzz',
      sort: { field: 'CREATED_AT', direction: 'DESC' },
    });
    // A viewer may not create organizations.
    expect(screen.queryByRole('link', { name: 'Create organization' })).toBeNull();
  });

  it('restores the remembered search when coming back without parameters', async () => {
    sessionStorage.setItem('meridian.list.organizations.search', 'glob');
    const { location } = renderWithGateway('/admin/org-management', sessionUserOf('systemAdmin'), {
      OrganizationsList: () => page([ROWS[1]!]),
    });
    await waitFor(() => expect(location()).toBe('/admin/org-management?search=glob'), WAIT);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search organizations by name or id' }).value).toBe(
      'glob',
    );
  });

  it('lets an operator find a user in any organization and go to their profile', async () => {
    const { gateway } = renderWithGateway('/admin/org-management', sessionUserOf('systemViewer'), {
      OrganizationsList: () => page(ROWS),
      OrganizationsUserFinder: () => ({
        users: {
          __typename: 'UserList',
          rows: [
            {
              __typename: 'User',
              email: 'pat@globex.test',
              name: 'Pat Doe',
              role: 'ORG_ADMIN',
              active: false,
              organizationId: 'globex',
            },
          ],
          pageInfo: { __typename: 'PageInfo', total: 1 },
        },
      }),
    });
    await userEvent.type(
      await screen.findByRole('searchbox', { name: /Email or name, in any organization/ }, WAIT),
      'pat@',
    );
    const link = await screen.findByRole('link', { name: /Pat Doe/ }, WAIT);
    expect(link.getAttribute('href')).toBe('/admin/org-management/globex/users/pat%40globex.test/profile/general');
    expect(screen.getByText('Org Admin')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    const request = gateway.sent.find((sent) => sent.operationName === 'OrganizationsUserFinder');
    expect(request?.variables).toEqual({ search: 'pat@', limit: 10 });
  });

  it('lets an operator see every user a search matches, not only the first ten', async () => {
    const people = (count: number) =>
      Array.from({ length: count }, (_, n) => ({
        __typename: 'User',
        email: `pat${n}@globex.test`,
        name: `Pat ${n}`,
        role: 'ORG_USER',
        active: true,
        organizationId: 'globex',
      }));
    const { gateway } = renderWithGateway('/admin/org-management', sessionUserOf('systemAdmin'), {
      OrganizationsList: () => page(ROWS),
      OrganizationsUserFinder: (variables) => ({
        users: {
          __typename: 'UserList',
          rows: people(Math.min(Number(variables.limit), 25)),
          pageInfo: { __typename: 'PageInfo', total: 25 },
        },
      }),
    });
    await userEvent.type(
      await screen.findByRole('searchbox', { name: /Email or name, in any organization/ }, WAIT),
      'pat',
    );
    await screen.findByRole('link', { name: /Pat 9\b/ }, WAIT);
    expect(screen.queryByRole('link', { name: /Pat 10\b/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show all 25 matches' }));
    expect(await screen.findByRole('link', { name: /Pat 24\b/ }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
    const asked = gateway.sent.filter((sent) => sent.operationName === 'OrganizationsUserFinder');
    expect(asked.at(-1)?.variables).toEqual({ search: 'pat', limit: 200 });
  });

  it('opens filtered to a segment and state from a link, says so, and lets each filter go', async () => {
    const { gateway, location } = renderWithGateway(
      '/admin/org-management?segment=health-plan&status=DEPLOYING',
      sessionUserOf('systemViewer'),
      { OrganizationsList: () => page([ROWS[1]!]) },
    );
    const filters = await screen.findByRole('group', { name: 'Filters' }, WAIT);
    expect(filters.textContent).toContain('Segment: Health Plan');
    expect(filters.textContent).toContain('Status: Deploying');
    await waitFor(() =>
      expect(gateway.sent.find((request) => request.operationName === 'OrganizationsList')?.variables).toMatchObject({
        customerSegment: 'health-plan',
        status: 'DEPLOYING',
      }),
    );
    await userEvent.click(within(filters).getByRole('button', { name: 'Show every segment' }));
    await waitFor(() => expect(location()).toBe('/admin/org-management?status=DEPLOYING'), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Show every state' }));
    await waitFor(() => expect(location()).toBe('/admin/org-management'), WAIT);
    expect(screen.queryByRole('group', { name: 'Filters' })).toBeNull();
  });
});
