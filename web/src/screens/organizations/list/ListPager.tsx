import { Button, ButtonGroup } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';

export interface ListPagerProps {
  /** 0-based. */
  page: number;
  pageCount: number;
  total: number;
  /** What is counted ("organizations"). */
  noun: string;
  onPage: (page: number) => void;
}

/** Previous / next paging with where the user is: "Page 2 of 4 · 66 organizations". */
export function ListPager({ page, pageCount, total, noun, onPage }: ListPagerProps) {
  return (
    <nav className="meridian-list-pager" aria-label="Pages">
      <span aria-live="polite">
        Page {page + 1} of {pageCount} · {total.toLocaleString('en-US')} {noun}
      </span>
      <ButtonGroup>
        <Button icon={<ChevronLeftIcon />} disabled={page <= 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button endIcon={<ChevronRightIcon />} disabled={page + 1 >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </ButtonGroup>
    </nav>
  );
}
