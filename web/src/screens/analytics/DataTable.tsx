import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Column } from '../../lib/table-columns.js';
import '../../components/fit-table.css';

export interface DataTableProps<Row> {
  /** Names the table for assistive technology (the section's title). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** A stable key per row. */
  rowKey: (row: Row) => string;
}

/**
 * The text alternative of a chart: every figure it draws, exactly. The first column names the row
 * (a row header); long tables scroll inside their region, which the keyboard can reach. The table is
 * as wide as its region: columns of long text share the room the others leave and cut their text.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  const fills = columns.filter((column) => column.fill).length;
  const cell = (column: Column<Row>, row: Row): ReactNode => {
    const shown = column.render?.(row) ?? String(column.value(row) ?? '');
    if (!column.fill) return shown;
    return (
      <span className="meridian-cell-truncate" title={String(column.value(row) ?? '')}>
        {shown}
      </span>
    );
  };
  const classes = (column: Column<Row>) =>
    [column.numeric && 'meridian-analytics-numeric', column.fill && 'meridian-col-fill'].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="meridian-analytics-table" role="region" aria-label={`${caption} (table)`} tabIndex={0}>
      <HTMLTable compact striped className="meridian-fit-table">
        <caption className="meridian-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={classes(column)}
                style={column.fill ? { width: `${100 / fills}%` } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row" className={classes(column)}>
                    {cell(column, row)}
                  </th>
                ) : (
                  <td key={column.header} className={classes(column)}>
                    {cell(column, row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
