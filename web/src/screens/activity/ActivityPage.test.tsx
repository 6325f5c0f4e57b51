import { MESSAGES } from '@meridian/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithGateway, sessionUserOf, WAIT } from '../../routes/test-support.js';
import { auditEventRecord, eventsAnswer } from '../../components/activity/test-support.js';

const downloads = vi.hoisted(() => [] as { fileName: string; text: string }[]);
vi.mock('../../lib/download.js', () => ({
  downloadCsv: (fileName: string, text: string) => downloads.push({ fileName, text }),
}));

const admin = sessionUserOf('systemAdmin', { email: 'admin@meridian.test', organizationId: 'meridian' });
const orgAdmin = sessionUserOf('orgAdmin', { organizationId: 'acme' });
const location = () => screen.getByTestId('location').textContent;
const sentFilters = (
  gateway: { sent: { operationName: string; variables: Record<string, unknown> }[] },
  name: string,
) => gateway.sent.filter((request) => request.operationName === name).map((request) => request.variables);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  downloads.length = 0;
});
afterEach(cleanup);

/** Opens an event's line to its details, as a person does: its sentence is the button. */
async function opened(name: string | RegExp) {
  const event = await screen.findByRole('article', { name }, WAIT);
  await userEvent.click(within(event).getByRole('button', { name }));
  return event;
}

/** Events e1…e{total}, newest first, `size` a page; cursors are the index to continue from. */
function pagedEvents(total: number) {
  return (variables: Record<string, unknown>) => {
    const start = variables.after ? Number(variables.after) : 0;
    const size = Number(variables.first);
    const nodes = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) =>
      auditEventRecord({ id: `e${start + i + 1}`, targetId: `user${start + i + 1}@acme.test` }),
    );
    return eventsAnswer(nodes, start + size < total ? String(start + size) : null);
  };
}

