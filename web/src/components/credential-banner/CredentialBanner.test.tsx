import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CredentialBanner } from './CredentialBanner.js';
import { credentialBannerState, latestActiveEntry, type DataAccessEntry } from './credential-banner-state.js';

const entry = (id: string, daysToExpire: number, generatedAt: string, active = true): DataAccessEntry => ({
  id,
  active,
  generatedAt,
  daysToExpire,
});

const user = (dataAccessInfo: DataAccessEntry[]) => ({
  email: 'user@acme.test',
  organizationId: 'acme',
  dataAccessInfo,
});

function renderBanner(entries: DataAccessEntry[], now: () => Date = () => new Date(2026, 10, 21, 9, 0)) {
  return render(
    <MemoryRouter>
      <CredentialBanner user={user(entries)} now={now} />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('credential banner rules', () => {
  it('reads the active entry generated last, ignoring disabled ones', () => {
    const entries = [
      entry('old', 1, '2026-08-01T00:00:00Z'),
      entry('newest-disabled', 80, '2026-11-20T00:00:00Z', false),
      entry('latest-active', 60, '2026-09-22T00:00:00Z'),
    ];
    expect(latestActiveEntry(entries)?.id).toBe('latest-active');
    // The older active credential expiring tomorrow does not raise the banner: the latest one is fine.
    expect(credentialBannerState(entries, false)).toBeNull();
    expect(latestActiveEntry([entry('x', 1, '2026-08-01T00:00:00Z', false)])).toBeNull();
  });

  it('stays hidden above 7 days, warns from 7, turns red at 3, says expired at 0 and below', () => {
    const at = (days: number) => credentialBannerState([entry('c', days, '2026-08-01T00:00:00Z')], false);
    expect(at(8)).toBeNull();
    expect(at(7)).toEqual({
      intent: 'warning',
      text: 'Your Data Access Credential will expire in 7 days.',
      daysToExpire: 7,
    });
    expect(at(4)?.intent).toBe('warning');
    expect(at(3)).toEqual({
      intent: 'danger',
      text: 'Your Data Access Credential will expire in 3 days.',
      daysToExpire: 3,
    });
    expect(at(1)?.text).toBe('Your Data Access Credential will expire in 1 day.');
    expect(at(0)).toEqual({ intent: 'danger', text: 'Your Data Access Credential has expired!', daysToExpire: 0 });
    expect(at(-5)?.text).toBe('Your Data Access Credential has expired!');
  });

  it('stays hidden when dismissed today', () => {
    expect(credentialBannerState([entry('c', 2, '2026-08-01T00:00:00Z')], true)).toBeNull();
  });
});

describe('<CredentialBanner>', () => {
  it('shows a red alert with a link to the user’s credentials page', () => {
    renderBanner([entry('c', 2, '2026-08-01T00:00:00Z')]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your Data Access Credential will expire in 2 days.');
    expect(alert.className).toContain('bp6-intent-danger');
    const link = screen.getByRole('link', { name: 'Get New Credential' });
    expect(link.getAttribute('href')).toBe('/admin/org-management/acme/users/user%40acme.test/profile/credentials');
  });

  it('shows a warning between 4 and 7 days, and nothing for a fresh credential', () => {
    const { unmount } = renderBanner([entry('c', 6, '2026-08-01T00:00:00Z')]);
    expect(screen.getByRole('status').className).toContain('bp6-intent-warning');
    unmount();
    renderBanner([entry('c', 30, '2026-08-01T00:00:00Z')]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/Data Access Credential/)).toBeNull();
  });

  it('hides for the rest of the local day once dismissed, and returns the next day', async () => {
    const entries = [entry('c', 0, '2026-08-01T00:00:00Z')];
    const { unmount } = renderBanner(entries, () => new Date(2026, 10, 21, 9, 0));
    await userEvent.click(screen.getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    const lateSameDay = renderBanner(entries, () => new Date(2026, 10, 21, 23, 59));
    expect(screen.queryByRole('alert')).toBeNull();
    lateSameDay.unmount();

    renderBanner(entries, () => new Date(2026, 10, 22, 0, 1));
    expect(screen.getByRole('alert').textContent).toContain('Your Data Access Credential has expired!');
  });
});
