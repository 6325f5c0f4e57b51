import { useState } from 'react';
import type { DraftRow } from '../csv/csv-rows.js';
import { KINDS, type EditMode, type LinkListKind } from '../kinds.js';
import { useListReturnPath } from '../list/list-return.js';
import type { BatchCounts } from '../mutations/batch-outcome.js';
import type { ResultRow } from './bulk-rows.js';
import { CsvInputStep } from './CsvInputStep.js';
import { ResultsStep } from './ResultsStep.js';
import { ReviewStep } from './ReviewStep.js';

export interface BulkEditPageProps {
  organizationId: string;
  kind: LinkListKind;
  mode: EditMode;
}

interface Draft {
  rows: DraftRow[];
  source: string;
  startedAt: number;
}

/**
 * The bulk screens (no NPI in the path): a CSV in, every row checked and fixed or dropped, one request,
 * each row's result. The rows live here only (a CSV has no place in the URL); the pasted text survives
 * "Start over".
 */
export function BulkEditPage({ organizationId, kind, mode }: BulkEditPageProps) {
  const info = KINDS[kind];
  const listPath = useListReturnPath(organizationId, kind);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sent, setSent] = useState<{ results: ResultRow[]; counts: BatchCounts } | null>(null);
  const startOver = () => {
    setDraft(null);
    setSent(null);
  };

  if (sent)
    return (
      <ResultsStep
        kind={info}
        mode={mode}
        results={sent.results}
        counts={sent.counts}
        listPath={listPath}
        onStartOver={startOver}
      />
    );
  if (draft)
    return (
      <ReviewStep
        organizationId={organizationId}
        kind={info}
        mode={mode}
        rows={draft.rows}
        onRowsChange={(rows) => setDraft({ ...draft, rows })}
        source={draft.source}
        startedAt={draft.startedAt}
        onSent={(results, counts) => setSent({ results, counts })}
        onStartOver={startOver}
      />
    );
  return (
    <CsvInputStep
      kind={info}
      mode={mode}
      text={text}
      onTextChange={setText}
      onRows={(rows, source, startedAt) => setDraft({ rows, source, startedAt })}
    />
  );
}
