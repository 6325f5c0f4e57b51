import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BI_PORTAL_NOT_SET_UP_MESSAGE, biPortalButtonState, NO_BI_LICENSE_MESSAGE } from '../../lib/bi-portal.js';
import { BiPortalCard } from './BiPortalCard.js';

afterEach(cleanup);

const launch = () => screen.getByRole('button', { name: 'Launch My Portal' });

describe('BI Portal button states (spec section 4)', () => {
  it('loads while the user loads: spinner, label hidden, not clickable', () => {
    expect(biPortalButtonState(null, true)).toEqual({ kind: 'loading' });
    render(<BiPortalCard button={biPortalButtonState(null, true)} />);
    const button = launch();
    expect(button.className).toContain('bp6-loading');
    expect(button.querySelector('.bp6-spinner')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('is disabled with its message when the user has no recognised Tableau license', () => {
    for (const tableauLicense of [null, 'unknown-level']) {
      expect(biPortalButtonState({ tableauLicense, biPortalUrl: 'https://bi.acme.test/' }, false)).toEqual({
        kind: 'disabled',
        reason: 'You do not have a BI Portal license assigned.',
      });
    }
    render(<BiPortalCard button={biPortalButtonState({ tableauLicense: null, biPortalUrl: null }, false)} />);
    expect((launch() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(NO_BI_LICENSE_MESSAGE)).toBeTruthy();
    expect(launch().getAttribute('aria-describedby')).toBe(screen.getByText(NO_BI_LICENSE_MESSAGE).id);
  });

  it('is disabled with its message when the organization has no portal URL', () => {
    const state = biPortalButtonState({ tableauLicense: 'explorer', biPortalUrl: null }, false);
    expect(state).toEqual({ kind: 'disabled', reason: 'The BI Portal is not set up for your organization.' });
    render(<BiPortalCard button={state} />);
    expect((launch() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(BI_PORTAL_NOT_SET_UP_MESSAGE)).toBeTruthy();
  });

  it('links to the portal in a new tab otherwise', () => {
    for (const tableauLicense of ['viewer', 'explorer', 'creator']) {
      expect(biPortalButtonState({ tableauLicense, biPortalUrl: 'https://bi.acme.test/' }, false)).toEqual({
        kind: 'link',
        href: 'https://bi.acme.test/',
      });
    }
    render(<BiPortalCard button={{ kind: 'link', href: 'https://bi.acme.test/' }} />);
    const link = screen.getByRole('button', { name: 'Launch My Portal' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('https://bi.acme.test/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText(NO_BI_LICENSE_MESSAGE)).toBeNull();
  });
});
