import { HTMLTable } from '@blueprintjs/core';
import type { Column } from '../../lib/table-columns.js';

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
 * (a row header); long tables scroll inside their region, which the keyboard can reach.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  const cell = (column: Column<Row>, row: Row) => column.render?.(row) ?? String(column.value(row) ?? '');
  const align = (column: Column<Row>) => (column.numeric ? 'meridian-analytics-numeric' : undefined);
  return (
    <div className="meridian-analytics-table" role="region" aria-label={`${caption} (table)`} tabIndex={0}>
      <HTMLTable compact striped>
        <caption className="meridian-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={align(column)}>
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
                  <th key={column.header} scope="row" className={align(column)}>
                    {cell(column, row)}
                  </th>
                ) : (
                  <td key={column.header} className={align(column)}>
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
