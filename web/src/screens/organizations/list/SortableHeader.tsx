import { Button } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';
import type { ListSort, SortKey } from './list-params.js';

export interface SortableHeaderProps {
  label: string;
  sortKey: SortKey;
  sort: ListSort;
  onSort: (key: SortKey) => void;
}

/** A column header that sorts the list by its column; aria-sort says how the list is sorted now. */
export function SortableHeader({ label, sortKey, sort, onSort }: SortableHeaderProps) {
  const active = sort.key === sortKey;
  const direction = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  const icon = !active ? <DoubleCaretVerticalIcon /> : sort.descending ? <ChevronDownIcon /> : <ChevronUpIcon />;
  return (
    <th scope="col" aria-sort={direction}>
      <Button
        variant="minimal"
        size="small"
        endIcon={icon}
        onClick={() => onSort(sortKey)}
        aria-label={`Sort by ${label}${active ? (sort.descending ? ', descending' : ', ascending') : ''}`}
      >
        {label}
      </Button>
    </th>
  );
}
