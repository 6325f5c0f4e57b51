import { HTMLTable, SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';
import type { CheckedRow, RowCounts } from '../csv/check-rows.js';
import type { EditMode, KindInfo } from '../kinds.js';
import { Pager } from '../../../components/Pager.js';
import { filterRows, type RowFilter } from './bulk-rows.js';
import { ReviewRow } from './ReviewRow.js';
import { formatCount } from '../../../lib/numbers.js';

/** Rows shown at once: a page of the review keeps a 5,000-row file as quick to draw as a short one. */
export const REVIEW_PAGE_SIZE = 50;

export interface ReviewTableProps {
  rows: readonly CheckedRow[];
  counts: RowCounts;
  kind: KindInfo;
  mode: EditMode;
  onEdit: (id: number, cells: { npi: string; value: string }) => void;
  onDrop: (id: number) => void;
}

const count = (n: number) => formatCount(n);

/** Every checked row, a page at a time, filtered to all, those with problems, or those ready. */
export function ReviewTable({ rows, counts, kind, mode, onEdit, onDrop }: ReviewTableProps) {
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(0);
  const shown = filterRows(rows, filter);
  // Dropping or fixing rows can shorten the filtered list below the page shown: stay on its last page.
  const lastPage = Math.max(0, Math.ceil(shown.length / REVIEW_PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  const pageRows = shown.slice(current * REVIEW_PAGE_SIZE, (current + 1) * REVIEW_PAGE_SIZE);

  return (
    <section aria-label="Checked rows" className="meridian-bulk-review">
      <SegmentedControl
        aria-label="Show rows"
        role="radiogroup"
        value={filter}
        onValueChange={(value) => {
          setFilter(value as RowFilter);
          setPage(0);
        }}
        options={[
          { value: 'all', label: `All (${count(counts.all)})` },
          { value: 'problem', label: `With problems (${count(counts.problem)})` },
          { value: 'ready', label: `Ready (${count(counts.ready)})` },
        ]}
      />
      <HTMLTable className="meridian-bulk-table" compact striped>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">NPI</th>
            <th scope="col">Provider</th>
            {mode === 'update' && <th scope="col">{kind.valueLabel}</th>}
            <th scope="col" className="meridian-bulk-check">
              Check
            </th>
            <th scope="col">
              <span className="meridian-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pageRows.map((row) => (
            <ReviewRow key={row.id} row={row} kind={kind} mode={mode} onEdit={onEdit} onDrop={onDrop} />
          ))}
        </tbody>
      </HTMLTable>
      {shown.length === 0 ? (
        <p>No rows to show here.</p>
      ) : (
        <Pager
          page={current}
          pageSize={REVIEW_PAGE_SIZE}
          rows={pageRows.length}
          total={shown.length}
          noun={shown.length === 1 ? 'row' : 'rows'}
          onPage={setPage}
        />
      )}
    </section>
  );
}
