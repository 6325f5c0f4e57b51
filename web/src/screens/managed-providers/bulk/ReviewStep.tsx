import { Alert, Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { CloudUploadIcon, TrashIcon, UndoIcon } from '@blueprintjs/icons';
import { useEffect, useMemo, useState } from 'react';
import { useToasts } from '../../../components/toasts/useToasts.js';
import { checkRows, countRows, type CheckedRow } from '../csv/check-rows.js';
import type { DraftRow } from '../csv/csv-rows.js';
import { countOf } from '../format.js';
import type { EditMode, KindInfo } from '../kinds.js';
import type { BatchCounts } from '../mutations/batch-outcome.js';
import { useRemoveProviderLinks } from '../mutations/useRemoveProviderLinks.js';
import { useUpsertProviderLinks } from '../mutations/useUpsertProviderLinks.js';
import { dropRows, editRow, resultRows, type ResultRow } from './bulk-rows.js';
import { ReviewTable } from './ReviewTable.js';
import { useProviderDirectory } from './useProviderDirectory.js';
import { formatCount } from '../../../lib/numbers.js';

export interface ReviewStepProps {
  organizationId: string;
  kind: KindInfo;
  mode: EditMode;
  rows: readonly DraftRow[];
  onRowsChange: (rows: DraftRow[]) => void;
  /** Where the rows came from: the file's name, or 'the pasted text'. */
  source: string;
  /** performance.now() when the user handed the CSV over: the check's time runs from there. */
  startedAt: number;
  onSent: (results: ResultRow[], counts: BatchCounts) => void;
  onStartOver: () => void;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "977 aliases sent: 900 created, 70 updated, 7 unchanged." and whether any row failed. */
export function sentSummary(kind: KindInfo, sent: number, counts: BatchCounts): { text: string; failed: boolean } {
  const parts = [
    counts.created && `${formatCount(counts.created)} created`,
    counts.updated && `${formatCount(counts.updated)} updated`,
    counts.unchanged && `${formatCount(counts.unchanged)} unchanged`,
    counts.removed && `${formatCount(counts.removed)} removed`,
    counts.notFound && `${formatCount(counts.notFound)} not found`,
    counts.errors && `${formatCount(counts.errors)} failed`,
  ].filter(Boolean);
  const plural = kind.plural.toLowerCase();
  return {
    text: `${countOf(sent, kind.singular, plural)} sent: ${parts.join(', ') || 'nothing changed'}.`,
    failed: counts.errors > 0 || counts.notFound > 0,
  };
}

/**
 * The rows of a CSV, each checked before anything is sent (one batch lookup for their providers), to
 * be fixed or dropped; then the ready ones go in ONE request and the answer becomes each row's result.
 */
export function ReviewStep(props: ReviewStepProps) {
  const { organizationId, kind, mode, rows, onRowsChange, source, startedAt, onSent, onStartOver } = props;
  const toasts = useToasts();
  const directory = useProviderDirectory(rows);
  const checked = useMemo(() => checkRows(rows, kind, mode, directory.read), [rows, kind, mode, directory.read]);
  const counts = countRows(checked);
  const [checkedInMs, setCheckedInMs] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [upsert, upserting] = useUpsertProviderLinks();
  const [remove, removing] = useRemoveProviderLinks();
  const sending = upserting.loading || removing.loading;
  const plural = kind.plural.toLowerCase();

  // The first time every row has its verdict, once drawn: how long the whole check took.
  const allChecked = counts.checking === 0;
  useEffect(() => {
    if (!allChecked || checkedInMs !== null) return;
    const frame = requestAnimationFrame(() => setCheckedInMs(performance.now() - startedAt));
    return () => cancelAnimationFrame(frame);
  }, [allChecked, checkedInMs, startedAt]);

  const ready = checked.filter((row) => row.state === 'ready');
  const send = async () => {
    setConfirming(false);
    const held: CheckedRow[] = checked.filter((row) => row.state !== 'ready');
    const outcome =
      mode === 'update'
        ? await upsert(
            organizationId,
            kind,
            ready.map(({ npi, value }) => ({ npi, value })),
          )
        : await remove(
            organizationId,
            kind,
            ready.map(({ npi }) => npi),
          );
    if (!outcome.ok) {
      // The rows stay as they are: nothing the user fixed is lost.
      toasts.show({ type: 'error', message: outcome.message });
      return;
    }
    const summary = sentSummary(kind, ready.length, outcome.counts);
    toasts.show({ type: summary.failed ? 'error' : 'success', message: summary.text });
    onSent(resultRows(ready, outcome.results, held), outcome.counts);
  };

  const sendLabel =
    mode === 'update'
      ? `Send ${countOf(ready.length, 'row', 'rows')}`
      : `Remove ${countOf(ready.length, kind.singular, plural)}`;

  return (
    <>
      <Callout
        intent={counts.problem > 0 ? Intent.WARNING : allChecked ? Intent.SUCCESS : Intent.PRIMARY}
        title={allChecked ? 'Rows checked' : 'Checking rows…'}
        icon={allChecked ? undefined : <Spinner size={16} />}
      >
        <p role="status" aria-live="polite" data-testid="check-summary">
          {countOf(counts.all, 'row', 'rows')} from {source}
          {checkedInMs !== null && <> checked in {formatDuration(checkedInMs)}</>}: {formatCount(counts.ready)} ready,{' '}
          {formatCount(counts.problem)} with problems
          {counts.checking > 0 && <>, {formatCount(counts.checking)} being checked</>}.
        </p>
        {counts.problem > 0 && <p>Fix a row with its Edit button, or drop it. Rows with problems are not sent.</p>}
      </Callout>
      {directory.error && (
        <Callout intent={Intent.DANGER} title="The providers could not be looked up">
          <p>{directory.error}</p>
          <Button text="Check again" onClick={directory.retry} />
        </Callout>
      )}
      <div className="meridian-bulk-toolbar">
        <div className="meridian-bulk-input-actions">
          <Button icon={<UndoIcon />} text="Start over" onClick={onStartOver} disabled={sending} />
          <Button
            icon={<TrashIcon />}
            intent={Intent.DANGER}
            variant="outlined"
            text={`Drop ${countOf(counts.problem, 'row', 'rows')} with problems`}
            disabled={counts.problem === 0 || sending}
            onClick={() =>
              onRowsChange(
                dropRows(rows, new Set(checked.filter((row) => row.state === 'problem').map((row) => row.id))),
              )
            }
          />
        </div>
        <Button
          icon={mode === 'update' ? <CloudUploadIcon /> : <TrashIcon />}
          intent={mode === 'update' ? Intent.PRIMARY : Intent.DANGER}
          text={sendLabel}
          loading={sending}
          disabled={ready.length === 0 || !allChecked}
          onClick={() => (mode === 'remove' ? setConfirming(true) : void send())}
        />
      </div>
      <ReviewTable
        rows={checked}
        counts={counts}
        kind={kind}
        mode={mode}
        onEdit={(id, cells) => onRowsChange(editRow(rows, id, cells))}
        onDrop={(id) => onRowsChange(dropRows(rows, new Set([id])))}
      />
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={sendLabel}
        cancelButtonText="Cancel"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Remove the {plural} of {countOf(ready.length, 'provider', 'providers')}? This cannot be undone.
        </p>
      </Alert>
    </>
  );
}
