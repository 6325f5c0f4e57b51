import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENTS_EMPTY, WEBHOOK_URL_INVALID } from '@meridian/schema';
import { sessionUserOf, WAIT } from '../../../../routes/test-support.js';
import { organizationRecord, renderWithGateway } from '../../test-support.js';
import { failingWarning } from './webhook-view.js';

const PATH = '/admin/org-management/acme/update/webhooks';
const URL_A = 'https://siem.acme.test/meridian';
const URL_B = 'http://127.0.0.1:9000/hooks';
const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS13ZWJob29rLTEyMzQ1Njc4';

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const orgAdmin = sessionUserOf('orgAdmin', { email: 'orgadmin@acme.test', organizationId: 'acme' });

/** An endpoint as the gateway lists it. */
const webhook = (id: string, url: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'Webhook',
  id,
  url,
  events: null,
  status: 'ACTIVE',
  pausedReason: null,
  pausedAt: null,
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'orgadmin@acme.test',
  pendingCount: 0,
  ...overrides,
});

/** The tab's read: these endpoints (a function: they change between reads). */
const webhooks = (list: () => unknown[]) => () => ({
  organization: { __typename: 'Organization', id: 'acme', name: 'Acme Health', webhooks: list() },
});

const delivery = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'WebhookDelivery',
  id,
  messageId: `msg_${id}`,
  action: 'user.create',
  test: false,
  status: 'DELIVERED',
  attempts: 1,
  createdAt: '2026-11-28T09:00:00Z',
  lastAttemptAt: '2026-11-28T09:00:01Z',
  nextAttemptAt: null,
  responseStatus: 200,
  error: null,
  latencyMs: 42,
  ...overrides,
});

