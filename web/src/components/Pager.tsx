import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { ChevronBackwardIcon, ChevronForwardIcon, ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { formatCount } from '../lib/numbers.js';
import './pager.css';

export interface PagerProps {
  /** The page shown (0 = the first). */
  page: number;
  /** Rows a full page holds. */
  pageSize: number;
  /** Rows on this page (the last page may hold fewer). */
  rows: number;
  /** Rows matching, across every page. */
  total: number;
  /** What the rows are, as counted: "organizations" (or "organization" for one). */
  noun: string;
  onPage: (page: number) => void;
  /** While a page loads, moving on waits. */
  disabled?: boolean;
}

/** How many pages `total` rows fill (at least one, so "Page 1 of 1" reads right when empty). */
export const pagesOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 51–100 of 1,234": which rows of the whole list this page shows. */
export function rangeText(page: number, pageSize: number, rows: number, total: number): string {
  if (rows === 0) return `Showing 0 of ${formatCount(total)}`;
  const first = page * pageSize + 1;
  return `Showing ${formatCount(first)}–${formatCount(first + rows - 1)} of ${formatCount(total)}`;
}

/** "Page 2 of 25 · 1,234 organizations": where the page stands and what the list holds. */
export function positionText(page: number, pages: number, total: number, noun: string): string {
  return `Page ${formatCount(page + 1)} of ${formatCount(pages)} · ${formatCount(total)} ${noun}`;
}

/** Every paged list's pager: which rows are shown, and moves to the first, previous, next and last page. */
export function Pager({ page, pageSize, rows, total, noun, onPage, disabled = false }: PagerProps) {
  const last = pagesOf(total, pageSize) - 1;
  return (
    <nav className="meridian-pager" aria-label="Pages">
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {rangeText(page, pageSize, rows, total)}
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
        <span className="meridian-pager-position">{positionText(page, last + 1, total, noun)}</span>
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
