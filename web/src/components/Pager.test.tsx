import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager, positionText, rangeText } from './Pager.js';

afterEach(cleanup);

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('Pager', () => {
  it('says which rows are shown and where the page stands in the list', () => {
    expect(rangeText(1, 50, 50, 100_000)).toBe('Showing 51–100 of 100,000');
    expect(rangeText(0, 50, 0, 0)).toBe('Showing 0 of 0');
    expect(positionText(1, 4, 66, 'organizations')).toBe('Page 2 of 4 · 66 organizations');
  });

  it('moves to the first, previous, next and last page, and not past either end', () => {
    const onPage = vi.fn();
    const view = render(<Pager page={1} pageSize={20} rows={20} total={66} noun="organizations" onPage={onPage} />);
    expect(screen.getByText('Showing 21–40 of 66')).toBeTruthy();
    expect(screen.getByText('Page 2 of 4 · 66 organizations')).toBeTruthy();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) fireEvent.click(button(name));
    expect(onPage.mock.calls).toEqual([[0], [0], [2], [3]]);

    view.rerender(<Pager page={3} pageSize={20} rows={6} total={66} noun="organizations" onPage={onPage} />);
    expect(screen.getByText('Showing 61–66 of 66')).toBeTruthy();
    expect(button('Next page').disabled).toBe(true);
    expect(button('Last page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(false);
  });

  it('reads "Page 1 of 1" for an empty list, and waits while a page loads', () => {
    render(<Pager page={0} pageSize={50} rows={0} total={0} noun="users" onPage={() => undefined} disabled />);
    expect(screen.getByText('Page 1 of 1 · 0 users')).toBeTruthy();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      expect(button(name).disabled).toBe(true);
  });
});
