import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navItems } from '../nav-items.js';
import { renderWithGateway, sessionUserOf, WAIT } from '../../routes/test-support.js';
import { readRecentItems, recordRecentItem } from './recent-items.js';

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const orgUser = sessionUserOf('orgUser', { email: 'user@acme.test', organizationId: 'acme' });

const noEvents = () => ({
  auditEvents: {
    __typename: 'AuditEventConnection',
    nodes: [],
    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
  },
});

const acmeHits = () => ({
  search: {
    __typename: 'SearchResults',
    organizations: [{ __typename: 'Organization', id: 'acme', name: 'Acme Health' }],
    users: [{ __typename: 'User', email: 'olive@acme.test', name: 'Olive Acme', organizationId: 'acme' }],
  },
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const palette = () => screen.getByRole('dialog', { name: 'Search the console' });
const searchBox = () => within(palette()).getByRole('combobox');
/** The option the text box points at (aria-activedescendant). */
const activeOption = () => document.getElementById(searchBox().getAttribute('aria-activedescendant') ?? '');

describe('the command palette', { timeout: 20_000 }, () => {
  it('opens with Ctrl-K, finds an organization through the gateway, and goes there with Enter', async () => {
    const user = userEvent.setup();
    const { gateway, location } = renderWithGateway('/admin/activity', admin, {
      ActivityEvents: noEvents,
      CommandPaletteSearch: acmeHits,
    });
    await screen.findByRole('navigation', { name: 'Main navigation' }, WAIT);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search the console' }, WAIT);
    expect(document.activeElement).toBe(searchBox());
    // With no text: the pages the role reaches, as the navigation lists them.
    const pages = within(palette()).getByRole('group', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(navItems(admin).map((item) => item.label));
    expect(within(pages).getByRole('option', { name: 'Organizations' })).toBeTruthy();

    await user.keyboard('Acme');
    const acme = await within(palette()).findByRole('option', { name: /Acme Health/ }, WAIT);
    // One request for the settled text (debounced), not one per letter.
    expect(gateway.sent.filter((sent) => sent.operationName === 'CommandPaletteSearch')).toEqual([
      expect.objectContaining({ variables: { text: 'Acme', limit: 5 } }),
    ]);
    expect(activeOption()).toBe(acme);
    expect(acme.getAttribute('aria-selected')).toBe('true');
    expect(within(palette()).getByRole('status').textContent).toBe(
      '2 results. Up and down arrows to choose, Enter to open.',
    );

    await user.keyboard('{ArrowDown}');
    expect(activeOption()?.textContent).toContain('Olive Acme');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(acme);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toMatch(/^\/admin\/org-management\/acme\/update/), WAIT);
    expect(screen.queryByRole('dialog', { name: 'Search the console' })).toBeNull();

    // Reopened, it offers what was just visited first.
    await user.keyboard('{Control>}k{/Control}');
    const recent = await within(await screen.findByRole('dialog', {}, WAIT)).findByRole('group', { name: 'Recent' });
    expect(within(recent).getAllByRole('option')[0]!.textContent).toContain('Acme Health');
  });

  it('searches only pages for a role that may read neither organizations nor users, and closes with Escape', async () => {
    const user = userEvent.setup();
    const { gateway } = renderWithGateway(
      '/admin/org-management/acme/users/user%40acme.test/profile/general',
      orgUser,
      {},
    );
    const button = await screen.findByRole('button', { name: 'Search' }, WAIT);
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Search the console' }, WAIT);
    expect(searchBox().getAttribute('aria-label')).toBe('Search pages');
    await user.keyboard('ho');
    await waitFor(() => expect(activeOption()?.textContent).toBe('Home'), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(gateway.count('CommandPaletteSearch')).toBe(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search the console' })).toBeNull(), WAIT);
    // The focus goes back to the button that opened it.
    expect(document.activeElement).toBe(button);
  });

  it('finds the settings by their words: "sso" is the Sign-in tab, first, before what the gateway found', async () => {
    const user = userEvent.setup();
    const orgAdmin = sessionUserOf('orgAdmin', { email: 'orgadmin@acme.test', organizationId: 'acme' });
    const { location } = renderWithGateway('/', orgAdmin, {
      // The gateway's search matches the letters: an organization named "Associates" holds "sso".
      CommandPaletteSearch: () => ({
        search: {
          __typename: 'SearchResults',
          organizations: [{ __typename: 'Organization', id: 'acme', name: 'Associates of Acme' }],
          users: [],
        },
      }),
    });
    await screen.findByRole('navigation', { name: 'Main navigation' }, WAIT);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search the console' }, WAIT);
    await user.keyboard('sso');
    await within(palette()).findByRole('option', { name: /Associates of Acme/ }, WAIT);
    const options = within(palette()).getAllByRole('option');
    expect(options[0]!.textContent).toBe('Sign-inAcme Health · organization settings');
    expect(activeOption()).toBe(options[0]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/admin/org-management/acme/update/sign-in'), WAIT);
  });

  it('finds the settings of the organization open and the user’s own profile pages by keyword', async () => {
    const user = userEvent.setup();
    // The page behind need not load: the palette judges the tabs by the table, not by the page's data.
    renderWithGateway('/admin/org-management/globex/update/general', admin, {
      CommandPaletteSearch: () => ({ search: { __typename: 'SearchResults', organizations: [], users: [] } }),
    });
    await screen.findByRole('navigation', { name: 'Main navigation' }, WAIT);
    const first = async (text: string) => {
      await user.keyboard('{Control>}k{/Control}');
      await screen.findByRole('dialog', { name: 'Search the console' }, WAIT);
      await user.keyboard(text);
      await waitFor(() => expect(within(palette()).getByRole('status').textContent).not.toBe('Searching…'), WAIT);
      const option = within(palette()).getAllByRole('option')[0]!.textContent;
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search the console' })).toBeNull(), WAIT);
      return option;
    };
    expect(await first('scim')).toBe('Provisioningglobex · organization settings');
    expect(await first('webhook')).toBe('Webhooksglobex · organization settings');
    expect(await first('2fa')).toBe('Sign-in securityYour profile');
    expect(await first('saml')).toBe('Sign-inglobex · organization settings');
  });

  it('keeps each user’s recent items apart', () => {
    recordRecentItem('admin@meridian.test', {
      kind: 'organization',
      label: 'Acme Health',
      to: '/admin/org-management/acme/update',
    });
    expect(readRecentItems('ADMIN@meridian.test').map((item) => item.label)).toEqual(['Acme Health']);
    expect(readRecentItems('user@acme.test')).toEqual([]);
  });
});
