import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangesDiff } from './ChangesDiff.js';

afterEach(cleanup);

describe('<ChangesDiff>', () => {
  it('shows field, before and after; removed struck through and added underlined, each said in words', () => {
    render(
      <ChangesDiff
        productName="Meridian"
        changes={[
          { field: 'active', before: 'true', after: 'false' },
          { field: 'alternateEmail', before: null, after: 'pat@home.test' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Changes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    const [active, alternate] = within(table).getAllByRole('row').slice(1);
    expect(within(active!).getByRole('rowheader').textContent).toBe('Active');
    expect(active!.querySelector('del')?.textContent).toBe('− removed: Active');
    expect(active!.querySelector('ins')?.textContent).toBe('+ added: Inactive');
    // No value before: "none", neither struck nor coloured.
    expect(
      within(alternate!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['none', '+ added: pat@home.test']);
    expect(alternate!.querySelector('del')).toBeNull();
  });

  it('names fields and roles in words, never as recorded (direct_data_access_enabled, orgUser)', () => {
    render(
      <ChangesDiff
        productName="Meridian"
        changes={[
          { field: 'direct_data_access_enabled', before: 'false', after: 'true' },
          { field: 'role', before: 'orgUser', after: 'orgAdmin' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Changes' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Direct data access− removed: Off+ added: On',
      'Role− removed: Org User+ added: Org Admin',
    ]);
    expect(within(rows[0]!).getByRole('rowheader').getAttribute('title')).toBe('direct_data_access_enabled');
    expect(document.body.textContent).not.toMatch(/orgUser|orgAdmin/);
  });

  it('shows nothing for an event that changed no field', () => {
    const { container } = render(<ChangesDiff changes={[]} productName="Meridian" />);
    expect(container.innerHTML).toBe('');
  });
});
