import { Button, ButtonGroup } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';

export interface ListPagerProps {
  /** 0-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the list holds, for the range text: 'aliases'. */
  noun: string;
}

/** "1–50 of 1,234 aliases" with previous and next page buttons. */
export function ListPager({ page, pageSize, total, onPage, noun }: ListPagerProps) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const number = (n: number) => n.toLocaleString('en-US');
  return (
    <div className="meridian-list-pager" role="group" aria-label="Pages">
      <span aria-live="polite">
        {number(first)}–{number(last)} of {number(total)} {noun}
      </span>
      <ButtonGroup>
        <Button
          icon={<ChevronLeftIcon />}
          aria-label="Previous page"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        />
        <span className="meridian-list-pager-page">
          Page {number(page + 1)} of {number(pages)}
        </span>
        <Button
          icon={<ChevronRightIcon />}
          aria-label="Next page"
          disabled={page + 1 >= pages}
          onClick={() => onPage(page + 1)}
        />
      </ButtonGroup>
    </div>
  );
}
