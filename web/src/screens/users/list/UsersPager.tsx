import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { ChevronBackwardIcon, ChevronForwardIcon, ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { pageCount, rangeText } from './users-list-state.js';

export interface UsersPagerProps {
  /** The page shown (0 = the first). */
  page: number;
  /** Users on this page. */
  rows: number;
  /** Users matching, across every page. */
  total: number;
  onPage: (page: number) => void;
  /** While a page loads, moving on waits. */
  disabled?: boolean;
}

/** Where the page stands in the list and the moves to the first, previous, next and last page. */
export function UsersPager({ page, rows, total, onPage, disabled = false }: UsersPagerProps) {
  const pages = pageCount(total);
  const last = pages - 1;
  return (
    <nav className="meridian-users-pager" aria-label="Pages">
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {rangeText(page, rows, total)}
      </span>
      <ButtonGroup>
        <Button
          icon={<ChevronBackwardIcon />}
          aria-label="First page"
          disabled={disabled || page === 0}
          onClick={() => onPage(0)}
        />
        <Button
          icon={<ChevronLeftIcon />}
          aria-label="Previous page"
          disabled={disabled || page === 0}
          onClick={() => onPage(Math.min(page - 1, last))}
        />
        <span className="meridian-users-page-number">
          Page {(page + 1).toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
        </span>
        <Button
          icon={<ChevronRightIcon />}
          aria-label="Next page"
          disabled={disabled || page >= last}
          onClick={() => onPage(page + 1)}
        />
        <Button
          icon={<ChevronForwardIcon />}
          aria-label="Last page"
          disabled={disabled || page >= last}
          onClick={() => onPage(last)}
        />
      </ButtonGroup>
    </nav>
  );
}
