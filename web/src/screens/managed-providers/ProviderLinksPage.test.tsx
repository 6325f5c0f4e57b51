import { MESSAGES } from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { validNpi } from './csv/test-npis.js';
import { FEATURE_UNAVAILABLE_ANSWER, linkList, linkRow, renderManagedProviders } from './test-support.js';

const LIST = '/config/acme/managed-providers/aliases';
const location = () => screen.getByRole('status', { name: 'Current location' }).textContent;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('ProviderLinksPage', () => {
  it("shows each link's NPI, provider, specialty, place, value and who changed it, a page at a time", async () => {
    const npi = validNpi(1);
    const { gateway, container } = renderManagedProviders(LIST, {
      handlers: { ProviderLinksList: () => linkList([linkRow(npi, 'Dr. Smith (North)', 'Ann Smith')], 120) },
    });
    // Skeleton rows stand in until the page arrives.
    expect(container.querySelectorAll('.bp6-skeleton').length).toBeGreaterThan(0);
    const row = (await screen.findByText(npi)).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([npi, 'Ann Smith', 'Cardiology', 'Springfield, IL 62701', 'Dr. Smith (North)']);
    expect(cells[5]).toContain('Mar 1, 2026');
    expect(cells[6]).toBe('orgadmin@acme.test');
    expect(screen.getByText('Showing 1–1 of 120')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3 · 120 aliases')).toBeTruthy();
    expect(gateway.sent.find((request) => request.operationName === 'ProviderLinksList')?.variables).toEqual({
      organizationId: 'acme',
      kind: 'PROVIDER_ALIAS',
      offset: 0,
      limit: 50,
    });
  });

  it('searches on the server after a pause, and keeps search and page in the URL', async () => {
    const user = userEvent.setup();
    const { gateway } = renderManagedProviders(`${LIST}?page=2`, {
      handlers: {
        ProviderLinksList: (variables) => linkList([linkRow(validNpi(2), `for ${String(variables.search)}`)], 200, 100),
      },
    });
    await screen.findByText('Page 3 of 4 · 200 aliases');
    const lists = () => gateway.sent.filter((request) => request.operationName === 'ProviderLinksList');
    expect(lists().map((request) => request.variables.offset)).toEqual([100]);

    await user.type(screen.getByRole('searchbox', { name: 'Search aliases' }), 'smith');
    await waitFor(() => expect(location()).toBe(`${LIST}?search=smith`));
    await screen.findByText('for smith');
    // One request for the whole word, back on the first page.
    const searches = lists().filter((request) => request.variables.search !== undefined);
    expect(searches.map((request) => [request.variables.search, request.variables.offset])).toEqual([['smith', 0]]);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe(`${LIST}?search=smith&page=1`);
  });

  it('sorts by every column on the server, keeping the sort in the URL', async () => {
    const user = userEvent.setup();
    const { gateway } = renderManagedProviders(`${LIST}?search=smith&page=1`, {
      handlers: { ProviderLinksList: () => linkList([linkRow(validNpi(3), 'Dr. Smith')], 120, 50) },
    });
    await screen.findByText('Dr. Smith');
    const sorts = () =>
      gateway.sent.filter((request) => request.operationName === 'ProviderLinksList').map((r) => r.variables.sort);
    for (const label of ['NPI', 'Provider', 'Specialty', 'Place', 'Alias', 'Last changed', 'Changed by'])
      expect(screen.getByRole('button', { name: new RegExp(`^Sort by ${label}`) })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sort by Specialty' }));
    // A new order starts at the first page and keeps the search.
    await waitFor(() => expect(location()).toBe(`${LIST}?search=smith&sort=specialty`));
    await user.click(screen.getByRole('button', { name: 'Sort by Specialty, ascending' }));
    await waitFor(() => expect(location()).toBe(`${LIST}?search=smith&sort=-specialty`));
    await user.click(screen.getByRole('button', { name: 'Sort by Changed by' }));
    await waitFor(() => expect(location()).toBe(`${LIST}?search=smith&sort=changedBy`));
    await waitFor(() =>
      expect(sorts()).toEqual([
        undefined,
        { field: 'SPECIALTY', direction: 'ASC' },
        { field: 'SPECIALTY', direction: 'DESC' },
        { field: 'UPDATED_BY', direction: 'ASC' },
      ]),
    );
    expect(
      screen.getByRole('button', { name: 'Sort by Changed by, ascending' }).closest('th')?.getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it('carries the list’s search, page and sort to the edit pages', async () => {
    const npi = validNpi(4);
    renderManagedProviders(`${LIST}?search=smith&page=1&sort=-value`, {
      handlers: { ProviderLinksList: () => linkList([linkRow(npi, 'Dr. Smith')], 120, 50) },
    });
    const edit = await screen.findByRole('link', { name: `Edit the alias of NPI ${npi}` });
    const query = '?search=smith&page=1&sort=-value';
    expect(edit.getAttribute('href')).toBe(`${LIST}/update/${npi}${query}`);
    expect(screen.getByRole('link', { name: `Remove the alias of NPI ${npi}` }).getAttribute('href')).toBe(
      `${LIST}/remove/${npi}${query}`,
    );
    expect(screen.getByRole('link', { name: 'Update Aliases' }).getAttribute('href')).toBe(`${LIST}/update${query}`);
  });

  it('breaks an email in “Changed by” only before “@” or “.”', async () => {
    renderManagedProviders(LIST, { handlers: { ProviderLinksList: () => linkList([linkRow(validNpi(5), 'x')]) } });
    const email = await screen.findByText('orgadmin@acme.test', { selector: '.meridian-email' });
    expect(email.innerHTML).toBe('orgadmin<wbr>@acme<wbr>.test');
  });

  it('says when nothing matches, and clears the search', async () => {
    const user = userEvent.setup();
    renderManagedProviders(`${LIST}?search=zzz`, {
      handlers: { ProviderLinksList: (variables) => linkList(variables.search ? [] : [linkRow(validNpi(3), 'X')]) },
    });
    await screen.findByText('No aliases match “zzz”');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByText(validNpi(3));
    expect(location()).toBe(LIST);
  });

  it('offers a way to add links when there are none yet', async () => {
    renderManagedProviders('/config/acme/managed-providers/relationships', {
      handlers: { ProviderLinksList: () => linkList([]) },
    });
    await screen.findByText('No relationships yet');
    expect(screen.getAllByRole('link', { name: 'Update Relationships' })[0]!.getAttribute('href')).toBe(
      '/config/acme/managed-providers/relationships/update',
    );
  });

  it('gives configurations:write its Update and Remove actions, and a read-only role none', async () => {
    const npi = validNpi(4);
    renderManagedProviders(LIST, { handlers: { ProviderLinksList: () => linkList([linkRow(npi, 'A')]) } });
    await screen.findByText(npi);
    expect(screen.getByRole('link', { name: 'Remove Aliases' }).getAttribute('href')).toBe(
      '/config/acme/managed-providers/aliases/remove',
    );
    expect(screen.getByRole('link', { name: `Edit the alias of NPI ${npi}` }).getAttribute('href')).toBe(
      `/config/acme/managed-providers/aliases/update/${npi}`,
    );
    cleanup();

    renderManagedProviders(LIST, {
      role: 'orgUser',
      handlers: { ProviderLinksList: () => linkList([linkRow(npi, 'A')]) },
    });
    await screen.findByText(npi);
    expect(screen.queryByRole('link', { name: 'Update Aliases' })).toBeNull();
    expect(screen.queryByRole('link', { name: `Edit the alias of NPI ${npi}` })).toBeNull();
    expect(screen.getByText(/View only/)).toBeTruthy();
  });

  it("tells an operator in the page when the organization's license lacks the feature", async () => {
    renderManagedProviders('/config/globex/managed-providers/aliases', {
      role: 'systemAdmin',
      user: { organizationId: 'meridian', organizationName: 'Meridian' },
      handlers: {
        ProviderLinksList: () => FEATURE_UNAVAILABLE_ANSWER,
        ManagedProvidersOrganizationName: () => ({
          organization: { __typename: 'Organization', id: 'globex', name: 'Globex' },
        }),
      },
    });
    await screen.findByText(MESSAGES.featureUnavailable);
    await screen.findByText('Globex');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('says why the list failed in words, and tries again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderManagedProviders(LIST, {
      handlers: {
        ProviderLinksList: () =>
          ++calls === 1
            ? { body: { data: null, errors: [{ message: 'Connection refused' }] } }
            : linkList([linkRow(validNpi(5), 'B')]),
      },
    });
    await screen.findByText('Connection refused');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(validNpi(5));
  });

  it('links the two kinds as tabs, marking the one shown', async () => {
    renderManagedProviders(LIST, { handlers: { ProviderLinksList: () => linkList([]) } });
    const tabs = screen.getByRole('navigation', { name: 'Managed provider lists' });
    expect(within(tabs).getByRole('link', { name: 'Aliases' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Relationships' }).getAttribute('href')).toBe(
      '/config/acme/managed-providers/relationships',
    );
    await screen.findByText('No aliases yet');
  });

  it('says when the page in the URL is past the end, and goes back to the first', async () => {
    const user = userEvent.setup();
    renderManagedProviders(`${LIST}?page=9`, {
      handlers: {
        ProviderLinksList: (variables) =>
          linkList(variables.offset === 0 ? [linkRow(validNpi(6), 'C')] : [], 3, variables.offset as number),
      },
    });
    await screen.findByText('Page 10 is past the end');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await screen.findByText(validNpi(6));
    expect(location()).toBe(LIST);
  });

  it("lets an operator open another organization's managed providers by id or name", async () => {
    const user = userEvent.setup();
    const { gateway } = renderManagedProviders('/config/meridian/managed-providers/aliases', {
      role: 'systemAdmin',
      user: { organizationId: 'meridian', organizationName: 'Meridian' },
      handlers: {
        ProviderLinksList: () => linkList([]),
        ManagedProvidersOrganizationChoices: () => ({
          organizations: {
            __typename: 'OrganizationList',
            rows: [{ __typename: 'Organization', id: 'globex', name: 'Globex Corp' }],
          },
        }),
      },
    });
    await user.type(screen.getByRole('combobox', { name: 'Another organization' }), 'Globex Corp');
    await waitFor(() =>
      expect(gateway.sent.some((request) => request.operationName === 'ManagedProvidersOrganizationChoices')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(document.querySelector('datalist option')?.getAttribute('value')).toBe('globex'));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(location()).toBe('/config/globex/managed-providers/aliases');
  });

  it('offers no organization switch to org roles', async () => {
    renderManagedProviders(LIST, { handlers: { ProviderLinksList: () => linkList([]) } });
    await screen.findByText('No aliases yet');
    expect(screen.queryByRole('combobox', { name: 'Another organization' })).toBeNull();
  });
});