const sentVariables = (gateway: { sent: { operationName: string; variables: unknown }[] }, name: string) =>
  gateway.sent.filter((request) => request.operationName === name).map((request) => request.variables);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('organization webhooks', { timeout: 20_000 }, () => {
  it('lists the endpoints with their events by label, state and pending count; a failing one warns in words and on the tab', async () => {
    renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => [
        webhook('wh_a', URL_A),
        webhook('wh_b', URL_B, {
          events: ['user.create', 'user.deactivate'],
          status: 'PAUSED',
          pausedReason: 'FAILING',
          pausedAt: '2026-11-28T09:00:00Z',
          pendingCount: 3,
        }),
      ]),
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' }, WAIT);
    const a = await within(section).findByRole('article', { name: URL_A }, WAIT);
    expect(a.textContent).toContain('Every event');
    expect(a.textContent).toContain('Active');
    expect(a.textContent).toContain('0 events pending');
    expect(within(a).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(a.textContent).not.toContain('failed for a day');

    const b = within(section).getByRole('article', { name: URL_B });
    expect(b.textContent).toContain('User created, User deactivated');
    expect(b.textContent).toContain('Paused (failing)');
    expect(b.textContent).toContain('3 events pending');
    expect(b.textContent).toContain(failingWarning(URL_B));
    expect(failingWarning(URL_B)).toBe(
      `Deliveries to ${URL_B} failed for a day, so it was paused. Events are kept: fix the endpoint, then Resume.`,
    );
    expect(within(b).getByRole('button', { name: 'Resume' })).toBeTruthy();
    // The tab says so too, whichever tab is open.
    const tab = screen.getByRole('tab', { name: 'Webhooks (an endpoint is failing)' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });

  it('adds an endpoint for chosen events and shows its secret once; nothing stores it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let list: unknown[] = [];
    const { gateway, setup } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => list),
      CreateWebhook: () => {
        list = [webhook('wh_new', URL_B, { events: ['user.create'] })];
        return {
          createWebhook: {
            __typename: 'WebhookSecretPayload',
            webhook: { __typename: 'Webhook', id: 'wh_new', url: URL_B },
            secret: SECRET,
            inputErrors: [],
          },
        };
      },
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' }, WAIT);
    expect(await within(section).findByText('No webhooks yet', undefined, WAIT)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'New webhook for Acme Health' }, WAIT);
    const url = within(form).getByLabelText('Endpoint URL');
    await userEvent.type(url, 'siem.acme.test');
    await userEvent.click(within(form).getByRole('radio', { name: 'Chosen events' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    // Checked beside each field before anything is sent.
    expect(await within(form).findByText(WEBHOOK_URL_INVALID, undefined, WAIT)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(WEBHOOK_EVENTS_EMPTY)).toBeTruthy();
    expect(gateway.count('CreateWebhook')).toBe(0);

    await userEvent.clear(url);
    await userEvent.type(url, URL_B);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'User created' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Webhook created' }, WAIT);
    expect(sentVariables(gateway, 'CreateWebhook')).toEqual([
      { input: { organizationId: 'acme', url: URL_B, events: ['user.create'] } },
    ]);
    expect(within(dialog).getByLabelText('Webhook secret').textContent).toBe(SECRET);
    expect(dialog.textContent).toContain(URL_B);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    const card = await within(section).findByRole('article', { name: URL_B }, WAIT);
    expect(card.textContent).toContain('User created');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.stringify(setup.cache.extract())).not.toContain(SECRET);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(SECRET);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows the gateway’s words beside the URL (production’s https-only rule)', async () => {
    const HTTPS_ONLY = 'The URL must start with https://';
    renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => []),
      CreateWebhook: () => ({
        createWebhook: {
          __typename: 'WebhookSecretPayload',
          webhook: null,
          secret: null,
          inputErrors: [{ __typename: 'InputError', field: 'input.url', message: HTTPS_ONLY }],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }, WAIT));
    const form = await screen.findByRole('dialog', { name: 'New webhook for Acme Health' }, WAIT);
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), URL_B);
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(HTTPS_ONLY, undefined, WAIT)).toBeTruthy();
    expect(within(form).getByLabelText('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Webhook created' })).toBeNull();
  });

  it('sends a test event and shows how it went; opens the delivery log', async () => {
    let log = [delivery('d1')];
    const { gateway } = renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => [webhook('wh_a', URL_A)]),
      OrganizationWebhookDeliveries: () => ({
        organization: {
          __typename: 'Organization',
          id: 'acme',
          webhooks: [{ __typename: 'Webhook', id: 'wh_a', deliveries: log }],
        },
      }),
      TestWebhook: () => {
        const test = delivery('d2', {
          action: 'webhook.test',
          test: true,
          status: 'FAILED',
          responseStatus: 500,
          latencyMs: 12,
          error: 'The endpoint answered 500',
        });
        log = [test, ...log];
        return { testWebhook: { __typename: 'WebhookTestPayload', delivery: test, inputErrors: [] } };
      },
    });
    const card = await screen.findByRole('article', { name: URL_A }, WAIT);
    await userEvent.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const table = await within(card).findByRole('table', { name: `Deliveries to ${URL_A}` }, WAIT);
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('User created');
    expect(first.textContent).toContain('Delivered');
    expect(first.textContent).toContain('42 ms');

    await userEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(
      await within(card).findByText(
        'Test event: Not delivered (HTTP 500, 12 ms): The endpoint answered 500',
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
    expect(sentVariables(gateway, 'TestWebhook')).toEqual([{ organizationId: 'acme', webhookId: 'wh_a' }]);
    // The open log was read again: the test shows first.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), WAIT);
    const test = within(table).getAllByRole('row')[1]!;
    expect(test.textContent).toContain('Test event');
    expect(test.textContent).toContain('Failed');
    expect(test.textContent).toContain('The endpoint answered 500');
  });

  it('pauses and resumes; deletes after confirmation', async () => {
    let list = [webhook('wh_a', URL_A)];
    const state = (status: string) => ({
      __typename: 'WebhookPayload',
      webhook: {
        __typename: 'Webhook',
        id: 'wh_a',
        status,
        pausedReason: status === 'PAUSED' ? 'MANUAL' : null,
        pausedAt: status === 'PAUSED' ? '2026-11-28T09:00:00Z' : null,
        pendingCount: 0,
      },
      inputErrors: [],
    });
    const { gateway, toasts } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => list),
      PauseWebhook: () => ({ pauseWebhook: state('PAUSED') }),
      ResumeWebhook: () => ({ resumeWebhook: state('ACTIVE') }),
      DeleteWebhook: () => {
        list = [];
        return {
          deleteWebhook: {
            __typename: 'WebhookPayload',
            webhook: { __typename: 'Webhook', id: 'wh_a' },
            inputErrors: [],
          },
        };
      },
    });
    const card = await screen.findByRole('article', { name: URL_A }, WAIT);
    await userEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(card.textContent).toContain('Paused'), WAIT);
    // Paused by hand: no failing warning.
    expect(card.textContent).not.toContain('failed for a day');
    await userEvent.click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(card.textContent).toContain('Active'), WAIT);
    expect(sentVariables(gateway, 'ResumeWebhook')).toEqual([{ organizationId: 'acme', webhookId: 'wh_a' }]);

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' }, WAIT);
    expect(confirm.textContent).toContain(`${URL_A} no longer receives Acme Health’s audit events`);
    expect(gateway.count('DeleteWebhook')).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('No webhooks yet', undefined, WAIT)).toBeTruthy();
    expect(toasts.list().some((toast) => toast.message === `Webhook ${URL_A} deleted.`)).toBe(true);
  });

  it('shows a System Viewer the endpoints and their log read-only: the reason above them, no action', async () => {
    const viewer = sessionUserOf('systemViewer', { email: 'viewer@meridian.test', organizationId: 'meridian' });
    const { location } = renderWithGateway(PATH, viewer, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => [webhook('wh_a', URL_A)]),
      OrganizationWebhookDeliveries: () => ({
        organization: {
          __typename: 'Organization',
          id: 'acme',
          webhooks: [{ __typename: 'Webhook', id: 'wh_a', deliveries: [delivery('d1')] }],
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' }, WAIT);
    expect(location()).toBe(PATH);
    const card = await within(section).findByRole('article', { name: URL_A }, WAIT);
    expect(screen.getByRole('note').textContent).toBe(
      'Your role (Meridian Viewer) may view this organization’s webhooks but not add, change, test or delete them.',
    );
    expect(within(section).queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Delivery log']);
    await userEvent.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const table = await within(card).findByRole('table', { name: `Deliveries to ${URL_A}` }, WAIT);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('User created');
  });

  it('puts no read-only banner above an Org Admin’s endpoints, which they manage', async () => {
    renderWithGateway(PATH, orgAdmin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => []),
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' }, WAIT);
    expect(await within(section).findByRole('button', { name: 'Add endpoint' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('groups the events to choose by area, each area chosen at once', async () => {
    const { gateway } = renderWithGateway(PATH, admin, {
      OrganizationUpdate: () => ({ organization: organizationRecord() }),
      OrganizationWebhooks: webhooks(() => []),
      CreateWebhook: () => ({
        createWebhook: {
          __typename: 'WebhookSecretPayload',
          webhook: { __typename: 'Webhook', id: 'wh_new', url: URL_A },
          secret: SECRET,
          inputErrors: [],
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' }, WAIT);
    await userEvent.click(await within(section).findByRole('button', { name: 'Add endpoint' }, WAIT));
    const form = await screen.findByRole('dialog', { name: 'New webhook for Acme Health' }, WAIT);
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), URL_A);
    await userEvent.click(within(form).getByRole('radio', { name: 'Chosen events' }));
    const picker = within(form).getByRole('group', { name: 'The events to send' });
    const areas = within(picker)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-label'));
    expect(areas.slice(0, 4)).toEqual(['Organizations', 'Licenses', 'Users', 'Invitations']);
    expect(areas).toContain('Sign-in');
    expect(areas).toContain('Webhooks');
    const signIn = within(picker).getByRole('group', { name: 'Sign-in' });
    expect(
      within(signIn)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent),
    ).toEqual(['Every Sign-in event', 'Signed in', 'Sign-in failed', 'Sign-in locked']);
    // One of a group ticks its box half; the group's box then takes all of them.
    await userEvent.click(within(signIn).getByRole('checkbox', { name: 'Sign-in failed' }));
    const area = within(signIn).getByRole<HTMLInputElement>('checkbox', { name: 'Every Sign-in event' });
    expect(area.indeterminate).toBe(true);
    await userEvent.click(area);
    expect(area.checked).toBe(true);
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(gateway.count('CreateWebhook')).toBe(1), WAIT);
    expect(sentVariables(gateway, 'CreateWebhook')).toEqual([
      { input: { organizationId: 'acme', url: URL_A, events: ['sign-in', 'sign-in.failed', 'sign-in.locked'] } },
    ]);
  });
});