describe('the activity page', { timeout: 20_000 }, () => {
  it('shows each event as one line in words that opens to its facts and its before/after diff', async () => {
    renderWithGateway('/admin/activity', admin, { ActivityEvents: () => eventsAnswer([auditEventRecord()]) });
    const event = await screen.findByRole('article', { name: 'A. Operator deactivated j.doe@acme.test' }, WAIT);
    const toggle = within(event).getByRole('button', { name: 'A. Operator deactivated j.doe@acme.test' });
    // One line: the sentence and when; the facts wait for the click.
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(event).getByText(/2026/).tagName).toBe('TIME');
    expect(within(event).queryByText('req-123')).toBeNull();
    expect(within(event).queryByRole('table')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeTruthy();
    const facts = within(event);
    expect(facts.getByText('admin@meridian.test')).toBeTruthy();
    expect(facts.getByText('Meridian Admin')).toBeTruthy();
    expect(facts.getByText('req-123')).toBeTruthy();
    expect(facts.getByText('acme')).toBeTruthy();
    expect(facts.getByText(/User deactivated/)).toBeTruthy();
    const diff = facts.getByRole('table', { name: 'Changes' });
    expect(
      within(diff)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    const row = within(diff).getByRole('row', { name: /Active/ });
    expect(row.querySelector('del')?.textContent).toBe('− removed: Active');
    expect(row.querySelector('ins')?.textContent).toBe('+ added: Inactive');
    expect(screen.getByText('Showing 1 event.')).toBeTruthy();
    await userEvent.click(toggle);
    expect(within(event).queryByRole('table')).toBeNull();
  });

  it('names roles, fields and sign-in methods in words, never as recorded', async () => {
    const roleChange = auditEventRecord({
      id: 'r1',
      action: 'user.role-change',
      changes: [{ __typename: 'AuditChange', field: 'role', before: 'orgUser', after: 'orgAdmin' }],
    });
    const dataAccess = auditEventRecord({
      id: 'r2',
      action: 'user.update',
      changes: [{ __typename: 'AuditChange', field: 'direct_data_access_enabled', before: 'false', after: 'true' }],
    });
    const ssoSignIn = auditEventRecord({
      id: 'r3',
      actor: 'pat@acme.test',
      actorName: 'Pat Doe',
      actorRole: 'ORG_USER',
      actorOrganizationId: 'acme',
      action: 'sign-in',
      targetId: 'pat@acme.test',
      changes: [],
      details: [{ __typename: 'AuditDetail', name: 'methods', value: '["fed"]' }],
    });
    renderWithGateway('/admin/activity', admin, {
      ActivityEvents: () => eventsAnswer([roleChange, dataAccess, ssoSignIn]),
    });
    const role = await opened('A. Operator changed the role of j.doe@acme.test');
    expect(within(within(role).getByRole('table')).getByRole('row', { name: /Role/ }).textContent).toBe(
      'Role− removed: Org User+ added: Org Admin',
    );
    const access = await opened('A. Operator updated user j.doe@acme.test (direct data access)');
    expect(within(access).getByRole('rowheader').textContent).toBe('Direct data access');
    const signIn = await opened('Pat Doe signed in with single sign-on');
    expect(within(signIn).getByText('Signed in with')).toBeTruthy();
    expect(within(signIn).getByText('Single sign-on')).toBeTruthy();
    expect(within(signIn).getByText('Org User')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Events, newest first' });
    expect(list.textContent).not.toMatch(/orgUser|orgAdmin|ORG_USER|direct_data_access_enabled|\["fed"\]|methods/);
  });

  it('asks the gateway again when the same filters are applied, and on Refresh: a new event shows', async () => {
    let events = [auditEventRecord()];
    const failed = auditEventRecord({
      id: 'f1',
      actor: 'pat@acme.test',
      actorName: null,
      actorKind: 'ANONYMOUS',
      actorRole: null,
      actorOrganizationId: null,
      action: 'sign-in.failed',
      targetId: 'pat@acme.test',
      changes: [],
      details: [{ __typename: 'AuditDetail', name: 'reason', value: 'invalid-credentials' }],
    });
    const { gateway } = renderWithGateway('/admin/activity?actor=pat%40acme.test', admin, {
      ActivityEvents: () => eventsAnswer(events),
    });
    await screen.findByRole('article', { name: 'A. Operator deactivated j.doe@acme.test' }, WAIT);
    expect(gateway.count('ActivityEvents')).toBe(1);
    // A failed sign-in happens meanwhile; Apply filters, the filters unchanged, shows it.
    events = [failed, ...events];
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByRole('article', { name: 'A sign-in as pat@acme.test failed: wrong email or password' }, WAIT),
    ).toBeTruthy();
    expect(gateway.count('ActivityEvents')).toBe(2);
    expect(location()).toBe('/admin/activity?actor=pat%40acme.test');

    events = [auditEventRecord({ ...failed, id: 'f2', details: [] }), ...events];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-event')).toHaveLength(3), WAIT);
    expect(gateway.count('ActivityEvents')).toBe(3);
    expect(
      sentFilters(gateway, 'ActivityEvents').every((v) => JSON.stringify(v.filter) === '{"actor":"pat@acme.test"}'),
    ).toBe(true);
  });

  it('asks the gateway again for filters it answered a moment ago', async () => {
    const { gateway } = renderWithGateway('/admin/activity', admin, {
      ActivityEvents: () => eventsAnswer([auditEventRecord()]),
    });
    await screen.findByRole('article', undefined, WAIT);
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'User deactivated');
    await waitFor(() => expect(gateway.count('ActivityEvents')).toBe(2), WAIT);
    // Back to the unfiltered trail within seconds: the cache shows it at once, and the gateway is asked.
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Any action');
    await waitFor(() => expect(gateway.count('ActivityEvents')).toBe(3), WAIT);
  });

  it('opens and closes every event’s details at once', async () => {
    renderWithGateway('/admin/activity', admin, { ActivityEvents: pagedEvents(3) });
    await waitFor(() => expect(screen.getAllByTestId('activity-event')).toHaveLength(3), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Show all details' }));
    expect(screen.getAllByRole('table', { name: 'Changes' })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Hide all details' }));
    expect(screen.queryAllByRole('table', { name: 'Changes' })).toHaveLength(0);
  });

  it('leads from an event to its actor, organizations and target, as far as the reader may go', async () => {
    const credential = auditEventRecord({
      id: '2',
      action: 'credential.create',
      targetType: 'CREDENTIAL',
      targetId: 'cred-1',
      changes: [{ __typename: 'AuditChange', field: 'userEmail', before: null, after: 'pat@acme.test' }],
    });
    renderWithGateway('/admin/activity', admin, {
      ActivityEvents: () => eventsAnswer([auditEventRecord(), credential]),
    });
    const event = await opened('A. Operator deactivated j.doe@acme.test');
    const href = (name: string, within_ = event) => within(within_).getByRole('link', { name }).getAttribute('href');
    expect(href('admin@meridian.test')).toBe(
      '/admin/org-management/meridian/users/admin%40meridian.test/profile/general',
    );
    expect(href('meridian')).toBe('/admin/org-management/meridian/update');
    expect(href('acme')).toBe('/admin/org-management/acme/update');
    expect(href('j.doe@acme.test')).toBe('/admin/org-management/acme/users/j.doe%40acme.test/profile/general');
    const created = await opened(/created credential cred-1/);
    expect(href('cred-1', created)).toBe('/admin/org-management/acme/users/pat%40acme.test/profile/credentials');
  });

  it('shows an Org Admin other organizations’ names as text, not links they cannot open', async () => {
    renderWithGateway('/admin/activity', orgAdmin, { ActivityEvents: () => eventsAnswer([auditEventRecord()]) });
    const event = await opened('A. Operator deactivated j.doe@acme.test');
    expect(within(event).queryByRole('link', { name: 'meridian' })).toBeNull();
    expect(within(event).getByRole('link', { name: 'acme' }).getAttribute('href')).toBe(
      '/admin/org-management/acme/update',
    );
  });

  it('loads 50 events, then 50 more after the last one’s cursor', async () => {
    const { gateway } = renderWithGateway('/admin/activity', admin, { ActivityEvents: pagedEvents(70) });
    await screen.findByText('Showing the 50 newest events.', undefined, WAIT);
    expect(screen.getAllByTestId('activity-event')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing all 70 events.', undefined, WAIT);
    expect(screen.getAllByTestId('activity-event')).toHaveLength(70);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(sentFilters(gateway, 'ActivityEvents').map((v) => v.after)).toEqual([null, '50']);
  });

  it('keeps the filters in the URL: a link opens filtered, each choice writes the URL', async () => {
    const { gateway } = renderWithGateway('/admin/activity?actor=admin%40meridian.test', admin, {
      ActivityEvents: () => eventsAnswer([auditEventRecord()]),
    });
    await screen.findByRole('article', undefined, WAIT);
    expect(screen.getByLabelText<HTMLInputElement>('Actor').value).toBe('admin@meridian.test');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'User deactivated');
    await waitFor(() => expect(location()).toBe('/admin/activity?actor=admin%40meridian.test&action=user.deactivate'));
    await userEvent.type(screen.getByLabelText('Target'), 'j.doe@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(location()).toBe(
        '/admin/activity?actor=admin%40meridian.test&action=user.deactivate&targetId=j.doe%40acme.test',
      ),
    );
    await waitFor(() => expect(gateway.count('ActivityEvents')).toBe(3), WAIT);
    expect(sentFilters(gateway, 'ActivityEvents').at(-1)?.filter).toEqual({
      actor: 'admin@meridian.test',
      action: 'user.deactivate',
      targetId: 'j.doe@acme.test',
    });
  });

  it('says when nothing matches, and clears the filters', async () => {
    renderWithGateway('/admin/activity?action=sign-in.locked', admin, { ActivityEvents: () => eventsAnswer([]) });
    await screen.findByText('No activity matches these filters', undefined, WAIT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(location()).toBe('/admin/activity'));
  });

  it('says in words why the events could not be loaded', async () => {
    renderWithGateway('/admin/activity', admin, {
      ActivityEvents: () => ({ body: { errors: [{ message: 'The platform is unavailable.' }], data: null } }),
    });
    expect(await screen.findByText('The platform is unavailable.', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('The activity could not be loaded')).toBeTruthy();
  });

  it('exports every event the filters match, across all pages, as CSV', async () => {
    const { gateway } = renderWithGateway('/admin/activity?action=user.deactivate', admin, {
      ActivityEvents: pagedEvents(2300),
      ActivityExport: pagedEvents(2300),
    });
    await screen.findByText('Showing the 50 newest events.', undefined, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Exported 2,300 events.', undefined, WAIT);
    const exports = sentFilters(gateway, 'ActivityExport');
    expect(exports.map((v) => [v.after, v.first])).toEqual([
      [null, 1000],
      ['1000', 1000],
      ['2000', 1000],
    ]);
    expect(exports.every((v) => JSON.stringify(v.filter) === '{"action":"user.deactivate"}')).toBe(true);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.fileName).toMatch(/^activity-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = downloads[0]!.text.trim().split('\r\n');
    expect(lines).toHaveLength(2301);
    expect(lines[2300]).toContain('A. Operator deactivated user2300@acme.test');
  });

  it('holds an Org Admin to their organization: no organization filter, and another one refused', async () => {
    const { gateway } = renderWithGateway('/admin/activity', orgAdmin, {
      ActivityEvents: () => eventsAnswer([auditEventRecord()]),
    });
    await screen.findByRole('article', undefined, WAIT);
    expect(screen.queryByLabelText('Organization')).toBeNull();
    expect(sentFilters(gateway, 'ActivityEvents')[0]?.filter).toEqual({ organizationId: 'acme' });
    cleanup();
    const refused = renderWithGateway('/admin/activity?organizationId=globex', orgAdmin, {
      ActivityEvents: () => eventsAnswer([auditEventRecord()]),
    });
    expect(await screen.findByText(MESSAGES.permissionDenied, undefined, WAIT)).toBeTruthy();
    expect(refused.gateway.count('ActivityEvents')).toBe(0);
  });
});
