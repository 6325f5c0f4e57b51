import { INVITATIONS_COUNT_NOTE, MESSAGES } from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUserOf, WAIT } from '../../../routes/test-support.js';
import { auditEventRecord, eventsAnswer } from '../../../components/activity/test-support.js';
import { job, organizationRecord, renderWithGateway, steps } from '../test-support.js';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const payload = (field: string, organization: unknown) => ({
  [field]: { __typename: 'OrganizationPayload', organization, inputErrors: [] },
});

describe('update organization', { timeout: 20_000 }, () => {
  it('is read-only with the reason for an Org Admin on My Organization', async () => {
    const orgAdmin = sessionUserOf('orgAdmin', { organizationId: 'acme' });
    const { location } = renderWithGateway('/admin/org-management/acme/update', orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    await waitFor(() => expect(location()).toBe('/admin/org-management/acme/update/general'), WAIT);
    expect(await screen.findByRole('heading', { name: 'Acme Health', level: 1 }, WAIT)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'Your role (Org Admin) may view this organization’s settings but not change them.',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    // An Org Admin may not read the organizations list.
    expect(screen.queryByRole('link', { name: 'Back to Organizations' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Credentials' }));
    await waitFor(() => expect(location()).toBe('/admin/org-management/acme/update/credentials'), WAIT);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Create credential' }, WAIT)).disabled).toBe(
      true,
    );
    // Not a bare "may not change it": who creates the organization's credentials, and where their own is made.
    const section = screen.getByRole('region', { name: 'Credentials' });
    expect(section.textContent).toContain(
      'Only a Meridian Admin creates and disables the organization’s own credentials.',
    );
    expect(section.textContent).not.toContain('Creating and disabling credentials needs it.');
    expect(within(section).getByRole('link', { name: 'your profile’s Credentials tab' }).getAttribute('href')).toBe(
      '/admin/org-management/acme/users/orgadmin%40acme.test/profile/credentials',
    );
    expect(section.textContent).toContain('turn it on first under your profile’s General tab');
  });

  it('says read-only only above the tabs an Org Admin may not change, as the table decides each', async () => {
    const orgAdmin = sessionUserOf('orgAdmin', { organizationId: 'acme' });
    const { location } = renderWithGateway('/admin/org-management/acme/update/licenses', orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: () => ({
        organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health', webhooks: [] },
      }),
      OrganizationProvisioning: () => ({
        organization: {
          __typename: 'Organization',
          id: 'acme',
          name: 'Acme Health',
          scimBaseUrl: 'https://api.meridian.test/scim/v2',
          scimTokens: [],
        },
      }),
      ActivityEvents: () => eventsAnswer([]),
    });
    expect((await screen.findByRole('note', undefined, WAIT)).textContent).toBe(
      'Your role (Org Admin) may view this organization’s licenses but not change them.',
    );
    const expected: [string, string | null][] = [
      ['Lifecycle', 'Your role (Org Admin) may view this organization’s lifecycle but not move it.'],
      // An Org Admin connects its identity provider, manages its directory tokens and webhooks: no banner
      // above buttons that work.
      ['Sign-in', null],
      ['Provisioning', null],
      ['Webhooks', null],
      ['Managed providers', null],
      ['Activity', null],
    ];
    for (const [tab, banner] of expected) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true'));
      expect(screen.queryByRole('note')?.textContent ?? null, tab).toBe(banner);
      if (tab === 'Webhooks') expect(await screen.findByRole('button', { name: 'Add endpoint' }, WAIT)).toBeTruthy();
    }
    expect(location()).toBe('/admin/org-management/acme/update/activity');
  });

  it('answers an unknown tab with the 404 page', async () => {
    const { location } = renderWithGateway('/admin/org-management/acme/update/no-such-tab', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    await waitFor(() => expect(location()).toBe('/404'), WAIT);
  });

  it('refuses an Org Admin another tenant’s organization: home, with the permission toast', async () => {
    const orgAdmin = sessionUserOf('orgAdmin', { organizationId: 'acme' });
    const { location, toasts, gateway } = renderWithGateway(
      '/admin/org-management/globex/update/general',
      orgAdmin,
      {},
    );
    await waitFor(() => expect(location()).toBe('/'), WAIT);
    expect(toasts.list().some((toast) => toast.message === MESSAGES.permissionDenied)).toBe(true);
    expect(gateway.count('OrganizationUpdate')).toBe(0);
  });

  it('shows the organization’s activity in its own tab, filtered to it, with the filters in the URL', async () => {
    const { gateway, location } = renderWithGateway('/admin/org-management/acme/update/activity', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      ActivityEvents: () => eventsAnswer([auditEventRecord()]),
    });
    expect(await screen.findByRole('heading', { name: 'A. Operator deactivated j.doe@acme.test' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByLabelText('Organization')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'User deactivated');
    await waitFor(
      () => expect(location()).toBe('/admin/org-management/acme/update/activity?action=user.deactivate'),
      WAIT,
    );
    await waitFor(() => expect(gateway.count('ActivityEvents')).toBe(2), WAIT);
    expect(gateway.sent.filter((r) => r.operationName === 'ActivityEvents').map((r) => r.variables.filter)).toEqual([
      { organizationId: 'acme' },
      { organizationId: 'acme', action: 'user.deactivate' },
    ]);
  });

  it('saves only the general fields that changed', async () => {
    const { gateway, toasts } = renderWithGateway('/admin/org-management/acme/update/general', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      UpdateOrganization: ({ input }) =>
        payload(
          'updateOrganization',
          organizationRecord({
            name: (input as { name: string }).name,
            biPortal: { __typename: 'BiPortalPreferences', defaultStates: ['CA', 'TX'] },
          }),
        ),
    });
    const name = await screen.findByLabelText(/^Name/, undefined, WAIT);
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Health Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Add or remove states' }));
    // The option's item is what a pointer lands on (the option element wraps it).
    await userEvent.click(within(await screen.findByRole('option', { name: /Texas/ }, WAIT)).getByText('Texas'));
    expect(screen.getByRole('button', { name: 'Remove Texas' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(
      () => expect(toasts.list().some((toast) => toast.message === 'Acme Health Plan saved.')).toBe(true),
      WAIT,
    );
    expect(gateway.sent.find((request) => request.operationName === 'UpdateOrganization')?.variables).toEqual({
      id: 'acme',
      input: { name: 'Acme Health Plan', biPortalDefaultStates: ['CA', 'TX'] },
    });
    // The answer updated the cache: the heading shows the new name and nothing is left to save.
    expect(await screen.findByRole('heading', { name: 'Acme Health Plan', level: 1 }, WAIT)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' }).disabled).toBe(true);
  });

  it('adds a domain on Enter and saves nothing until Save changes is pressed', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/general', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    const contact = await screen.findByLabelText(/^Contact name/, undefined, WAIT);
    await userEvent.clear(contact);
    await userEvent.type(contact, 'Half-typed contac');
    await userEvent.type(screen.getByLabelText(/^Domains/), 'acme.example{Enter}');
    expect(await screen.findByText('acme.example', undefined, WAIT)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Domains/), '{Enter}');
    // Give an implicit submission the time it would take to be sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.count('UpdateOrganization')).toBe(0);
    expect(screen.getByLabelText<HTMLInputElement>(/^Contact name/).value).toBe('Half-typed contac');
  });

  it('discards edits: the saved values are back, nothing is sent and nothing is left to save', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/general', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    const contact = await screen.findByLabelText<HTMLInputElement>(/^Contact name/, undefined, WAIT);
    const saved = contact.value;
    await userEvent.clear(contact);
    await userEvent.type(contact, 'Someone else');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' }).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Contact name/).value).toBe(saved);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Discard changes' }).disabled).toBe(true);
    expect(gateway.count('UpdateOrganization')).toBe(0);
  });

  it('asks before leaving with unsaved edits: Stay keeps them, Leave goes; nothing is asked once saved', async () => {
    const { location } = renderWithGateway('/admin/org-management/acme/update/general', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    const contact = await screen.findByLabelText(/^Contact name/, undefined, WAIT);
    await userEvent.clear(contact);
    await userEvent.type(contact, 'Half-typed contac');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Organizations' }));
    const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
    expect(dialog.textContent).toContain('You have unsaved changes on this page.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe('/admin/org-management/acme/update/general');
    expect(screen.getByLabelText<HTMLInputElement>(/^Contact name/).value).toBe('Half-typed contac');
    // Closing or reloading the tab gets the browser's prompt.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Back to Organizations' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', undefined, WAIT)).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(location()).toBe('/admin/org-management'), WAIT);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('enables a product’s dependencies along, explains why they stay on, and never sends usage', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/licenses', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      UpdateLicenses: () => payload('updateLicenses', organizationRecord()),
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Managed Providers' }, WAIT));
    for (const name of ['Provider Aliases', 'Provider Relationships', 'Provider Data']) {
      const control = screen.getByRole<HTMLInputElement>('switch', { name });
      expect(control.checked, name).toBe(true);
      expect(control.disabled, name).toBe(true);
    }
    // Aliases and relationships are needed by Managed Providers; provider data by all three.
    expect(
      screen.getAllByText('Enabled because Managed Providers needs it. Turn that off first to turn this off.'),
    ).toHaveLength(2);
    expect(
      screen.getByText(
        'Enabled because Managed Providers, Provider Aliases and Provider Relationships need it. Turn those off first to turn this off.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('12 of 20')).toBeTruthy();
    const limit = screen.getByLabelText(/^User limit/);
    // Until something is wrong, the field says how invitations count against the limit.
    expect(limit.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(limit.getAttribute('aria-describedby')!)?.textContent).toBe(INVITATIONS_COUNT_NOTE);
    await userEvent.clear(limit);
    await userEvent.type(limit, '10');
    expect(screen.getByText('12 active users in use: a limit below that is refused.')).toBeTruthy();
    await userEvent.clear(limit);
    await userEvent.type(limit, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    await waitFor(() => expect(gateway.count('UpdateLicenses')).toBe(1), WAIT);
    const sent = gateway.sent.find((request) => request.operationName === 'UpdateLicenses')!;
    expect(sent.variables).toEqual({
      id: 'acme',
      input: {
        userLimit: 30,
        products: [
          { product: 'managed_providers', enabled: true },
          { product: 'provider_alias', enabled: true },
          { product: 'provider_data', enabled: true },
          { product: 'provider_relationship', enabled: true },
        ],
      },
    });
    expect(JSON.stringify(sent.variables)).not.toMatch(/activeUsers|explorerUsed|viewerUsed|__typename/);
  });

  it('shows the platform’s refusal of a limit below use in words, keeping the value typed', async () => {
    renderWithGateway('/admin/org-management/acme/update/licenses', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      UpdateLicenses: () => ({
        updateLicenses: {
          __typename: 'OrganizationPayload',
          organization: null,
          inputErrors: [
            {
              __typename: 'InputError',
              field: null,
              message: 'The user limit cannot be 10: the organization has 12 active users. Deactivate users first.',
            },
          ],
        },
      }),
    });
    const limit = await screen.findByLabelText(/^User limit/, undefined, WAIT);
    await userEvent.clear(limit);
    await userEvent.type(limit, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    // Asked first, with the figure in use; the platform, which counts at the moment of saving, decides.
    const ask = await screen.findByRole('alertdialog', { name: 'Save these licenses?' }, WAIT);
    await userEvent.click(within(ask).getByRole('button', { name: 'Save anyway' }));
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain(
      'The user limit cannot be 10: the organization has 12 active users.',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^User limit/).value).toBe('10');
    // No field says it: the refusal above the buttons gets focus, so the person is where it is said.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')), WAIT);
  });

  it('warns in amber when explorer licenses exceed the user limit, and still lets them be saved', async () => {
    renderWithGateway('/admin/org-management/acme/update/licenses', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    const explorers = await screen.findByLabelText<HTMLInputElement>(/^Explorer licenses/, undefined, WAIT);
    await userEvent.clear(explorers);
    await userEvent.type(explorers, '25');
    const warning = screen.getByText('25 explorer licenses for a user limit of 20: at most 20 can be assigned.');
    expect(explorers.getAttribute('aria-describedby')).toContain(warning.id);
    expect(warning.closest('.bp6-form-group')?.className).toContain('bp6-intent-warning');
    expect(explorers.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save licenses' }).disabled).toBe(false);
  });

  it('warns at save of licenses above the user limit and below use, with the figures, and saves only when told', async () => {
    const { gateway, toasts } = renderWithGateway('/admin/org-management/acme/update/licenses', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      UpdateLicenses: () => payload('updateLicenses', organizationRecord()),
    });
    const explorers = await screen.findByLabelText<HTMLInputElement>(/^Explorer licenses/, undefined, WAIT);
    await userEvent.clear(explorers);
    await userEvent.type(explorers, '25');
    await userEvent.clear(screen.getByLabelText(/^Viewer licenses/));
    await userEvent.type(screen.getByLabelText(/^Viewer licenses/), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Save these licenses?' }, WAIT);
    expect(
      within(ask)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '3 viewer licenses are assigned: the platform refuses 1 until users get another license.',
      '25 explorer licenses for a user limit of 20: at most 20 can be assigned.',
    ]);
    // Cancel: nothing sent, the values stay to be corrected.
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), WAIT);
    expect(gateway.count('UpdateLicenses')).toBe(0);
    expect(explorers.value).toBe('25');

    // Both levels within the limit but together above it: one license a user.
    await userEvent.clear(explorers);
    await userEvent.type(explorers, '12');
    await userEvent.clear(screen.getByLabelText(/^Viewer licenses/));
    await userEvent.type(screen.getByLabelText(/^Viewer licenses/), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    const again = await screen.findByRole('alertdialog', { name: 'Save these licenses?' }, WAIT);
    expect(again.textContent).toContain(
      '12 explorer and 10 viewer licenses for a user limit of 20: each user holds one, so at most 20 can be assigned.',
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(gateway.count('UpdateLicenses')).toBe(1), WAIT);
    expect(gateway.sent.find((request) => request.operationName === 'UpdateLicenses')?.variables).toEqual({
      id: 'acme',
      input: { tableauUserLicenses: { explorerCount: 12 } },
    });
    await waitFor(
      () => expect(toasts.list().some((toast) => toast.message === 'Licenses of Acme Health saved.')).toBe(true),
      WAIT,
    );
  });

  it('saves licenses that fit at once, asking nothing', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/licenses', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      UpdateLicenses: () => payload('updateLicenses', organizationRecord()),
    });
    const limit = await screen.findByLabelText(/^User limit/, undefined, WAIT);
    await userEvent.clear(limit);
    await userEvent.type(limit, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    await waitFor(() => expect(gateway.count('UpdateLicenses')).toBe(1), WAIT);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('brings focus and the screen to the first field in error when a save is refused', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/licenses', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      UpdateLicenses: () => ({
        updateLicenses: {
          __typename: 'OrganizationPayload',
          organization: null,
          inputErrors: [
            {
              __typename: 'InputError',
              field: 'input.tableauUserLicenses.explorerCount',
              message: 'Explorer licenses cannot be below the 3 in use.',
            },
          ],
        },
      }),
    });
    // The form's own check: nothing is sent, and the Viewer field, not the button, has focus.
    const viewers = await screen.findByLabelText<HTMLInputElement>(/^Viewer licenses/, undefined, WAIT);
    await userEvent.clear(viewers);
    await userEvent.type(viewers, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    await waitFor(() => expect(document.activeElement).toBe(viewers), WAIT);
    expect(scrolled).toContain(viewers);
    expect(gateway.count('UpdateLicenses')).toBe(0);

    // The gateway's refusal of another field: focus goes to that one.
    await userEvent.clear(viewers);
    await userEvent.type(viewers, '4');
    const explorers = screen.getByLabelText<HTMLInputElement>(/^Explorer licenses/);
    await userEvent.clear(explorers);
    await userEvent.type(explorers, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save licenses' }));
    // Below the 2 in use: asked first; sent all the same, the platform refuses it beside the field.
    const ask = await screen.findByRole('alertdialog', { name: 'Save these licenses?' }, WAIT);
    await userEvent.click(within(ask).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(document.activeElement).toBe(explorers), WAIT);
    expect(explorers.getAttribute('aria-invalid')).toBe('true');
    expect(scrolled.at(-1)).toBe(explorers);
  });

  it('offers only the allowed moves and shows a started job’s steps live', async () => {
    const created = organizationRecord({
      status: 'CREATED',
      active: false,
      allowedActions: ['ONBOARD'],
      onboarding: job(),
      deployment: job(),
    });
    const names = ['Create tenant workspace', 'Provision data warehouse schema'];
    const onboarding = organizationRecord({
      status: 'ONBOARDING',
      active: false,
      allowedActions: [],
      onboarding: job('IN_PROGRESS', [
        { name: names[0]!, status: 'COMPLETED' },
        { name: names[1]!, status: 'IN_PROGRESS' },
      ]),
      deployment: job(),
    });
    const onboarded = organizationRecord({
      status: 'ONBOARDING',
      active: false,
      allowedActions: ['DEPLOY'],
      onboarding: job('COMPLETED', steps(names, 'COMPLETED')),
      deployment: job(),
    });
    let progressCalls = 0;
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/lifecycle', admin, {
      OrganizationUpdate: () => ({ organization: created }),
      StartOnboarding: () => payload('startOnboarding', onboarding),
      // The first poll still finds the job running; the next one finds it done.
      OrganizationProgress: () => ({ organization: progressCalls++ === 0 ? onboarding : onboarded }),
    });
    const moves = await screen.findByRole('group', { name: 'Lifecycle moves' }, WAIT);
    expect(
      within(moves)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Start onboarding']);
    await userEvent.click(within(moves).getByRole('button', { name: 'Start onboarding' }));
    expect(await screen.findByText('Onboarding is under way.', undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Onboarding: 1 of 2 steps done' })).toBeTruthy();
    // The page polls while the job runs; the answer that says it completed offers the next move.
    expect(await screen.findByRole('button', { name: 'Start deployment' }, WAIT)).toBeTruthy();
    expect(gateway.count('OrganizationProgress')).toBeGreaterThan(0);
    expect(screen.getByText('Onboarded. Start the deployment next.')).toBeTruthy();
  });

  it('offboards only once the organization id is typed', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/lifecycle', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OffboardOrganization: () =>
        payload(
          'offboardOrganization',
          organizationRecord({
            status: 'OFFBOARDING',
            allowedActions: [],
            offboarding: job('IN_PROGRESS', steps(['Revoke credentials'], 'IN_PROGRESS')),
          }),
        ),
      OrganizationProgress: () => ({
        organization: organizationRecord({
          status: 'OFFBOARDED',
          active: false,
          allowedActions: ['ACTIVATE'],
          offboarding: job('COMPLETED', steps(['Revoke credentials'], 'COMPLETED')),
        }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Offboard…' }, WAIT));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Offboard' });
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Type acme to confirm'), 'acm');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Type acme to confirm'), 'e');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(gateway.count('OffboardOrganization')).toBe(1), WAIT);
    expect(await screen.findByRole('button', { name: 'Re-activate' }, WAIT)).toBeTruthy();
  });

  it('switches the segment with optional license changes', async () => {
    const { gateway } = renderWithGateway('/admin/org-management/acme/update/lifecycle', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      SwitchSegment: () =>
        payload('switchSegment', organizationRecord({ customerSegment: 'employer', medicareLicensed: true })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Switch segment…' }, WAIT));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Employer' })).toBeTruthy(), WAIT);
    await userEvent.selectOptions(within(dialog).getByLabelText(/^New customer segment/), 'employer');
    await userEvent.click(within(dialog).getByLabelText('Medicare licensed'));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Also change the licenses' }));
    const viewers = within(dialog).getByLabelText(/^Viewer licenses/);
    await userEvent.clear(viewers);
    await userEvent.type(viewers, '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch segment' }));
    await waitFor(() => expect(gateway.count('SwitchSegment')).toBe(1), WAIT);
    expect(gateway.sent.find((request) => request.operationName === 'SwitchSegment')?.variables).toEqual({
      id: 'acme',
      input: {
        customerSegment: 'employer',
        medicareLicensed: true,
        licenses: { tableauUserLicenses: { viewerCount: 15 } },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });

  it('keeps the dialog and what was chosen when a segment switch is refused, saying why there and in a toast', async () => {
    const refusal = 'Acme Health has an open deployment: switch the segment once it ends.';
    const { toasts } = renderWithGateway('/admin/org-management/acme/update/lifecycle', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      SwitchSegment: () => ({
        switchSegment: {
          __typename: 'OrganizationPayload',
          organization: null,
          inputErrors: [{ __typename: 'InputError', field: null, message: refusal }],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Switch segment…' }, WAIT));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Employer' })).toBeTruthy(), WAIT);
    await userEvent.selectOptions(within(dialog).getByLabelText(/^New customer segment/), 'employer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch segment' }));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('The segment was not switched');
    expect(alert.textContent).toContain(refusal);
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/^New customer segment/).value).toBe('employer');
    expect(toasts.list().some((toast) => toast.type === 'error' && toast.message === refusal)).toBe(true);
    // Cancel leaves nothing typed behind: the dialog opens again on the organization as it is.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Switch segment…' }));
    const again = await screen.findByRole('dialog', undefined, WAIT);
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(within(again).getByLabelText<HTMLSelectElement>(/^New customer segment/).value).not.toBe('employer');
  });

  it('says the feature is not licensed, or links to the managed providers', async () => {
    renderWithGateway('/admin/org-management/acme/update/managed-providers', admin, {
      OrganizationUpdate: () => ({
        organization: organizationRecord({
          features: [
            { __typename: 'Feature', key: 'feature:managed-providers', isLicensed: false, isAvailable: false },
          ],
        }),
      }),
    });
    expect(await screen.findByText(MESSAGES.featureUnavailable, undefined, WAIT)).toBeTruthy();
    cleanup();
    renderWithGateway('/admin/org-management/acme/update/managed-providers', admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
    });
    const link = await screen.findByRole('link', { name: 'Open managed providers' }, WAIT);
    expect(link.getAttribute('href')).toBe('/config/acme/managed-providers');
  });
});
