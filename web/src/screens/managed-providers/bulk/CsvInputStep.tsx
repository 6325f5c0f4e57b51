import { Button, Callout, FileInput, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { TickIcon } from '@blueprintjs/icons';
import { PROVIDER_BATCH_LIMIT, RELATIONSHIP_VALUES } from '@meridian/schema';
import { useId, useState } from 'react';
import { CSV_COLUMNS, rowsFromCsv, type DraftRow } from '../csv/csv-rows.js';
import { readCsvFile } from '../csv/read-csv-file.js';
import type { EditMode, KindInfo } from '../kinds.js';
import { formatCount } from '../../../lib/numbers.js';

export interface CsvInputStepProps {
  kind: KindInfo;
  mode: EditMode;
  /** The pasted text, kept by the page so "Start over" finds it again. */
  text: string;
  onTextChange: (text: string) => void;
  /** Rows read, with where they came from and when the user handed them over (performance.now()). */
  onRows: (rows: DraftRow[], source: string, startedAt: number) => void;
}

/** What the CSV must hold, in words. */
function Instructions({ kind, mode }: { kind: KindInfo; mode: EditMode }) {
  const limit = formatCount(PROVIDER_BATCH_LIMIT);
  return (
    <div>
      <p>
        One provider on each line: <code>{CSV_COLUMNS[mode]}</code>
        {mode === 'update' ? `, where the value is the ${kind.singular}` : ''}. A header line is optional; up to {limit}{' '}
        rows at once. Nothing is sent until you have seen every row checked.
      </p>
      {mode === 'update' && kind.rest === 'provider_relationship' && (
        <p>A relationship is one of: {RELATIONSHIP_VALUES.join(', ')}.</p>
      )}
      {mode === 'update' && kind.rest === 'provider_alias' && (
        <p>An alias is 1 to 120 characters; put quotes around one that contains commas.</p>
      )}
    </div>
  );
}

/** Paste CSV text or upload a CSV file; refusals (empty, too large, not text) are said in words. */
export function CsvInputStep({ kind, mode, text, onTextChange, onRows }: CsvInputStepProps) {
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const textId = useId();

  const take = (csv: string, source: string, startedAt: number) => {
    const result = rowsFromCsv(csv, mode);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    onRows(result.rows, source, startedAt);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const startedAt = performance.now();
    setReading(true);
    const read = await readCsvFile(file);
    setReading(false);
    if (!read.ok) setError(read.error);
    else take(read.text, file.name, startedAt);
  };

  return (
    <section className="meridian-bulk-input" aria-label="CSV">
      <Instructions kind={kind} mode={mode} />
      <FormGroup label="Upload a CSV file" labelFor={`${textId}-file`}>
        <FileInput
          text="Choose a CSV file…"
          buttonText="Browse"
          disabled={reading}
          inputProps={{ id: `${textId}-file`, accept: '.csv,text/csv,text/plain' }}
          onInputChange={(event) => {
            const input = event.currentTarget;
            void onFile(input.files?.[0]).finally(() => {
              // The same file chosen again (after fixing it) must fire a change again.
              input.value = '';
            });
          }}
        />
      </FormGroup>
      <FormGroup label="Or paste CSV text" labelFor={textId}>
        <TextArea
          id={textId}
          fill
          value={text}
          placeholder={mode === 'update' ? 'npi,value\n1234567893,Dr. Smith' : 'npi\n1234567893'}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </FormGroup>
      <div className="meridian-bulk-input-actions">
        <Button
          intent={Intent.PRIMARY}
          icon={<TickIcon />}
          text="Check rows"
          disabled={reading}
          onClick={() => take(text, 'the pasted text', performance.now())}
        />
      </div>
      {error && (
        <Callout intent={Intent.DANGER} title="This CSV cannot be used" role="alert">
          {error}
        </Callout>
      )}
    </section>
  );
}
