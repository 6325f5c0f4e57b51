import { Button, Callout, HTMLTable, Intent, SegmentedControl, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon, DownloadIcon, UndoIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { LinkButton } from '../../../components/LinkButton.js';
import { countOf } from '../format.js';
import type { EditMode, KindInfo } from '../kinds.js';
import { Pager } from '../../../components/Pager.js';
import type { BatchCounts } from '../mutations/batch-outcome.js';
import { isFailedResult, resultsCsv, STATUS_LABELS, type ResultFilter, type ResultRow } from './bulk-rows.js';
import { REVIEW_PAGE_SIZE } from './ReviewTable.js';
import { formatCount } from '../../../lib/numbers.js';

export interface ResultsStepProps {
  kind: KindInfo;
  mode: EditMode;
  results: readonly ResultRow[];
  counts: BatchCounts;
  /** The list of this kind, to go back to. */
  listPath: string;
  onStartOver: () => void;
}

const STATUS_INTENTS: Record<ResultRow['status'], Intent> = {
  CREATED: Intent.SUCCESS,
  UPDATED: Intent.SUCCESS,
  UNCHANGED: Intent.NONE,
  REMOVED: Intent.SUCCESS,
  NOT_FOUND: Intent.WARNING,
  ERROR: Intent.DANGER,
  NOT_SENT: Intent.DANGER,
};

function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Each row's result after the request: what the gateway answered, or why it was held back. */
export function ResultsStep({ kind, mode, results, counts, listPath, onStartOver }: ResultsStepProps) {
  const [filter, setFilter] = useState<ResultFilter>('all');
  const [page, setPage] = useState(0);
  const failed = results.filter(isFailedResult);
  const shown = filter === 'all' ? results : results.filter((row) => isFailedResult(row) === (filter === 'failed'));
  const pageRows = shown.slice(page * REVIEW_PAGE_SIZE, (page + 1) * REVIEW_PAGE_SIZE);
  const notSent = results.filter((row) => row.status === 'NOT_SENT').length;
  const tally: [string, number][] = [
    ['Created', counts.created],
    ['Updated', counts.updated],
    ['Unchanged', counts.unchanged],
    ['Removed', counts.removed],
    ['Not found', counts.notFound],
    ['Failed', counts.errors],
    ['Not sent', notSent],
  ];

  return (
    <>
      <Callout intent={failed.length > 0 ? Intent.WARNING : Intent.SUCCESS} title="Results">
        <p>
          {countOf(results.length, 'row', 'rows')}: {countOf(results.length - failed.length, 'row', 'rows')} done,{' '}
          {countOf(failed.length, 'row', 'rows')} not.
        </p>
        <div className="meridian-bulk-summary" aria-label="Result counts">
          {tally
            .filter(([, n]) => n > 0)
            .map(([label, n]) => (
              <Tag key={label} minimal>
                {label}: {formatCount(n)}
              </Tag>
            ))}
        </div>
      </Callout>
      <div className="meridian-bulk-toolbar">
        <div className="meridian-bulk-input-actions">
          <LinkButton to={listPath} icon={<ArrowLeftIcon />}>
            {`Back to ${kind.plural}`}
          </LinkButton>
          <Button icon={<UndoIcon />} text="Start over with another CSV" onClick={onStartOver} />
        </div>
        <Button
          icon={<DownloadIcon />}
          text="Download results (CSV)"
          onClick={() =>
            downloadCsv(resultsCsv(results, mode === 'update'), `${kind.plural.toLowerCase()}-${mode}-results.csv`)
          }
        />
      </div>
      <section aria-label="Row results">
        <SegmentedControl
          aria-label="Show results"
          value={filter}
          onValueChange={(value) => {
            setFilter(value as ResultFilter);
            setPage(0);
          }}
          options={[
            { value: 'all', label: `All (${formatCount(results.length)})` },
            { value: 'failed', label: `Not done (${formatCount(failed.length)})` },
            { value: 'done', label: `Done (${formatCount(results.length - failed.length)})` },
          ]}
        />
        <HTMLTable className="meridian-bulk-table" compact striped>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">NPI</th>
              <th scope="col">Provider</th>
              {mode === 'update' && <th scope="col">{kind.valueLabel}</th>}
              <th scope="col">Result</th>
              <th scope="col" className="meridian-bulk-check">
                Message
              </th>
            </tr>
          </thead>
          <tbody>
            {pageRows.map((row) => (
              <tr key={row.id}>
                <td>{row.line}</td>
                <td className="meridian-npi">{row.npi}</td>
                <td>{row.providerName ?? '—'}</td>
                {mode === 'update' && <td>{row.value}</td>}
                <td>
                  <Tag minimal intent={STATUS_INTENTS[row.status]}>
                    {STATUS_LABELS[row.status]}
                  </Tag>
                </td>
                <td>{row.message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {shown.length > 0 && (
          <Pager
            page={page}
            pageSize={REVIEW_PAGE_SIZE}
            rows={pageRows.length}
            total={shown.length}
            noun={shown.length === 1 ? 'row' : 'rows'}
            onPage={setPage}
          />
        )}
      </section>
    </>
  );
}
