import { Button, Card, H2, NonIdealState } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { useId, type ReactNode } from 'react';
import { toCsv } from '../../lib/table-csv.js';
import { csvFileName } from './export-file-name.js';
import { DataTable } from './DataTable.js';
import { downloadCsv } from '../../lib/download.js';
import type { Column } from '../../lib/table-columns.js';

export interface AnalyticsSectionProps<Row> {
  /** A slug naming the section's export file (analytics-<slug>-<date>.csv). */
  slug: string;
  /** The heading, the table's caption and the chart's name. */
  title: string;
  /** What the figures are, in a sentence or two (the chart's description too). */
  description: ReactNode;
  /** The chart, where a picture reads better than numbers; the table below is its text alternative. */
  chart?: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** When the figures were counted: dates the export file. */
  generatedAt: string;
  /** Shown instead of chart and table when there are no rows. */
  emptyText: string;
}

/**
 * One block of the analytics page: heading, chart, the table of the same figures, and a CSV export of
 * that table made in the browser from the data already loaded (no request).
 */
export function AnalyticsSection<Row>(props: AnalyticsSectionProps<Row>) {
  const { slug, title, description, chart, columns, rows, rowKey, generatedAt, emptyText } = props;
  const headingId = useId();
  const exportCsv = () => downloadCsv(csvFileName(slug, generatedAt), toCsv(columns, rows));
  const empty = rows.length === 0;
  return (
    <section aria-labelledby={headingId} className="meridian-analytics-section">
      <Card>
        <div className="meridian-analytics-section-header">
          <H2 id={headingId}>{title}</H2>
          <Button
            icon={<DownloadIcon />}
            text="Export CSV"
            aria-label={`Export CSV of ${title}`}
            disabled={empty}
            onClick={exportCsv}
          />
        </div>
        <p className="meridian-analytics-description">{description}</p>
        {empty ? (
          <NonIdealState title={emptyText} layout="horizontal" />
        ) : (
          <>
            {chart && (
              <figure className="meridian-analytics-chart" aria-label={`${title} (chart)`}>
                {chart}
              </figure>
            )}
            <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} />
          </>
        )}
      </Card>
    </section>
  );
}
