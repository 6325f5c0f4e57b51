import type { ReactNode } from 'react';

/** A cell's plain value: what the CSV holds and, unless a column renders it otherwise, what the table shows. */
export type CellValue = string | number | boolean | null;

/**
 * One column of a section's table. The table and its CSV export read the same columns, so what is
 * downloaded is exactly what is shown (rendering aside: a progress bar, a formatted number).
 */
export interface Column<Row> {
  /** Header text of the table and of the CSV. */
  header: string;
  /** The cell's value, as exported. */
  value: (row: Row) => CellValue;
  /** What the table shows instead of the plain value (the CSV keeps the value). */
  render?: (row: Row) => ReactNode;
  /** Numbers are right-aligned. */
  numeric?: boolean;
  /**
   * Long text (a name, an email, an id): the column takes a share of the table's width and cuts its
   * text with an ellipsis, the whole value in its title (components/fit-table.css); the other columns
   * keep their values on one line.
   */
  fill?: boolean;
}
