import { Button } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';

/** How a list is sorted: a column key and a direction. */
export interface ColumnSort<K extends string> {
  key: K;
  descending: boolean;
}

export interface SortableHeaderProps<K extends string> {
  label: string;
  sortKey: K;
  sort: ColumnSort<K>;
  onSort: (key: K) => void;
  /** Extra class of the cell (column widths). */
  className?: string;
  /** A second key the same column sorts by (an organization's id, shown under its name). */
  also?: { label: string; sortKey: K };
}

/** A column header that sorts the list by its column; aria-sort says how the list is sorted now. */
export function SortableHeader<K extends string>({
  label,
  sortKey,
  sort,
  onSort,
  className,
  also,
}: SortableHeaderProps<K>) {
  const sortedHere = sort.key === sortKey || sort.key === also?.sortKey;
  const direction = sortedHere ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <SortButton label={label} sortKey={sortKey} sort={sort} onSort={onSort} />
      {also && <SortButton label={also.label} sortKey={also.sortKey} sort={sort} onSort={onSort} />}
    </th>
  );
}

function SortButton<K extends string>({ label, sortKey, sort, onSort }: Omit<SortableHeaderProps<K>, 'also'>) {
  const active = sort.key === sortKey;
  const icon = !active ? <DoubleCaretVerticalIcon /> : sort.descending ? <ChevronDownIcon /> : <ChevronUpIcon />;
  return (
    <Button
      variant="minimal"
      size="small"
      endIcon={icon}
      onClick={() => onSort(sortKey)}
      aria-label={`Sort by ${label}${active ? (sort.descending ? ', descending' : ', ascending') : ''}`}
    >
      {label}
    </Button>
  );
}

/** Clicking a column: a new column sorts ascending; the current one flips. */
export function nextColumnSort<K extends string>(current: ColumnSort<K>, key: K): ColumnSort<K> {
  return current.key === key ? { key, descending: !current.descending } : { key, descending: false };
}
