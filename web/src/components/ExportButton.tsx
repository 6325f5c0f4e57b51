import { Button, Classes } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { formatCount } from '../lib/numbers.js';
import type { ListExport } from './useListExport.js';
import './export-button.css';

export interface ExportButtonProps {
  /** The list's export (useListExport). */
  exporter: ListExport;
  /** What a row is, plural: "users", "organizations", "events". */
  noun: string;
  /** Nothing to export (the list is empty). */
  disabled?: boolean;
  /** The button's words; "Export CSV" unless the list says more (what is selected). */
  label?: string;
}

/** A list's "Export CSV": everything its filters match, with the running count said politely while it reads. */
export function ExportButton({ exporter, noun, disabled = false, label = 'Export CSV' }: ExportButtonProps) {
  return (
    <span className="meridian-export">
      <Button icon={<DownloadIcon />} loading={exporter.progress !== null} disabled={disabled} onClick={exporter.start}>
        {label}
      </Button>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {exporter.progress !== null && `Exporting… ${formatCount(exporter.progress)} ${noun} so far`}
        {exporter.waiting !== null && `, paused ${exporter.waiting} s for the request limit`}
      </span>
    </span>
  );
}
