import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangesDiff } from './ChangesDiff.js';

afterEach(cleanup);

describe('<ChangesDiff>', () => {
  it('shows field, before and after; removed struck through and added underlined, each said in words', () => {
    render(
      <ChangesDiff
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
    expect(within(active!).getByRole('rowheader').textContent).toBe('active');
    expect(active!.querySelector('del')?.textContent).toBe('− removed: true');
    expect(active!.querySelector('ins')?.textContent).toBe('+ added: false');
    // No value before: "none", neither struck nor coloured.
    expect(
      within(alternate!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['none', '+ added: pat@home.test']);
    expect(alternate!.querySelector('del')).toBeNull();
  });

  it('shows nothing for an event that changed no field', () => {
    const { container } = render(<ChangesDiff changes={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
